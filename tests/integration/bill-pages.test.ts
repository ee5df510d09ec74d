/**
 * The pages around bills (docs/tax.md): a bill's PDF by the order's tracking token (another
 * order's bill is 404) and on the staff order page; the month's GST summary CSV, credit notes
 * negative; the admin's shop settings with their GSTIN checks.
 */
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "~/db/schema/audit";
import { bills, shopSettings } from "~/db/schema/billing";
import { orders } from "~/db/schema/shop";
import { issueBills } from "~/features/orders/bills.server";
import { monthOf } from "~/features/orders/gst-summary.server";
import { placeOrder, transitionOrder } from "~/features/orders/orders.server";
import * as billsExport from "~/routes/dashboard/bills-export";
import * as staffBill from "~/routes/dashboard/order-bill";
import * as settingsPage from "~/routes/dashboard/settings";
import { loader as customerBill } from "~/routes/order-bill";
import { idempotencyKey } from "~/utils/codes.server";
import { todayInKolkata } from "~/utils/dates";
import { pdfText } from "../support/documents/pdf-text";
import {
  cartWith,
  newShopper,
  productBySlug,
  setStock,
} from "../support/factories/carts-and-addresses";
import { routeAnswer, routeArgs, signedInStaff } from "../support/factories/staff";
import { testDatabaseForFile } from "../support/processes/test-database";

const handle = testDatabaseForFile({ seeded: true });
let admin: string;

beforeAll(async () => {
  admin = (await signedInStaff(handle.db, "admin")).cookie;
  await handle.db.update(shopSettings).set({ gstin: "29ABCDE1234F1ZW" });
});

async function billedOrder() {
  const aloe = await productBySlug(handle.db, "aloe-vera");
  const compost = await productBySlug(handle.db, "vermicompost-5kg");
  await setStock(handle.db, aloe.id, 100);
  await setStock(handle.db, compost.id, 100);
  const cart = await cartWith(handle.db, [
    { productId: aloe.id, quantity: 1 },
    { productId: compost.id, quantity: 1 },
  ]);
  const order = await placeOrder(handle.db, {
    cartId: cart.cartId,
    idempotencyKey: idempotencyKey(),
    shownLines: cart.shownLines,
    shipping: newShopper(),
    codConfirmAbovePaise: null,
  });
  await handle.db.transaction((tx) => issueBills(tx, order.id, new Date()));
  const [bill] = await handle.db.select().from(bills).where(eq(bills.orderId, order.id));
  if (!bill) throw new Error("no bill");
  return { order, bill };
}

const pageArgs = <T>(url: string, params: Record<string, string>) =>
  ({ request: new Request(url), params, context: new RouterContextProvider() }) as T;

describe("a bill's PDF", () => {
  it("is the order's by its tracking token, and 404 for another order's bill or a bad id", async () => {
    const { order, bill } = await billedOrder();
    const other = await billedOrder();
    const response = (await customerBill(
      pageArgs(`http://localhost/hi/orders/${order.trackingToken}/bills/${bill.id}`, {
        token: order.trackingToken,
        billId: String(bill.id),
      }),
    )) as Response;
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("Content-Disposition")).toBe(
      `attachment; filename="${bill.number.replaceAll("/", "-")}.pdf"`,
    );
    const text = await pdfText(new Uint8Array(await response.arrayBuffer()));
    expect(text).toContain(`No. ${bill.number}`);
    expect(text).toContain("Invoice-cum-Bill of Supply");
    for (const billId of [String(other.bill.id), "0", "abc", "99999999999"]) {
      const refused = await routeAnswer(() =>
        customerBill(pageArgs("http://localhost/x", { token: order.trackingToken, billId })),
      );
      expect(refused.status).toBe(404);
    }
  });

  it("is on the staff order page's link for staff, 404 under another order", async () => {
    const { order, bill } = await billedOrder();
    const url = `http://localhost/dashboard/orders/${order.id}/bills/${bill.id}`;
    const ok = await staffBill.loader(
      routeArgs<never>(url, {
        cookie: admin,
        params: { id: String(order.id), billId: String(bill.id) },
      }),
    );
    expect((ok as Response).headers.get("Content-Type")).toBe("application/pdf");
    const wrong = await routeAnswer(() =>
      staffBill.loader(
        routeArgs<never>(url, {
          cookie: admin,
          params: { id: String(order.id + 1), billId: String(bill.id) },
        }),
      ),
    );
    expect(wrong.status).toBe(404);
  });
});

describe("the GST summary", () => {
  it("lists the month's documents by HSN code and rate, a credit note negative", async () => {
    const { order, bill } = await billedOrder();
    await transitionOrder(handle.db, order.id, "cancelled", "staff@example.com");
    const month = monthOf(new Date());
    const response = (await billsExport.loader(
      routeArgs<never>(`http://localhost/dashboard/bills/export?month=${month}`, { cookie: admin }),
    )) as Response;
    const csv = (await response.text()).replace(/^\uFEFF/, "");
    const lines = csv.trim().split("\r\n");
    expect(lines[0]).toBe(
      "Document,Type,Date,Order,Buyer GSTIN,Buyer State,State code,HSN,Taxable value,Rate %,CGST,SGST,IGST,Total",
    );
    const mine = lines.filter((line) => line.includes(order.reference));
    const compost = bill.content.lines.find((line) => line.hsnCode === "3101");
    if (!compost) throw new Error("no compost line");
    const rupees = (paise: number) => String(paise / 100);
    const day = todayInKolkata(bill.issuedAt);
    const [taxable, cgst, total] = [
      compost.taxablePaise,
      compost.cgstPaise,
      compost.amountPaise,
    ].map(rupees);
    expect(mine).toEqual([
      `${bill.number},Invoice-cum-Bill of Supply,${day},${order.reference},,Karnataka,29,0602,120,0,0,0,0,120`,
      `${bill.number},Invoice-cum-Bill of Supply,${day},${order.reference},,Karnataka,29,3101,${taxable},5,${cgst},${cgst},0,${total}`,
      expect.stringMatching(/^CN\/[0-9-]+\/[0-9]{5},Credit Note,.*,0602,-120,0,0,0,0,-120$/),
      expect.stringMatching(new RegExp(`^CN/.*,3101,-${taxable},5,-${cgst},-${cgst},0,-${total}$`)),
    ]);
    const bad = await routeAnswer(() =>
      billsExport.loader(
        routeArgs<never>("http://localhost/dashboard/bills/export?month=2026-13", {
          cookie: admin,
        }),
      ),
    );
    expect(bad.status).toBe(400);
  });
});

describe("shop settings", () => {
  const post = (form: Record<string, string>) =>
    routeAnswer<{ errors: Record<string, string> }>(() =>
      settingsPage.action(
        routeArgs<never>("http://localhost/dashboard/settings", { cookie: admin, form }),
      ),
    );
  const valid = {
    legalName: "Scrap & Sprout Ventures LLP",
    address: "12 MG Road, Bengaluru 560001",
    state: "Karnataka",
  };

  it("refuses a GSTIN with a wrong check character or of another State, next to the field", async () => {
    const wrong = await post({ ...valid, gstin: "29ABCDE1234F1ZX" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.gstin).toMatch(/does not match the others/);
    const elsewhere = await post({ ...valid, gstin: "27AAPFU0939F1ZV" });
    expect(elsewhere.body.errors.gstin).toBe(
      "This GSTIN is registered in another State than Karnataka: the shop's GSTIN must be the one of its State.",
    );
    const [row] = await handle.db.select().from(shopSettings);
    expect(row?.gstin).toBe("29ABCDE1234F1ZW");
  });

  it("saves the particulars with an audit row; an empty GSTIN means receipts", async () => {
    const saved = await post({ ...valid, gstin: "" });
    expect(saved).toMatchObject({ status: 302, location: "/dashboard/settings?saved" });
    const [row] = await handle.db.select().from(shopSettings);
    expect(row).toMatchObject({ ...valid, gstin: "" });
    const audits = await handle.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.action, "shop_settings.update"));
    expect(audits.at(-1)?.details).toMatchObject({ after: { gstin: "" } });
    await handle.db.update(shopSettings).set({ gstin: "29ABCDE1234F1ZW" });
    expect(await handle.db.$count(orders)).toBeGreaterThan(0);
  });
});
