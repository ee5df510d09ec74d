/**
 * Confirming a cash-on-delivery order with the customer's code (docs/shop.md "Confirming a
 * cash-on-delivery order"): which orders wait, what a waiting order holds and sends, the code
 * (read from its sealed outbox row) that makes it 'placed' and verifies the phone, the refused
 * codes, the cap that counts waiting orders, and the scheduler's cancellation with stock and
 * coupon given back, run twice.
 */
import { and, desc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditLog } from "~/db/schema/audit";
import { verifiedPhones } from "~/db/schema/customer-sign-in";
import { messages } from "~/db/schema/messages";
import { scheduledRuns } from "~/db/schema/operations";
import { orders } from "~/db/schema/shop";
import { CODE_REFUSALS, OneTimeCodeError } from "~/features/accounts/one-time-codes.server";
import { confirmOrderWithCode, sendOrderCode } from "~/features/accounts/order-code.server";
import { sendSignInCode } from "~/features/accounts/sign-in.server";
import { createScheduler } from "~/features/operations/scheduler.server";
import { cancelUnconfirmedOrders } from "~/features/orders/cod-confirmation.server";
import { OrderRejectedError, placeOrder, transitionOrder } from "~/features/orders/orders.server";
import { idempotencyKey } from "~/utils/codes.server";
import { env } from "~/utils/env.server";
import { resetRateLimits } from "~/utils/rate-limit.server";
import { unsealText } from "~/utils/sealed.server";
import { scheduledJobs } from "../../server/scheduler";
import {
  cartWith,
  productBySlug,
  setStock,
  shipping,
} from "../support/factories/carts-and-addresses";
import { testDatabaseForFile } from "../support/processes/test-database";

const handle = testDatabaseForFile({ seeded: true });
/** The threshold the tests pass: ₹2,000 (the default of COD_CONFIRM_ABOVE_PAISE). */
const ABOVE = 200_000;
const CLIENT = "198.51.100.20";

beforeEach(() => resetRateLimits());

let shoppers = 0;
/** A shopper with a valid mobile number of their own (+9170000000NN). */
function newShopper(): typeof shipping {
  shoppers += 1;
  const n = String(shoppers).padStart(2, "0");
  return { ...shipping, phone: `+9170000000${n}`, email: `cod${n}@example.com` };
}

/** A cash-on-delivery order of `quantity` snake plants for a new shopper (or `shopper`). */
async function codOrder(quantity: number, shopper = newShopper()) {
  const plant = await productBySlug(handle.db, "snake-plant");
  await setStock(handle.db, plant.id, 100);
  const cart = await cartWith(handle.db, [{ productId: plant.id, quantity }]);
  const placed = await placeOrder(handle.db, {
    ...cart,
    idempotencyKey: idempotencyKey(),
    shipping: shopper,
    paymentMethod: "cod",
    codConfirmAbovePaise: ABOVE,
    unconfirmedCodOrdersPerPhone: 3,
  });
  return { placed, shopper, plant };
}

/** The order's row as the database holds it. */
async function orderRow(id: number) {
  const [row] = await handle.db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw new Error(`no order ${id}`);
  return row;
}

/** The templates of the outbox rows about order `id` (entity) or carrying its code. */
async function templatesFor(id: number, phone: string) {
  const rows = await handle.db.select().from(messages);
  return rows
    .filter(
      (row) =>
        (row.entityType === "order" && row.entityId === String(id)) ||
        (row.template === "order_code" && row.recipient === phone),
    )
    .map((row) => `${row.template}:${row.channel}`)
    .sort();
}

/** The last code of `template` sent to `phone`, unsealed from its outbox row. */
async function lastCodeOf(
  phone: string,
  template: "order_code" | "sign_in_code" = "order_code",
): Promise<string> {
  const [row] = await handle.db
    .select()
    .from(messages)
    .where(and(eq(messages.template, template), eq(messages.recipient, phone)))
    .orderBy(desc(messages.id))
    .limit(1);
  if (!row) throw new Error(`no code sent to ${phone}`);
  return unsealText((row.params as { sealedCode: string }).sealedCode);
}

const awaiting = (placed: { id: number; reference: string }, phone: string) => ({
  id: placed.id,
  reference: placed.reference,
  phone,
  language: "hi" as const,
});

describe("which cash-on-delivery orders wait for the customer's code", () => {
  it("an order above the threshold from a phone never verified waits, holds its stock and sends only the code", async () => {
    // 9 × ₹250 = ₹2,250 > ₹2,000.
    const { placed, shopper, plant } = await codOrder(9);
    expect(placed.totalPaise).toBeGreaterThan(ABOVE);
    const row = await orderRow(placed.id);
    expect(row.status).toBe("awaiting_confirmation");
    expect((await productBySlug(handle.db, "snake-plant")).stock).toBe(100 - 9);
    // No 'order placed' message to the customer nor the staff alert yet.
    expect(await templatesFor(placed.id, shopper.phone)).toEqual([]);

    const now = new Date();
    await sendOrderCode(handle.db, {
      order: awaiting(placed, shopper.phone),
      clientAddress: CLIENT,
      now,
      whatsAppConfigured: true,
    });
    const sent = await handle.db
      .select()
      .from(messages)
      .where(and(eq(messages.template, "order_code"), eq(messages.recipient, shopper.phone)));
    expect(sent.map((m) => [m.channel, m.language])).toEqual([["whatsapp", "hi"]]);
    // The code travels sealed: the row never holds it in the clear.
    const code = await lastCodeOf(shopper.phone);
    expect(JSON.stringify(sent[0]?.params)).not.toContain(code);
    expect(plant.id).toBeGreaterThan(0);
  });

  it("at or below the threshold, or from a verified phone, or with the rule off, the order is placed", async () => {
    const small = await codOrder(8); // ₹2,000: not above
    expect((await orderRow(small.placed.id)).status).toBe("placed");

    const verified = newShopper();
    await handle.db
      .insert(verifiedPhones)
      .values({ phone: verified.phone, firstVerifiedAt: new Date(), lastVerifiedAt: new Date() });
    const big = await codOrder(9, verified);
    expect((await orderRow(big.placed.id)).status).toBe("placed");
    expect(await templatesFor(big.placed.id, verified.phone)).toContain("order_placed:email");

    const plant = await productBySlug(handle.db, "snake-plant");
    const cart = await cartWith(handle.db, [{ productId: plant.id, quantity: 9 }]);
    const off = await placeOrder(handle.db, {
      ...cart,
      idempotencyKey: idempotencyKey(),
      shipping: newShopper(),
      paymentMethod: "cod",
      codConfirmAbovePaise: null,
    });
    expect((await orderRow(off.id)).status).toBe("placed");
  });

  it("an online order never waits", async () => {
    const plant = await productBySlug(handle.db, "snake-plant");
    const cart = await cartWith(handle.db, [{ productId: plant.id, quantity: 9 }]);
    const online = await placeOrder(handle.db, {
      ...cart,
      idempotencyKey: idempotencyKey(),
      shipping: newShopper(),
      paymentMethod: "online",
      codConfirmAbovePaise: ABOVE,
    });
    expect((await orderRow(online.id)).status).toBe("placed");
  });

  it("waiting orders count towards the cap on unconfirmed cash-on-delivery orders", async () => {
    const shopper = newShopper();
    for (let i = 0; i < 3; i++) await codOrder(9, shopper);
    await expect(codOrder(9, shopper)).rejects.toBeInstanceOf(OrderRejectedError);
    const mine = await handle.db.select().from(orders).where(eq(orders.phone, shopper.phone));
    expect(mine.map((o) => o.status)).toEqual(Array(3).fill("awaiting_confirmation"));
  });
});

describe("the customer's code", () => {
  it("confirms the order: placed, the new-order messages sent, the phone verified for next time", async () => {
    const { placed, shopper } = await codOrder(10);
    const order = awaiting(placed, shopper.phone);
    const now = new Date();
    await sendOrderCode(handle.db, {
      order,
      clientAddress: CLIENT,
      now,
      whatsAppConfigured: true,
    });
    const code = await lastCodeOf(shopper.phone);
    await confirmOrderWithCode(handle.db, { order, code, clientAddress: CLIENT, now });

    expect((await orderRow(placed.id)).status).toBe("placed");
    expect(await templatesFor(placed.id, shopper.phone)).toEqual(
      ["order_code:whatsapp", "order_placed:email", "order_placed:whatsapp"].sort(),
    );
    const [verified] = await handle.db
      .select()
      .from(verifiedPhones)
      .where(eq(verifiedPhones.phone, shopper.phone));
    expect(verified?.firstVerifiedAt.getTime()).toBe(now.getTime());
    const history = await handle.db
      .select({ action: auditLog.action, actor: auditLog.actor })
      .from(auditLog)
      .where(and(eq(auditLog.entity, "order"), eq(auditLog.entityId, String(placed.id))));
    expect(history.map((h) => h.action)).toEqual(["order.placed", "order.placed"]);

    // The next large order from this phone goes straight through.
    const next = await codOrder(10, shopper);
    expect((await orderRow(next.placed.id)).status).toBe("placed");
    // The spent code does not confirm anything again.
    await expect(
      confirmOrderWithCode(handle.db, { order, code, clientAddress: CLIENT, now }),
    ).rejects.toMatchObject({ id: CODE_REFUSALS.used });
  });

  it("a wrong code, a sign-in code or another phone's code leaves the order waiting", async () => {
    const { placed, shopper } = await codOrder(9);
    const other = await codOrder(9);
    const order = awaiting(placed, shopper.phone);
    const now = new Date();
    for (const sent of [order, awaiting(other.placed, other.shopper.phone)]) {
      await sendOrderCode(handle.db, {
        order: sent,
        clientAddress: CLIENT,
        now,
        whatsAppConfigured: true,
      });
    }
    await sendSignInCode(handle.db, {
      phone: shopper.phone,
      lang: "hi",
      clientAddress: CLIENT,
      now,
      whatsAppConfigured: true,
    });
    const code = await lastCodeOf(shopper.phone);
    const othersCode = await lastCodeOf(other.shopper.phone);
    const signInCode = await lastCodeOf(shopper.phone, "sign_in_code");
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    const refusals: string[] = [];
    // Each typed code differs from the order's own (a 1 in 10^6 coincidence is left out).
    const others = [othersCode, signInCode].filter((typed) => typed !== code);
    for (const typed of [wrong, "12345", ...others]) {
      try {
        await confirmOrderWithCode(handle.db, { order, code: typed, clientAddress: CLIENT, now });
      } catch (error) {
        if (!(error instanceof OneTimeCodeError)) throw error;
        refusals.push(error.id);
      }
    }
    expect(refusals).toEqual([
      CODE_REFUSALS.wrong,
      CODE_REFUSALS.format,
      ...others.map(() => CODE_REFUSALS.wrong),
    ]);
    expect((await orderRow(placed.id)).status).toBe("awaiting_confirmation");
    const [verified] = await handle.db
      .select()
      .from(verifiedPhones)
      .where(eq(verifiedPhones.phone, shopper.phone));
    expect(verified).toBeUndefined();
  });

  it("a second code within 30 s is refused and nothing more is sent", async () => {
    const { placed, shopper } = await codOrder(9);
    const order = awaiting(placed, shopper.phone);
    const now = new Date();
    const send = (at: Date) =>
      sendOrderCode(handle.db, { order, clientAddress: CLIENT, now: at, whatsAppConfigured: true });
    await send(now);
    await expect(send(new Date(now.getTime() + 10_000))).rejects.toMatchObject({
      id: CODE_REFUSALS.wait,
      status: 429,
    });
    const sent = await handle.db
      .select()
      .from(messages)
      .where(and(eq(messages.template, "order_code"), eq(messages.recipient, shopper.phone)));
    expect(sent).toHaveLength(1);
  });
});

describe("the 'cancel-unconfirmed-orders' job", () => {
  it("cancels what waited too long, gives the stock back, sends nothing, and a second run changes nothing", async () => {
    // The earlier tests' waiting orders are cancelled first, so only this one is counted.
    await cancelUnconfirmedOrders(handle.db, new Date(Date.now() + 121 * 60_000), 120);
    const { placed, shopper } = await codOrder(9);
    const createdAt = (await orderRow(placed.id)).createdAt;
    const stockBefore = (await productBySlug(handle.db, "snake-plant")).stock;

    // 119 minutes later it still waits.
    const early = new Date(createdAt.getTime() + 119 * 60_000);
    await cancelUnconfirmedOrders(handle.db, early, 120);
    expect((await orderRow(placed.id)).status).toBe("awaiting_confirmation");

    const late = new Date(createdAt.getTime() + 121 * 60_000);
    expect(await cancelUnconfirmedOrders(handle.db, late, 120)).toBe(1);
    expect((await orderRow(placed.id)).status).toBe("cancelled");
    expect((await productBySlug(handle.db, "snake-plant")).stock).toBe(stockBefore + 9);
    expect(await templatesFor(placed.id, shopper.phone)).toEqual([]);
    const [cancel] = await handle.db
      .select({ actor: auditLog.actor })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, "order"),
          eq(auditLog.entityId, String(placed.id)),
          eq(auditLog.action, "order.cancelled"),
        ),
      );
    expect(cancel?.actor).toBe("system");

    expect(await cancelUnconfirmedOrders(handle.db, late, 120)).toBe(0);
    expect((await productBySlug(handle.db, "snake-plant")).stock).toBe(stockBefore + 9);
  });

  it("a code entered after the cancellation is refused and the order stays cancelled", async () => {
    const { placed, shopper } = await codOrder(9);
    const order = awaiting(placed, shopper.phone);
    const now = new Date();
    await sendOrderCode(handle.db, { order, clientAddress: CLIENT, now, whatsAppConfigured: true });
    const code = await lastCodeOf(shopper.phone);
    const createdAt = (await orderRow(placed.id)).createdAt;
    await cancelUnconfirmedOrders(handle.db, new Date(createdAt.getTime() + 121 * 60_000), 120);
    await expect(
      confirmOrderWithCode(handle.db, { order, code, clientAddress: CLIENT, now }),
    ).rejects.toMatchObject({ status: 409 });
    expect((await orderRow(placed.id)).status).toBe("cancelled");
  });

  it("through the scheduler: a run killed mid-way is taken over by one of two servers, and each order is cancelled once", async () => {
    const now = new Date();
    await cancelUnconfirmedOrders(handle.db, new Date(now.getTime() + 121 * 60_000), 120);
    const first = await codOrder(9);
    const second = await codOrder(10);
    const stockAfterOrders = (await productBySlug(handle.db, "snake-plant")).stock;
    const later = new Date(now.getTime() + 121 * 60_000);
    const job = scheduledJobs(env()).find((j) => j.name === "cancel-unconfirmed-orders");
    if (!job) throw new Error("no cancel-unconfirmed-orders job");
    const windowKey = job.windowOf(later) ?? "";
    // A server claimed the window, cancelled the first order and was killed before the second.
    await handle.db.insert(scheduledRuns).values({
      job: job.name,
      windowKey,
      status: "running",
      claimedBy: "killed-server",
      leaseUntil: new Date(later.getTime() - 1000),
      startedAt: new Date(later.getTime() - 61_000),
    });
    await transitionOrder(
      handle.db,
      first.placed.id,
      "cancelled",
      "system",
      "awaiting_confirmation",
    );

    const servers = ["one", "two"].map((id) =>
      createScheduler({ db: handle.db, id, jobs: [job], now: () => later }),
    );
    const ticks = await Promise.all(servers.map((server) => server.tick()));
    expect(ticks.flat().filter((t) => t.outcome === "done")).toHaveLength(1);
    expect((await orderRow(second.placed.id)).status).toBe("cancelled");
    // 9 + 10 plants back, each once.
    expect((await productBySlug(handle.db, "snake-plant")).stock).toBe(stockAfterOrders + 19);
    const [run] = await handle.db
      .select()
      .from(scheduledRuns)
      .where(and(eq(scheduledRuns.job, job.name), eq(scheduledRuns.windowKey, windowKey)));
    expect(run).toMatchObject({ status: "done", attempts: 2 });
    await Promise.all(servers.map((server) => server.tick()));
    expect((await productBySlug(handle.db, "snake-plant")).stock).toBe(stockAfterOrders + 19);
  });
});
