/**
 * The housekeeping jobs (docs/operations.md "Scheduler and housekeeping", docs/payments.md
 * "Payment time ran out") against a freshly migrated database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL) and a fake Razorpay API on a loopback port:
 * - an online payment pending or failed past PAYMENT_PENDING_MINUTES expires once and returns its
 *   stock once, also when a crashed run is taken over; paying or switching to cash on delivery
 *   afterwards takes the stock again or is refused when it is gone; late money for an expired
 *   order is recorded and flagged; cancelling an expired order does not return the stock twice;
 * - carts untouched for 30 days are deleted, newer ones kept;
 * - 'Needs attention' lists exactly the pickups whose slot ended over a day ago while still open.
 */
import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { auditLog } from "~/db/schema/audit";
import { coupons } from "~/db/schema/exchange";
import { scheduledRuns } from "~/db/schema/operations";
import { pickups } from "~/db/schema/pickups";
import { cartLines, carts, orders } from "~/db/schema/shop";
import { deleteAbandonedCarts } from "~/features/cart/cart-cleanup.server";
import { createScheduler } from "~/features/operations/scheduler.server";
import { placeOrder, transitionOrder } from "~/features/orders/orders.server";
import { getOrderForStaff } from "~/features/orders/orders-admin.server";
import { expireStalePayments } from "~/features/payments/payment-expiry.server";
import { listOverduePickups } from "~/features/pickups/needs-attention.server";
import { pickupConfigFromEnv } from "~/features/pickups/pickup-config";
import { action as trackingAction } from "~/routes/order-tracking";
import { action as paymentAction } from "~/routes/payment";
import { action as webhookAction } from "~/routes/razorpay-webhook";
import { idempotencyKey } from "~/utils/codes.server";
import { addDays, todayInKolkata } from "~/utils/dates";
import { env } from "~/utils/env.server";
import { scheduledJobs } from "../../server/scheduler";
import {
  cartWith,
  productBySlug,
  setStock,
  shipping,
} from "../support/factories/carts-and-addresses";
import { insertCoupon } from "../support/factories/coupons";
import { webhookBody } from "../support/fakes/razorpay";
import { fakeRazorpayForFile } from "../support/fakes/razorpay-settings";
import { testDatabaseForFile } from "../support/processes/test-database";

const keyId = "rzp_test_HousekeepingKey1";
const keySecret = "housekeeping_key_secret_0123";
const webhookSecret = "housekeeping_webhook_secret_01";
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

fakeRazorpayForFile({ keyId, keySecret, webhookSecret });
beforeAll(() => {
  vi.stubEnv("LOG_LEVEL", "silent");
});
const handle = testDatabaseForFile({ seeded: true });
let db: DatabaseHandle["db"];
beforeAll(() => {
  db = handle.db;
});

function args<T>(url: string, form: Record<string, string>, headers: HeadersInit = {}): T {
  const request = new Request(url, { method: "POST", headers, body: new URLSearchParams(form) });
  return { request, params: {}, context: new RouterContextProvider() } as unknown as T;
}
function statusOf(result: unknown): number {
  if (result instanceof Response) return result.status;
  return (result as { init?: ResponseInit | null }).init?.status ?? 200;
}
function dataOf(result: unknown): Record<string, unknown> {
  return ((result as { data?: Record<string, unknown> }).data ?? {}) as Record<string, unknown>;
}

async function stockOf(slug: string) {
  return (await productBySlug(db, slug)).stock;
}

/** An online order of `quantity` × `slug` placed `minutesAgo` minutes before `now` (its last change). */
async function onlineOrder(
  slug: string,
  quantity: number,
  now: Date,
  minutesAgo: number,
  extra: { couponCode?: string; paymentMethod?: "online" | "cod" } = {},
) {
  const product = await productBySlug(db, slug);
  const { cartId, shownLines } = await cartWith(db, [{ productId: product.id, quantity }]);
  const placed = await placeOrder(db, {
    cartId,
    idempotencyKey: idempotencyKey(),
    shownLines,
    shipping,
    paymentMethod: extra.paymentMethod ?? "online",
    couponCode: extra.couponCode,
  });
  await db
    .update(orders)
    .set({ updatedAt: new Date(now.getTime() - minutesAgo * MINUTE) })
    .where(eq(orders.id, placed.id));
  return placed;
}

async function orderRow(id: number) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw new Error("order missing");
  return row;
}

async function auditActions(orderId: number) {
  const rows = await db
    .select({ action: auditLog.action, actor: auditLog.actor })
    .from(auditLog)
    .where(and(eq(auditLog.entity, "order"), eq(auditLog.entityId, String(orderId))));
  return rows.map((row) => `${row.action} by ${row.actor}`);
}

async function pay(token: string) {
  return paymentAction(
    args("http://localhost/payment", { intent: "pay", order: token, upiId: "asha@okicici" }),
  );
}
async function switchToCod(token: string) {
  return trackingAction({
    ...args<object>(`http://localhost/orders/${token}`, { intent: "cash-on-delivery" }),
    params: { token },
  } as never);
}
async function captured(razorpayOrderId: string, amount: number) {
  const body = webhookBody({
    event: "payment.captured",
    orderId: razorpayOrderId,
    paymentId: `pay_${crypto.randomBytes(7).toString("hex")}`,
    amount,
  });
  const signature = crypto.createHmac("sha256", webhookSecret).update(body).digest("hex");
  const request = new Request("http://localhost/payments/razorpay/webhook", {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Razorpay-Signature": signature },
    body,
  });
  const response = (await webhookAction({
    request,
    params: {},
    context: new RouterContextProvider(),
  } as never)) as Response;
  return response.status;
}

describe("online payments that ran out of time", () => {
  it("expire pending and failed payments once, returning their stock once", async () => {
    const now = new Date();
    await setStock(db, (await productBySlug(db, "tulsi")).id, 50);
    const stale = await onlineOrder("tulsi", 3, now, 31);
    const failed = await onlineOrder("tulsi", 2, now, 45);
    await db.update(orders).set({ paymentStatus: "failed" }).where(eq(orders.id, failed.id));
    const fresh = await onlineOrder("tulsi", 1, now, 29);
    const cod = await onlineOrder("tulsi", 1, now, 120, { paymentMethod: "cod" });
    expect(await stockOf("tulsi")).toBe(50 - 7);

    expect(await expireStalePayments(db, now, 30)).toBe(2);
    expect(await stockOf("tulsi")).toBe(50 - 2);
    expect((await orderRow(stale.id)).paymentStatus).toBe("expired");
    expect((await orderRow(failed.id)).paymentStatus).toBe("expired");
    expect((await orderRow(stale.id)).status).toBe("placed");
    expect((await orderRow(fresh.id)).paymentStatus).toBe("pending");
    expect((await orderRow(cod.id)).paymentStatus).toBe("unpaid");
    expect(await auditActions(stale.id)).toContain("order.payment_expired by system");

    // The same run again, and a later one: nothing more.
    expect(await expireStalePayments(db, now, 30)).toBe(0);
    expect(await expireStalePayments(db, new Date(now.getTime() + 10 * MINUTE), 30)).toBe(1);
    expect((await orderRow(fresh.id)).paymentStatus).toBe("expired");
    expect(await stockOf("tulsi")).toBe(50 - 1);
  });

  it("keeps the coupon spent on an expired order (the order stays open at its total)", async () => {
    const now = new Date();
    const coupon = await insertCoupon(db, { valuePaise: 5000 });
    const order = await onlineOrder("tulsi", 1, now, 40, { couponCode: coupon.code });
    const [before] = await db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(await expireStalePayments(db, now, 30)).toBe(1);
    const [after] = await db.select().from(coupons).where(eq(coupons.id, coupon.id));
    expect(after?.balancePaise).toBe(before?.balancePaise);
    expect((await orderRow(order.id)).discountPaise).toBeGreaterThan(0);
  });

  it("the scheduler's expire-payments job: a run killed mid-way is taken over and the stock comes back once", async () => {
    const now = new Date();
    await setStock(db, (await productBySlug(db, "aloe-vera")).id, 10);
    const first = await onlineOrder("aloe-vera", 2, now, 60);
    const second = await onlineOrder("aloe-vera", 3, now, 60);
    expect(await stockOf("aloe-vera")).toBe(5);
    const job = scheduledJobs(env()).find((j) => j.name === "expire-payments");
    if (!job) throw new Error("no expire-payments job");
    const windowKey = job.windowOf(now) ?? "";
    // A server claimed the window, expired the first order and was killed before the second.
    await db.insert(scheduledRuns).values({
      job: job.name,
      windowKey,
      status: "running",
      claimedBy: "killed-server",
      leaseUntil: new Date(now.getTime() - 1000),
      startedAt: new Date(now.getTime() - 61_000),
    });
    await db.transaction(async (tx) => {
      await tx.update(orders).set({ paymentStatus: "expired" }).where(eq(orders.id, first.id));
      await tx.execute(sql`update products set stock = stock + 2 where slug = 'aloe-vera'`);
    });
    expect(await stockOf("aloe-vera")).toBe(7);

    const servers = ["one", "two"].map((id) =>
      createScheduler({ db, id, jobs: [job], now: () => now }),
    );
    const ticks = await Promise.all(servers.map((s) => s.tick()));
    expect(ticks.flat().filter((t) => t.outcome === "done")).toHaveLength(1);
    expect(await stockOf("aloe-vera")).toBe(10);
    expect((await orderRow(second.id)).paymentStatus).toBe("expired");
    const [row] = await db
      .select()
      .from(scheduledRuns)
      .where(and(eq(scheduledRuns.job, job.name), eq(scheduledRuns.windowKey, windowKey)));
    expect(row).toMatchObject({ status: "done", attempts: 2, detail: "1 payment expired" });
    await Promise.all(servers.map((s) => s.tick()));
    expect(await stockOf("aloe-vera")).toBe(10);
  });

  it("paying again takes the stock again, or is refused when it is gone", async () => {
    const now = new Date();
    const tulsi = await productBySlug(db, "tulsi");
    await setStock(db, tulsi.id, 4);
    const order = await onlineOrder("tulsi", 4, now, 31);
    await expireStalePayments(db, now, 30);
    expect(await stockOf("tulsi")).toBe(4);

    // Someone else bought one meanwhile: 3 left, 4 wanted.
    await setStock(db, tulsi.id, 3);
    const refused = await pay(order.trackingToken);
    expect(statusOf(refused)).toBe(409);
    expect(dataOf(refused).formError).toBe(`Sorry, ${tulsi.name} is no longer in stock.`);
    expect((await orderRow(order.id)).paymentStatus).toBe("expired");
    expect(await stockOf("tulsi")).toBe(3);

    await setStock(db, tulsi.id, 6);
    const paying = await pay(order.trackingToken);
    expect(statusOf(paying)).toBe(200);
    expect((await orderRow(order.id)).paymentStatus).toBe("pending");
    expect(await stockOf("tulsi")).toBe(2);
    expect(await auditActions(order.id)).toContain("order.payment_resumed by visitor");
    // Paying again (a second tab) does not take it twice.
    await pay(order.trackingToken);
    expect(await stockOf("tulsi")).toBe(2);
  });

  it("switching to cash on delivery takes the stock again, or is refused when it is gone", async () => {
    const now = new Date();
    const snake = await productBySlug(db, "snake-plant");
    await setStock(db, snake.id, 2);
    const order = await onlineOrder("snake-plant", 2, now, 31);
    await expireStalePayments(db, now, 30);
    await setStock(db, snake.id, 1);
    const refused = await switchToCod(order.trackingToken);
    expect(statusOf(refused)).toBe(409);
    expect(dataOf(refused).error).toBe(`Sorry, ${snake.name} is no longer in stock.`);
    expect(await orderRow(order.id)).toMatchObject({
      paymentMethod: "online",
      paymentStatus: "expired",
    });

    await setStock(db, snake.id, 5);
    await switchToCod(order.trackingToken);
    expect(await orderRow(order.id)).toMatchObject({
      paymentMethod: "cod",
      paymentStatus: "unpaid",
    });
    expect(await stockOf("snake-plant")).toBe(3);
  });

  it("late money for an expired order: paid with the stock taken again, or paid and flagged when it is gone", async () => {
    const now = new Date();
    const aloe = await productBySlug(db, "aloe-vera");
    await setStock(db, aloe.id, 5);
    const inStock = await onlineOrder("aloe-vera", 1, now, 5);
    const soldOut = await onlineOrder("aloe-vera", 2, now, 5);
    for (const order of [inStock, soldOut]) await pay(order.trackingToken);
    for (const order of [inStock, soldOut]) {
      await db
        .update(orders)
        .set({ updatedAt: new Date(now.getTime() - 31 * MINUTE) })
        .where(eq(orders.id, order.id));
    }
    expect(await expireStalePayments(db, now, 30)).toBe(2);
    expect(await stockOf("aloe-vera")).toBe(5);

    const first = await orderRow(inStock.id);
    expect(await captured(first.razorpayOrderId ?? "", first.totalPaise)).toBe(200);
    expect((await orderRow(inStock.id)).paymentStatus).toBe("paid");
    expect(await stockOf("aloe-vera")).toBe(4);

    await setStock(db, aloe.id, 1);
    const second = await orderRow(soldOut.id);
    expect(await captured(second.razorpayOrderId ?? "", second.totalPaise)).toBe(200);
    expect((await orderRow(soldOut.id)).paymentStatus).toBe("paid");
    expect(await stockOf("aloe-vera")).toBe(1);
    expect(await auditActions(soldOut.id)).toContain("order.paid_without_stock by system");
    expect((await getOrderForStaff(db, soldOut.id))?.paidWithoutStock).toBe(true);
    expect((await getOrderForStaff(db, inStock.id))?.paidWithoutStock).toBe(false);

    // Cancelling either returns only the stock it holds.
    await transitionOrder(db, soldOut.id, "cancelled", "system");
    expect(await stockOf("aloe-vera")).toBe(1);
    await transitionOrder(db, inStock.id, "cancelled", "system");
    expect(await stockOf("aloe-vera")).toBe(2);
  });

  it("cancelling an expired order does not return its stock a second time", async () => {
    const now = new Date();
    const tulsi = await productBySlug(db, "tulsi");
    await setStock(db, tulsi.id, 10);
    const order = await onlineOrder("tulsi", 3, now, 31);
    await expireStalePayments(db, now, 30);
    expect(await stockOf("tulsi")).toBe(10);
    await transitionOrder(db, order.id, "cancelled", "visitor", "placed");
    expect(await stockOf("tulsi")).toBe(10);
  });
});

describe("abandoned carts", () => {
  it("deletes carts untouched for 30 days with their lines, and only those", async () => {
    const now = new Date();
    const tulsi = await productBySlug(db, "tulsi");
    await setStock(db, tulsi.id, 100);
    const old = await cartWith(db, [{ productId: tulsi.id, quantity: 1 }]);
    const recent = await cartWith(db, [{ productId: tulsi.id, quantity: 1 }]);
    await db
      .update(carts)
      .set({ updatedAt: new Date(now.getTime() - 31 * DAY) })
      .where(eq(carts.id, old.cartId));
    await db
      .update(carts)
      .set({ updatedAt: new Date(now.getTime() - 29 * DAY) })
      .where(eq(carts.id, recent.cartId));
    // Other tests' carts are fresh; only the old one goes.
    expect(await deleteAbandonedCarts(db, now)).toBe(1);
    expect(await deleteAbandonedCarts(db, now)).toBe(0);
    const ids = (await db.select({ id: carts.id }).from(carts)).map((c) => c.id);
    expect(ids).toContain(recent.cartId);
    expect(ids).not.toContain(old.cartId);
    expect(await db.select().from(cartLines).where(eq(cartLines.cartId, old.cartId))).toEqual([]);
  });
});

describe("Needs attention", () => {
  let seq = 0;
  function pickup(
    pickupDate: string,
    slotStart: string,
    status: "requested" | "confirmed" | "collected" | "missed" | "cancelled",
  ) {
    seq += 1;
    return {
      reference: `PU-NA${String(seq).padStart(4, "0")}`,
      trackingToken: `needs-attention-${seq}`,
      status,
      name: `Person ${seq}`,
      email: `na${seq}@example.com`,
      phone: "+919845012345",
      addressLine1: "12 MG Road",
      addressLine2: "",
      city: "Bengaluru",
      pinCode: "560001",
      pickupDate,
      slotStart,
      rewardPreference: "money" as const,
    };
  }

  it("lists exactly the open pickups whose slot ended more than a day ago", async () => {
    // 12:00 IST on 10 March 2031; the cutoff is 12:00 IST on 9 March.
    const now = new Date("2031-03-10T06:30:00Z");
    const today = todayInKolkata(now);
    const yesterday = addDays(today, -1);
    const rows = await db
      .insert(pickups)
      .values([
        pickup(addDays(today, -5), "17:00", "requested"), // overdue
        pickup(yesterday, "09:00", "confirmed"), // ended 11:00 yesterday: overdue
        pickup(yesterday, "11:00", "requested"), // ended 13:00 yesterday: not yet a day
        pickup(yesterday, "09:00", "collected"), // done
        pickup(addDays(today, -3), "09:00", "missed"), // done
        pickup(addDays(today, -3), "13:00", "cancelled"), // done
        pickup(today, "09:00", "requested"), // today
      ])
      .returning({ id: pickups.id, reference: pickups.reference });
    const { count, pickups: listed } = await listOverduePickups(
      db,
      now,
      pickupConfigFromEnv().slots,
    );
    expect(count).toBe(2);
    expect(listed.map((p) => p.reference)).toEqual([rows[0]?.reference, rows[1]?.reference]);

    // Two hours later the 11:00 slot of yesterday has been over for a day too.
    const later = await listOverduePickups(
      db,
      new Date(now.getTime() + 2 * 60 * MINUTE),
      pickupConfigFromEnv().slots,
    );
    expect(later.count).toBe(3);
  });
});
