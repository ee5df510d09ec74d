/**
 * Online payment with Razorpay (docs/payments.md), through the route actions, against a freshly migrated
 * database and a fake Razorpay API on a loopback HTTP server that our Razorpay client really
 * calls.
 * Signatures the widget would return come from the fake; webhook signatures are computed here
 * with node:crypto.
 */
import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { auditLog } from "~/db/schema/audit";
import { orders, paymentEvents } from "~/db/schema/shop";
import { serializeCartCookie } from "~/features/cart/cart.server";
import { placeOrder } from "~/features/orders/orders.server";
import { action as checkoutAction } from "~/routes/checkout";
import { action as trackingAction, loader as trackingLoader } from "~/routes/order-tracking";
import { action as paymentAction, loader as paymentLoader } from "~/routes/payment";
import { action as webhookAction } from "~/routes/razorpay-webhook";
import { idempotencyKey } from "~/utils/codes.server";
import {
  cartWith,
  productBySlug,
  setStock,
  shipping,
} from "../support/factories/carts-and-addresses";
import { webhookBody } from "../support/fakes/razorpay";
import { fakeRazorpayForFile } from "../support/fakes/razorpay-settings";
import { testDatabaseForFile } from "../support/processes/test-database";

const keyId = "rzp_test_IntegrationKey01";
const keySecret = "integration_key_secret_0123";
const webhookSecret = "integration_webhook_secret_0123";

const fake = fakeRazorpayForFile({ keyId, keySecret, webhookSecret });
beforeAll(() => {
  vi.stubEnv("LOG_LEVEL", "silent");
});
const handle = testDatabaseForFile({ seeded: true });
let db: DatabaseHandle["db"];
beforeAll(() => {
  db = handle.db;
});

type Result = { data?: Record<string, unknown>; init?: ResponseInit | null } | Response;

function statusOf(result: unknown): number {
  if (result instanceof Response) return result.status;
  return (result as { init?: ResponseInit | null }).init?.status ?? 200;
}
function dataOf(result: unknown): Record<string, unknown> {
  return ((result as { data?: Record<string, unknown> }).data ?? {}) as Record<string, unknown>;
}

function args<T>(url: string, form?: Record<string, string>, headers: HeadersInit = {}): T {
  const request = new Request(url, {
    method: form ? "POST" : "GET",
    headers,
    body: form ? new URLSearchParams(form) : undefined,
  });
  return { request, params: {}, context: new RouterContextProvider() } as unknown as T;
}

async function placeOnlineOrder(quantity = 2) {
  const tulsi = await productBySlug(db, "tulsi");
  await setStock(db, tulsi.id, 100);
  const { cartId, shownLines } = await cartWith(db, [{ productId: tulsi.id, quantity }]);
  const placed = await placeOrder(db, {
    cartId,
    idempotencyKey: idempotencyKey(),
    shownLines,
    shipping,
    paymentMethod: "online",
  });
  return { ...placed, expectedTotal: tulsi.pricePaise * quantity };
}

async function orderRow(id: number) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw new Error("order missing");
  return row;
}

async function pay(token: string, extra: Record<string, string> = {}) {
  return (await paymentAction(
    args("http://localhost/payment", {
      intent: "pay",
      order: token,
      upiId: "asha@okicici",
      ...extra,
    }),
  )) as Result;
}

async function verify(form: Record<string, string>) {
  return (await paymentAction(
    args("http://localhost/payment", { intent: "verify", ...form }),
  )) as Result;
}

async function auditCount(orderId: number, action: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(and(eq(auditLog.entityId, String(orderId)), eq(auditLog.action, action)));
  return row?.n ?? 0;
}

function signWebhook(body: string) {
  return crypto.createHmac("sha256", webhookSecret).update(body).digest("hex");
}

async function webhook(
  body: string,
  headers: { signature?: string | null; eventId?: string | null } = {},
) {
  const h = new Headers({ "Content-Type": "application/json" });
  const signature = headers.signature === undefined ? signWebhook(body) : headers.signature;
  if (signature !== null) h.set("X-Razorpay-Signature", signature);
  if (headers.eventId) h.set("X-Razorpay-Event-Id", headers.eventId);
  const request = new Request("http://localhost/payments/razorpay/webhook", {
    method: "POST",
    headers: h,
    body,
  });
  const response = (await webhookAction({
    request,
    params: {},
    context: new RouterContextProvider(),
  } as never)) as Response;
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

function eventId() {
  return `evt_${crypto.randomBytes(7).toString("hex")}`;
}

describe("checkout with a payment choice", () => {
  it("creates an online order as 'pending' and continues on /payment in a new document", async () => {
    const aloe = await productBySlug(db, "aloe-vera");
    await setStock(db, aloe.id, 10);
    const { cartId, shownLines } = await cartWith(db, [{ productId: aloe.id, quantity: 1 }]);
    const key = idempotencyKey();
    const form = {
      ...shipping,
      phone: "9845012345",
      idempotencyKey: key,
      shownLines,
      paymentMethod: "online",
    };
    const cookie = await serializeCartCookie(new Request("http://localhost/cart"), cartId);
    const headers = { Cookie: cookie.split(";")[0] ?? "" };
    const result = (await checkoutAction(
      args("http://localhost/checkout", form, headers),
    )) as Response;
    expect(result.status).toBe(303);
    const location = result.headers.get("Location") ?? "";
    expect(location).toMatch(/^\/payment\?order=[A-Za-z0-9_-]{43}$/);
    expect(result.headers.get("X-Remix-Reload-Document")).toBe("true");
    const token = location.split("=")[1] ?? "";
    const [row] = await db.select().from(orders).where(eq(orders.trackingToken, token));
    expect(row).toMatchObject({ paymentMethod: "online", paymentStatus: "pending" });

    // The same form again (double click) gets the same order, whatever method it now says.
    const again = (await checkoutAction(
      args("http://localhost/checkout", { ...form, paymentMethod: "cod" }, headers),
    )) as Response;
    expect(again.headers.get("Location")).toBe(location);
    const [n] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.idempotencyKey, key));
    expect(n?.n).toBe(1);
  });

  it("keeps cash on delivery the default: no choice sent means 'cod' and 'unpaid'", async () => {
    const aloe = await productBySlug(db, "aloe-vera");
    await setStock(db, aloe.id, 10);
    const { cartId, shownLines } = await cartWith(db, [{ productId: aloe.id, quantity: 1 }]);
    const placed = await placeOrder(db, {
      cartId,
      idempotencyKey: idempotencyKey(),
      shownLines,
      shipping,
    });
    expect(await orderRow(placed.id)).toMatchObject({
      paymentMethod: "cod",
      paymentStatus: "unpaid",
      razorpayOrderId: null,
    });
  });
});

describe("/payment: starting a payment", () => {
  it("shows the reference and the amount from the database", async () => {
    const order = await placeOnlineOrder(3);
    const view = (await paymentLoader(
      args(`http://localhost/payment?order=${order.trackingToken}&amount=1`),
    )) as { enabled: boolean; order: { reference: string; totalPaise: number; state: string } };
    expect(view.enabled).toBe(true);
    expect(view.order).toMatchObject({
      reference: order.reference,
      totalPaise: order.expectedTotal,
      state: "payable",
    });
  });

  it("creates one Razorpay order: amount in paise from the database, INR, receipt = reference; tampered fields are ignored", async () => {
    const order = await placeOnlineOrder(2);
    const before = fake.orderRequests.length;
    const result = await pay(order.trackingToken, {
      amount: "100",
      currency: "USD",
      razorpay_order_id: "order_Tampered0000001",
    });
    expect(statusOf(result)).toBe(200);
    expect(fake.orderRequests.length).toBe(before + 1);
    expect(fake.orderRequests.at(-1)).toMatchObject({
      amount: order.expectedTotal,
      currency: "INR",
      receipt: order.reference,
    });
    const checkout = dataOf(result).checkout as Record<string, unknown>;
    const row = await orderRow(order.id);
    expect(row.razorpayOrderId).toMatch(/^order_/);
    expect(fake.orders.has(row.razorpayOrderId ?? "")).toBe(true);
    expect(checkout).toMatchObject({
      key: keyId,
      order_id: row.razorpayOrderId,
      amount: order.expectedTotal,
      currency: "INR",
      prefill: { vpa: "asha@okicici", method: "upi", contact: shipping.phone },
    });
    expect(JSON.stringify(checkout)).not.toContain(keySecret);

    // Pressing Pay Now again reuses the same Razorpay order.
    const second = await pay(order.trackingToken);
    expect((dataOf(second).checkout as { order_id: string }).order_id).toBe(row.razorpayOrderId);
    expect(fake.orderRequests.length).toBe(before + 1);
  });

  it("refuses a missing or invalid UPI ID next to the field and creates nothing", async () => {
    const order = await placeOnlineOrder();
    const before = fake.orderRequests.length;
    for (const upiId of [
      "",
      "asha",
      "asha@",
      "@okicici",
      "as ha@okicici",
      "a@b",
      "x".repeat(120),
    ]) {
      const result = await pay(order.trackingToken, { upiId });
      expect(statusOf(result), upiId).toBe(400);
      expect((dataOf(result).errors as Record<string, string>).upiId).toBeTruthy();
    }
    expect(fake.orderRequests.length).toBe(before);
    expect((await orderRow(order.id)).razorpayOrderId).toBeNull();
  });

  it("answers an unknown or malformed order with 404", async () => {
    expect(statusOf(await pay("A".repeat(43)))).toBe(404);
    expect(statusOf(await pay("not-a-token"))).toBe(404);
    await expect(
      paymentLoader(args(`http://localhost/payment?order=${"B".repeat(43)}`)),
    ).rejects.toMatchObject({
      init: { status: 404 },
    });
  });

  it("tells the shopper when Razorpay cannot be reached, and stores nothing", async () => {
    const order = await placeOnlineOrder();
    fake.failNext(500);
    const result = await pay(order.trackingToken);
    expect(statusOf(result)).toBe(502);
    expect(dataOf(result).formError).toMatch(/not reachable/);
    expect((await orderRow(order.id)).razorpayOrderId).toBeNull();
  });
});

describe("/payment: the widget's success callback", () => {
  it("refuses a tampered order id, a wrong or missing signature; marks paid once with a valid one", async () => {
    const order = await placeOnlineOrder();
    await pay(order.trackingToken);
    const stored = (await orderRow(order.id)).razorpayOrderId ?? "";
    const paid = fake.pay(stored);

    // A signature valid for another Razorpay order of ours does not pay this one.
    const other = await placeOnlineOrder();
    await pay(other.trackingToken);
    const otherPaid = fake.pay((await orderRow(other.id)).razorpayOrderId ?? "");
    const refused = [
      {
        ...paid,
        razorpay_order_id: otherPaid.razorpay_order_id,
        razorpay_signature: otherPaid.razorpay_signature,
      },
      {
        ...paid,
        razorpay_signature: crypto
          .createHmac("sha256", "wrong")
          .update(`${stored}|${paid.razorpay_payment_id}`)
          .digest("hex"),
      },
      { ...paid, razorpay_signature: "" },
      { ...paid, razorpay_payment_id: "pay_SomebodyElses01" },
    ];
    for (const form of refused) {
      const result = await verify({ order: order.trackingToken, ...form });
      expect(statusOf(result)).toBe(400);
      expect(await orderRow(order.id)).toMatchObject({
        paymentStatus: "pending",
        razorpayPaymentId: null,
      });
    }
    const missing = await verify({ order: order.trackingToken, razorpay_order_id: stored });
    expect(statusOf(missing)).toBe(400);

    for (let i = 0; i < 2; i++) {
      const ok = (await verify({ order: order.trackingToken, ...paid })) as Response;
      expect(ok.status).toBe(303);
      expect(ok.headers.get("Location")).toBe(`/orders/${order.trackingToken}/placed`);
    }
    const row = await orderRow(order.id);
    expect(row).toMatchObject({
      paymentMethod: "online",
      paymentStatus: "paid",
      razorpayPaymentId: paid.razorpay_payment_id,
    });
    expect(row.paidAt).toBeInstanceOf(Date);
    expect(await auditCount(order.id, "order.payment_paid")).toBe(1);

    // A paid order cannot be paid again nor cancelled by the shopper.
    expect(statusOf(await pay(order.trackingToken))).toBe(409);
    const cancel = await trackingAction({
      ...args<object>(`http://localhost/orders/${order.trackingToken}`, { intent: "cancel" }),
      params: { token: order.trackingToken },
    } as never);
    expect(statusOf(cancel)).toBe(409);
    expect((await orderRow(order.id)).status).toBe("placed");
  });
});

describe("webhook", () => {
  async function startedOrder() {
    const order = await placeOnlineOrder();
    await pay(order.trackingToken);
    const row = await orderRow(order.id);
    return { ...order, razorpayOrderId: row.razorpayOrderId ?? "" };
  }

  it("applies a replayed payment.captured once (×3 → one state change)", async () => {
    const order = await startedOrder();
    const body = webhookBody({
      event: "payment.captured",
      orderId: order.razorpayOrderId,
      paymentId: "pay_CapturedOnce0001",
      amount: order.expectedTotal,
    });
    const id = eventId();
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await webhook(body, { eventId: id }));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(answers.map((a) => a.body.result)).toEqual(["paid", "duplicate", "duplicate"]);
    expect(await orderRow(order.id)).toMatchObject({
      paymentStatus: "paid",
      razorpayPaymentId: "pay_CapturedOnce0001",
    });
    expect(await auditCount(order.id, "order.payment_paid")).toBe(1);
    const events = await db.select().from(paymentEvents).where(eq(paymentEvents.orderId, order.id));
    expect(events).toHaveLength(1);
  });

  it("applies concurrent deliveries of one event once", async () => {
    const order = await startedOrder();
    const body = webhookBody({
      event: "payment.captured",
      orderId: order.razorpayOrderId,
      paymentId: "pay_ConcurrentOne01",
      amount: order.expectedTotal,
    });
    const id = eventId();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => webhook(body, { eventId: id })),
    );
    expect(answers.filter((a) => a.body.result === "paid")).toHaveLength(1);
    expect(answers.filter((a) => a.body.result === "duplicate")).toHaveLength(4);
    expect(await auditCount(order.id, "order.payment_paid")).toBe(1);
  });

  it("never un-pays: payment.failed after payment.captured changes nothing", async () => {
    const order = await startedOrder();
    const captured = webhookBody({
      event: "payment.captured",
      orderId: order.razorpayOrderId,
      paymentId: "pay_OutOfOrder00001",
      amount: order.expectedTotal,
    });
    const failed = webhookBody({
      event: "payment.failed",
      orderId: order.razorpayOrderId,
      paymentId: "pay_OutOfOrder00000",
      amount: order.expectedTotal,
    });
    expect((await webhook(captured, { eventId: eventId() })).body.result).toBe("paid");
    expect((await webhook(failed, { eventId: eventId() })).body.result).toBe("ignored");
    expect((await orderRow(order.id)).paymentStatus).toBe("paid");
    expect(await auditCount(order.id, "order.payment_failed")).toBe(0);
  });

  it("a failure then a capture ends paid; a failed payment can be retried", async () => {
    const order = await startedOrder();
    const failed = webhookBody({
      event: "payment.failed",
      orderId: order.razorpayOrderId,
      paymentId: "pay_FirstTryFailed1",
      amount: order.expectedTotal,
    });
    expect((await webhook(failed, { eventId: eventId() })).body.result).toBe("failed");
    expect((await orderRow(order.id)).paymentStatus).toBe("failed");

    const tracking = (await trackingLoader({
      ...args<object>(`http://localhost/orders/${order.trackingToken}`),
      params: { token: order.trackingToken },
    } as never)) as { canRetryPayment: boolean; canSwitchToCashOnDelivery: boolean };
    expect(tracking).toMatchObject({ canRetryPayment: true, canSwitchToCashOnDelivery: true });

    // Retrying reuses the Razorpay order and sets the payment back to pending.
    const before = fake.orderRequests.length;
    expect(statusOf(await pay(order.trackingToken))).toBe(200);
    expect(fake.orderRequests.length).toBe(before);
    expect((await orderRow(order.id)).paymentStatus).toBe("pending");

    const captured = webhookBody({
      event: "payment.captured",
      orderId: order.razorpayOrderId,
      paymentId: "pay_SecondTryPaid01",
      amount: order.expectedTotal,
    });
    expect((await webhook(captured, { eventId: eventId() })).body.result).toBe("paid");
    expect(await orderRow(order.id)).toMatchObject({
      paymentStatus: "paid",
      razorpayPaymentId: "pay_SecondTryPaid01",
    });
  });

  it("ignores a capture whose amount or currency differs from the database", async () => {
    const order = await startedOrder();
    for (const [amount, currency] of [
      [order.expectedTotal - 1, "INR"],
      [order.expectedTotal, "USD"],
    ] as const) {
      const body = webhookBody({
        event: "payment.captured",
        orderId: order.razorpayOrderId,
        paymentId: "pay_WrongAmount0001",
        amount,
        currency,
      });
      const answer = await webhook(body, { eventId: eventId() });
      expect(answer).toMatchObject({ status: 200, body: { result: "ignored" } });
    }
    expect((await orderRow(order.id)).paymentStatus).toBe("pending");
  });

  it("answers 404 for an unknown order and records nothing", async () => {
    const body = webhookBody({
      event: "payment.captured",
      orderId: "order_NoSuchOrder0001",
      paymentId: "pay_NoSuchOrder0001",
      amount: 10_000,
    });
    const answer = await webhook(body, { eventId: "evt_unknown_order" });
    expect(answer.status).toBe(404);
    const [row] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(paymentEvents)
      .where(eq(paymentEvents.eventId, "evt_unknown_order"));
    expect(row?.n).toBe(0);
  });

  it("refuses a missing (400) or wrong (401) signature, or a re-serialised body, and marks nothing paid", async () => {
    const order = await startedOrder();
    const body = webhookBody({
      event: "payment.captured",
      orderId: order.razorpayOrderId,
      paymentId: "pay_BadSignature01",
      amount: order.expectedTotal,
    });
    expect((await webhook(body, { signature: null, eventId: eventId() })).status).toBe(400);
    const wrongSecret = crypto.createHmac("sha256", keySecret).update(body).digest("hex");
    expect((await webhook(body, { signature: wrongSecret, eventId: eventId() })).status).toBe(401);
    expect((await webhook(body, { signature: "abc", eventId: eventId() })).status).toBe(401);
    const pretty = JSON.stringify(JSON.parse(body), null, 2);
    expect(
      (await webhook(pretty, { signature: signWebhook(body), eventId: eventId() })).status,
    ).toBe(401);
    expect((await webhook("not json", { signature: signWebhook("not json") })).status).toBe(400);
    expect((await orderRow(order.id)).paymentStatus).toBe("pending");
    const events = await db.select().from(paymentEvents).where(eq(paymentEvents.orderId, order.id));
    expect(events).toHaveLength(0);
  });

  it("acknowledges events it does not handle without changing anything", async () => {
    const order = await startedOrder();
    const body = webhookBody({
      event: "payment.authorized",
      orderId: order.razorpayOrderId,
      paymentId: "pay_Authorized0001",
      amount: order.expectedTotal,
    });
    expect(await webhook(body, { eventId: eventId() })).toMatchObject({
      status: 200,
      body: { result: "not-handled" },
    });
    expect((await orderRow(order.id)).paymentStatus).toBe("pending");
  });

  it("does not mistake an event named like an object property for a handled one", async () => {
    // The handled events used to be looked up on a plain object, where "constructor" was found.
    const order = await startedOrder();
    const authorized = webhookBody({
      event: "payment.authorized",
      orderId: order.razorpayOrderId,
      paymentId: "pay_PropertyName001",
      amount: order.expectedTotal,
    });
    for (const event of ["constructor", "toString", "__proto__"]) {
      const body = authorized.replace('"event":"payment.authorized"', `"event":"${event}"`);
      expect(body).toContain(`"event":"${event}"`);
      expect(await webhook(body, { eventId: eventId() })).toMatchObject({
        status: 200,
        body: { result: "not-handled", event },
      });
    }
    expect((await orderRow(order.id)).paymentStatus).toBe("pending");
    const events = await db.select().from(paymentEvents).where(eq(paymentEvents.orderId, order.id));
    expect(events).toHaveLength(0);
  });
});

describe("switching to cash on delivery", () => {
  it("turns a pending online payment into cash on delivery; money that still arrives pays the order", async () => {
    const order = await placeOnlineOrder();
    await pay(order.trackingToken);
    const razorpayOrderId = (await orderRow(order.id)).razorpayOrderId ?? "";
    const result = (await trackingAction({
      ...args<object>(`http://localhost/orders/${order.trackingToken}`, {
        intent: "cash-on-delivery",
      }),
      params: { token: order.trackingToken },
    } as never)) as Response;
    expect(result.status).toBe(303);
    expect(await orderRow(order.id)).toMatchObject({
      paymentMethod: "cod",
      paymentStatus: "unpaid",
    });
    expect(await auditCount(order.id, "order.payment_method")).toBe(1);

    // Now cash on delivery: /payment no longer takes a payment.
    expect(statusOf(await pay(order.trackingToken))).toBe(409);
    const again = await trackingAction({
      ...args<object>(`http://localhost/orders/${order.trackingToken}`, {
        intent: "cash-on-delivery",
      }),
      params: { token: order.trackingToken },
    } as never);
    expect(statusOf(again)).toBe(409);

    const late = webhookBody({
      event: "payment.captured",
      orderId: razorpayOrderId,
      paymentId: "pay_LateAfterSwitch",
      amount: order.expectedTotal,
    });
    expect((await webhook(late, { eventId: eventId() })).body.result).toBe("paid");
    expect(await orderRow(order.id)).toMatchObject({
      paymentMethod: "online",
      paymentStatus: "paid",
    });
  });
});
