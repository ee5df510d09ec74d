/**
 * An order's bills (docs/tax.md "Issuing"): issued in the transaction that delivers it, with the
 * document kind, number series, tax split and totals its lines and States call for; never twice;
 * a credit note when a billed order is cancelled; and fifty concurrent deliveries numbered 1 to
 * 50 with no gap and no repeat (also on PostgreSQL with TEST_DATABASE_URL).
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { bills, shopSettings } from "~/db/schema/billing";
import { orders } from "~/db/schema/shop";
import { billsOfOrder, creditBills, issueBills } from "~/features/orders/bills.server";
import { financialYearOf } from "~/features/orders/document-numbers.server";
import { placeOrder, transitionOrder } from "~/features/orders/orders.server";
import { idempotencyKey } from "~/utils/codes.server";
import {
  cartWith,
  newShopper,
  productBySlug,
  setStock,
} from "../support/factories/carts-and-addresses";
import { testDatabaseForFile } from "../support/processes/test-database";

const handle = testDatabaseForFile({ seeded: true });
const now = new Date();
const fy = financialYearOf(now).slice(2);

beforeAll(async () => {
  await handle.db
    .update(shopSettings)
    .set({ legalName: "Scrap & Sprout Ventures LLP", gstin: "29ABCDE1234F1ZW" });
});

/** A placed cash-on-delivery order of `items` (slug → quantity) to `where`. */
async function orderOf(
  items: Record<string, number>,
  where: { pinCode: string; state: "Karnataka" | "Tamil Nadu"; city: string } = {
    pinCode: "560001",
    state: "Karnataka",
    city: "Bengaluru",
  },
) {
  const lines = [];
  for (const [slug, quantity] of Object.entries(items)) {
    const product = await productBySlug(handle.db, slug);
    await setStock(handle.db, product.id, 500);
    lines.push({ productId: product.id, quantity });
  }
  const cart = await cartWith(handle.db, lines);
  return placeOrder(handle.db, {
    cartId: cart.cartId,
    idempotencyKey: idempotencyKey(),
    shownLines: cart.shownLines,
    shipping: { ...newShopper(), ...where },
    codConfirmAbovePaise: null,
  });
}

async function deliver(orderId: number) {
  for (const to of ["confirmed", "shipped", "delivered"] as const) {
    await transitionOrder(handle.db, orderId, to, "staff@example.com", undefined, now);
  }
}

async function billRows(orderId: number) {
  return handle.db.select().from(bills).where(eq(bills.orderId, orderId));
}

describe("bills", () => {
  it("issues one invoice-cum-bill of supply when a mixed order in the shop's State is delivered", async () => {
    const order = await orderOf({ "aloe-vera": 2, "vermicompost-5kg": 1 });
    expect(await billRows(order.id)).toEqual([]);
    await deliver(order.id);
    const [bill, ...more] = await billRows(order.id);
    expect(more).toEqual([]);
    expect(bill?.kind).toBe("invoice_cum_bill_of_supply");
    expect(bill?.number).toMatch(new RegExp(`^IBS/${fy}/\\d{5}$`));
    expect(bill?.issuedAt.getTime()).toBe(now.getTime());
    expect(bill?.content.supply).toBe("intra");
    const [plant, compost] = bill?.content.lines ?? [];
    expect(plant).toMatchObject({ hsnCode: "0602", rateBp: 0, cgstPaise: 0 });
    expect(compost).toMatchObject({ hsnCode: "3101", rateBp: 500 });
    expect(compost?.cgstPaise).toBeGreaterThan(0);
    expect(compost?.cgstPaise).toBe(compost?.sgstPaise);
    const [stored] = await handle.db.select().from(orders).where(eq(orders.id, order.id));
    expect(bill?.totalPaise).toBe(stored?.totalPaise);
    // Delivered once: asking again issues nothing.
    const again = await handle.db.transaction((tx) => issueBills(tx, order.id, now));
    expect(again).toEqual([]);
  });

  it("splits the tax as IGST for a delivery to another State", async () => {
    const order = await orderOf(
      { "vermicompost-5kg": 1 },
      { pinCode: "600001", state: "Tamil Nadu", city: "Chennai" },
    );
    await deliver(order.id);
    const [bill] = await billRows(order.id);
    expect(bill?.kind).toBe("tax_invoice");
    expect(bill?.content.placeOfSupply).toEqual({ state: "Tamil Nadu", stateCode: "33" });
    expect(bill?.content.totals.cgstPaise).toBe(0);
    expect(bill?.content.totals.igstPaise).toBeGreaterThan(0);
  });

  it("credits a billed order that is cancelled, once", async () => {
    const order = await orderOf({ "aloe-vera": 1 });
    // As when an online payment issued the bill before the order went anywhere.
    await handle.db.transaction((tx) => issueBills(tx, order.id, now));
    await transitionOrder(handle.db, order.id, "cancelled", "staff@example.com", "placed", now);
    const rows = await billRows(order.id);
    expect(rows.map((row) => row.kind)).toEqual(["bill_of_supply", "credit_note"]);
    const [sale, note] = rows;
    expect(note?.number).toMatch(new RegExp(`^CN/${fy}/\\d{5}$`));
    expect(note?.creditsBillId).toBe(sale?.id);
    expect(note?.content.credits).toMatchObject({ number: sale?.number, reason: "cancelled" });
    expect(note?.totalPaise).toBe(sale?.totalPaise);
    expect(await handle.db.transaction((tx) => creditBills(tx, order.id, "refunded", now))).toEqual(
      [],
    );
    expect((await billsOfOrder(handle.db, order.id)).length).toBe(2);
  });

  it("numbers fifty concurrent deliveries 1 to 50 in their series, no gap, no repeat", async () => {
    // A series of its own: receipts, from a shop without a GSTIN.
    await handle.db.update(shopSettings).set({ gstin: "" });
    try {
      const placed = [];
      for (let i = 0; i < 50; i++) placed.push(await orderOf({ "aloe-vera": 1 }));
      for (const order of placed) {
        await transitionOrder(handle.db, order.id, "confirmed", "staff@example.com");
        await transitionOrder(handle.db, order.id, "shipped", "staff@example.com");
      }
      await Promise.all(
        placed.map((order) =>
          transitionOrder(handle.db, order.id, "delivered", "staff@example.com", "shipped", now),
        ),
      );
      const numbers = (await handle.db.select({ number: bills.number }).from(bills))
        .map((row) => row.number)
        .filter((number) => number.startsWith("RCT/"))
        .sort();
      expect(numbers).toEqual(
        Array.from({ length: 50 }, (_, i) => `RCT/${fy}/${String(i + 1).padStart(5, "0")}`),
      );
    } finally {
      await handle.db.update(shopSettings).set({ gstin: "29ABCDE1234F1ZW" });
    }
  });
});
