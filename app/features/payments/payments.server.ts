/**
 * Online payment of orders through Razorpay (docs/payments.md; docs/product.md "/payment … reads
 * the amount from the database"):
 *
 * - `startOnlinePayment`: 'Pay Now' creates (once per order) a Razorpay order for the total
 *   read from the database, in paise, INR, receipt = our order reference, and stores its id;
 * - `confirmCheckoutPayment`: the widget's success callback is checked against the Razorpay
 *   order id WE stored (HMAC-SHA256 with the key secret, constant-time) and marks the order paid;
 * - `handleRazorpayWebhook`: `X-Razorpay-Signature` over the raw body with the webhook secret;
 *   payment.captured / payment.failed; duplicates ignored by event id (payment_events);
 *   events in any order ('paid' is final, see payment-status.ts);
 * - `switchToCashOnDelivery`: a pending, failed or expired online payment becomes cash on delivery.
 *
 * An 'expired' payment gave its stock back (payment-expiry.server.ts): paying or switching takes
 * it again first, all or nothing, or is refused ('Sorry, X is no longer in stock.'); money that
 * arrives anyway is recorded as paid and the order flagged for staff (docs/payments.md).
 *
 * Nothing the browser sends decides an amount or which Razorpay order is paid.
 */
import { and, eq, inArray, isNull } from "drizzle-orm";
import { z } from "zod";
import { recordAudit } from "~/db/audit.server";
import type { Database } from "~/db/client.server";
import { type OrderStatus, orders, paymentEvents } from "~/db/schema/shop";
import { issueBills } from "~/features/orders/bills.server";
import {
  codConfirmAbovePaise,
  lockAndCountUnconfirmedCodOrders,
  needsCustomerCode,
} from "~/features/orders/cod-order-cap.server";
import { PAID_WITHOUT_STOCK_ACTION, retakeOrderStock } from "~/features/orders/order-stock.server";
import type { Lang } from "~/i18n/languages";
import { isUnguessableToken } from "~/utils/codes.server";
import { env, type RazorpayConfig } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { isUniqueViolation } from "~/utils/pg-errors";
import { type MessageValues, Refusal } from "~/utils/refusal";
import type { VerifyForm } from "./payment.schema";
import { enqueuePaymentMessage } from "./payment-messages.server";
import {
  canPayOnline,
  canSwitchToCashOnDelivery,
  nextPaymentStatus,
  type PaymentMethod,
  type PaymentStatus,
} from "./payment-status";
import { createRazorpayOrder, PaymentProviderError } from "./razorpay.server";
import { verifyCheckoutSignature, verifyWebhookSignature } from "./signature.server";

/**
 * A visitor's payment request refused; nothing was written. A refusal (ADR 0024) with an
 * `errors.payment.*` id; `status` is the HTTP status to answer (400, 404, 409 or 502).
 */
export class PaymentError extends Refusal {
  override name = "PaymentError";
  constructor(id: string, status: 400 | 404 | 409 | 502, values: MessageValues = {}) {
    super(id, values, { status });
  }
}

/**
 * A Razorpay webhook call refused (docs/payments.md): the answer to Razorpay's server, not
 * words for a visitor, so it stays an English `message` with the HTTP status (400, 401, 404).
 */
export class WebhookRejectedError extends Error {
  override name = "WebhookRejectedError";
  constructor(
    message: string,
    readonly status: 400 | 401 | 404,
  ) {
    super(message);
  }
}

/** A stock shortfall as a refusal: `errors.payment.shortOne` or `shortMany` with the names. */
function shortfallError(short: readonly { name: string }[]): PaymentError {
  const names = short.map((line) => line.name);
  if (names.length === 1)
    return new PaymentError("errors.payment.shortOne", 409, { product: names[0] ?? "" });
  return new PaymentError("errors.payment.shortMany", 409, {
    products: names.slice(0, -1).join(", "),
    last: names.at(-1) ?? "",
  });
}

const paymentColumns = {
  id: orders.id,
  reference: orders.reference,
  trackingToken: orders.trackingToken,
  status: orders.status,
  paymentMethod: orders.paymentMethod,
  paymentStatus: orders.paymentStatus,
  totalPaise: orders.totalPaise,
  name: orders.name,
  email: orders.email,
  phone: orders.phone,
  razorpayOrderId: orders.razorpayOrderId,
  razorpayPaymentId: orders.razorpayPaymentId,
  language: orders.language,
};

type PaymentOrder = {
  id: number;
  reference: string;
  trackingToken: string;
  status: OrderStatus;
  paymentMethod: PaymentMethod;
  paymentStatus: PaymentStatus;
  totalPaise: number;
  name: string;
  email: string;
  phone: string;
  razorpayOrderId: string | null;
  razorpayPaymentId: string | null;
  language: Lang;
};

async function orderByToken(db: Database, token: string): Promise<PaymentOrder | undefined> {
  if (!isUnguessableToken(token)) return undefined;
  const [order] = await db
    .select(paymentColumns)
    .from(orders)
    .where(eq(orders.trackingToken, token));
  return order;
}

/** What /payment shows for an order. */
export type PaymentPageState =
  /** An online payment can be made now. */
  | "payable"
  | "paid"
  /** Cash on delivery was chosen. */
  | "cash-on-delivery"
  /** Cancelled, shipped or delivered without an online payment: nothing to pay here. */
  | "closed";

export interface PaymentPageView {
  reference: string;
  trackingToken: string;
  /** Paise, from the database. */
  totalPaise: number;
  paymentStatus: PaymentStatus;
  state: PaymentPageState;
}

function pageState(order: PaymentOrder): PaymentPageState {
  if (order.paymentStatus === "paid") return "paid";
  if (canPayOnline(order)) return "payable";
  if (order.paymentMethod === "cod" && order.status !== "cancelled") return "cash-on-delivery";
  return "closed";
}

/** The order behind a tracking token as /payment shows it; null for an unknown token. */
export async function getPaymentPage(db: Database, token: string): Promise<PaymentPageView | null> {
  const order = await orderByToken(db, token);
  if (!order) return null;
  return {
    reference: order.reference,
    trackingToken: order.trackingToken,
    totalPaise: order.totalPaise,
    paymentStatus: order.paymentStatus,
    state: pageState(order),
  };
}

function refuseUnlessPayable(order: PaymentOrder): void {
  const state = pageState(order);
  if (state === "paid") throw new PaymentError("errors.payment.alreadyPaid", 409);
  if (state === "cash-on-delivery") throw new PaymentError("errors.payment.willBeCod", 409);
  if (state === "closed") throw new PaymentError("errors.payment.closed", 409);
}

/** What the checkout widget needs; everything comes from the database. */
export interface StartedPayment {
  razorpayOrderId: string;
  /** Paise. */
  amountPaise: number;
  currency: "INR";
  reference: string;
  name: string;
  email: string;
  /** E.164. */
  phone: string;
}

/**
 * 'Pay Now' (docs/payments.md): creates the order's Razorpay order on first use (amount = the
 * order's total in paise from the database, INR, receipt = our reference) and stores its id;
 * later attempts reuse it, so retries never create a second charge. A failed payment becomes
 * 'pending' again.
 * @throws PaymentError 404 unknown order; 409 paid / cash on delivery / closed; 502 when
 *   Razorpay cannot be reached (nothing stored).
 */
export async function startOnlinePayment(
  db: Database,
  config: RazorpayConfig,
  input: { token: string },
): Promise<StartedPayment> {
  const order = await orderByToken(db, input.token);
  if (!order) throw new PaymentError("errors.payment.notFound", 404);
  refuseUnlessPayable(order);
  if (order.paymentStatus === "expired") await resumeExpiredPayment(db, order.id);

  let razorpayOrderId = order.razorpayOrderId;
  if (!razorpayOrderId) {
    let created: { id: string };
    try {
      created = await createRazorpayOrder(config, {
        amountPaise: order.totalPaise,
        receipt: order.reference,
      });
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      logger().warn({ err: error, orderId: order.id }, "razorpay order creation failed");
      throw new PaymentError("errors.payment.unreachable", 502);
    }
    const [stored] = await db
      .update(orders)
      .set({ razorpayOrderId: created.id, updatedAt: new Date() })
      .where(and(eq(orders.id, order.id), isNull(orders.razorpayOrderId)))
      .returning({ razorpayOrderId: orders.razorpayOrderId });
    // Two clicks at once: the first stored id wins and both open the same Razorpay order.
    razorpayOrderId =
      stored?.razorpayOrderId ?? (await orderByToken(db, input.token))?.razorpayOrderId ?? null;
    if (!razorpayOrderId) throw new Error("Razorpay order id was not stored");
  }
  if (order.paymentStatus === "failed") {
    await db
      .update(orders)
      .set({ paymentStatus: "pending", updatedAt: new Date() })
      .where(and(eq(orders.id, order.id), eq(orders.paymentStatus, "failed")));
  }
  return {
    razorpayOrderId,
    amountPaise: order.totalPaise,
    currency: "INR",
    reference: order.reference,
    name: order.name,
    email: order.email,
    phone: order.phone,
  };
}

/**
 * An expired payment is tried again: takes the order's stock again (all or nothing) and makes
 * the payment 'pending', with an audit row, in one transaction. Does nothing when the payment
 * is no longer expired (another tab got there first).
 * @throws PaymentError 409 'Sorry, X is no longer in stock.' (nothing changed).
 */
async function resumeExpiredPayment(db: Database, orderId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (order.paymentStatus !== "expired") return;
    refuseUnlessPayable(order);
    const short = await retakeOrderStock(tx, order.id);
    if (short.length > 0) throw shortfallError(short);
    await tx
      .update(orders)
      .set({ paymentStatus: "pending", updatedAt: new Date() })
      .where(eq(orders.id, order.id));
    await recordAudit(tx, {
      actor: "visitor",
      action: "order.payment_resumed",
      entity: "order",
      entityId: order.id,
      before: { paymentStatus: "expired" },
      after: { paymentStatus: "pending" },
      extra: { stockTaken: true },
    });
  });
}

type Via = "checkout" | "webhook";

/**
 * Money arrived for an order whose payment had expired: takes its stock again when every line
 * is still in stock; otherwise the order is paid without stock and an audit row
 * {@link PAID_WITHOUT_STOCK_ACTION} flags it for staff (its dashboard page says so).
 */
async function retakeStockForLatePayment(tx: Database, orderId: number, via: Via): Promise<void> {
  const short = await retakeOrderStock(tx, orderId);
  if (short.length === 0) return;
  logger().warn(
    { orderId, short: short.map((line) => line.productId) },
    "an expired order was paid but its stock is gone; staff must refund or restock",
  );
  await recordAudit(tx, {
    actor: "system",
    action: PAID_WITHOUT_STOCK_ACTION,
    entity: "order",
    entityId: orderId,
    extra: { via, short },
  });
}

/**
 * Marks an order paid by `razorpayPaymentId` unless it already is, with its audit row, in one
 * transaction. Returns whether this call changed it.
 */
async function markPaid(
  tx: Database,
  order: { id: number; paymentMethod: PaymentMethod; paymentStatus: PaymentStatus },
  razorpayPaymentId: string,
  via: Via,
): Promise<boolean> {
  if (nextPaymentStatus(order.paymentStatus, "paid") === null) return false;
  const updated = await tx
    .update(orders)
    .set({
      paymentStatus: "paid",
      // Money that arrives after a switch to cash on delivery still pays the order.
      paymentMethod: "online",
      razorpayPaymentId,
      paidAt: new Date(),
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(orders.id, order.id),
        inArray(orders.paymentStatus, ["pending", "failed", "unpaid", "expired"]),
      ),
    )
    .returning({ id: orders.id });
  if (updated.length === 0) return false;
  if (order.paymentStatus === "expired") await retakeStockForLatePayment(tx, order.id, via);
  // Paid online: the order's bills now (docs/tax.md "Issuing"), unless it has them.
  await issueBills(tx, order.id, new Date());
  await recordAudit(tx, {
    actor: via === "webhook" ? "system" : "visitor",
    action: "order.payment_paid",
    entity: "order",
    entityId: order.id,
    before: { paymentMethod: order.paymentMethod, paymentStatus: order.paymentStatus },
    after: { paymentMethod: "online", paymentStatus: "paid" },
    extra: { razorpayPaymentId, via },
  });
  await enqueuePaymentMessage(tx, order.id, "received", razorpayPaymentId);
  return true;
}

async function lockOrder(tx: Database, orderId: number): Promise<PaymentOrder> {
  const [order] = await tx
    .select(paymentColumns)
    .from(orders)
    .where(eq(orders.id, orderId))
    .for("update");
  if (!order) throw new PaymentError("errors.payment.notFound", 404);
  return order;
}

/**
 * The checkout widget's success callback (docs/payments.md): verifies HMAC-SHA256(stored
 * Razorpay order id + '|' + payment id) with the key secret in constant time and marks the
 * order paid. Repeating a verified callback changes nothing.
 * @throws PaymentError 404 unknown order; 409 no payment started; 400 Razorpay order id other
 *   than ours, or a wrong signature (nothing marked paid).
 */
export async function confirmCheckoutPayment(
  db: Database,
  config: RazorpayConfig,
  form: VerifyForm,
): Promise<{ trackingToken: string; changed: boolean }> {
  const order = await orderByToken(db, form.order);
  if (!order) throw new PaymentError("errors.payment.notFound", 404);
  if (!order.razorpayOrderId) throw new PaymentError("errors.payment.notStarted", 409);
  if (form.razorpay_order_id !== order.razorpayOrderId)
    throw new PaymentError("errors.payment.wrongOrder", 400);
  const valid = verifyCheckoutSignature({
    razorpayOrderId: order.razorpayOrderId,
    razorpayPaymentId: form.razorpay_payment_id,
    signature: form.razorpay_signature,
    keySecret: config.keySecret,
  });
  if (!valid) {
    logger().warn({ orderId: order.id }, "checkout payment signature mismatch");
    throw new PaymentError("errors.payment.unconfirmed", 400);
  }
  try {
    const changed = await db.transaction(async (tx) => {
      const locked = await lockOrder(tx, order.id);
      return markPaid(tx, locked, form.razorpay_payment_id, "checkout");
    });
    return { trackingToken: order.trackingToken, changed };
  } catch (error) {
    if (isUniqueViolation(error, "orders_razorpay_payment_id_unique")) {
      throw new PaymentError("errors.payment.reused", 409);
    }
    throw error;
  }
}

const webhookSchema = z.object({
  event: z.string().max(100),
  payload: z
    .object({
      payment: z
        .object({
          entity: z.object({
            id: z.string().regex(/^pay_[A-Za-z0-9]{1,40}$/),
            order_id: z
              .string()
              .regex(/^order_[A-Za-z0-9]{1,40}$/)
              .nullish(),
            amount: z.number().int().nonnegative(),
            currency: z.string().max(10),
          }),
        })
        .optional(),
    })
    .optional(),
});

type HandledOutcome = "paid" | "failed";

/**
 * Events that change an order; anything else is acknowledged and ignored. A Map, so that an
 * event named like an Object property ("constructor") is not mistaken for one of them.
 */
const HANDLED_EVENTS = new Map<string, HandledOutcome>([
  ["payment.captured", "paid"],
  ["payment.failed", "failed"],
]);

export type WebhookResult =
  | { result: "paid" | "failed" | "ignored" | "duplicate"; orderReference: string }
  | { result: "not-handled"; event: string };

/** A verified event that changes an order: its name, what it means, and its payment. */
interface HandledEvent {
  event: string;
  outcome: HandledOutcome;
  payment: { id: string; orderId: string; amount: number; currency: string };
}

/**
 * Step 1: checks `X-Razorpay-Signature` over the raw bytes, then reads the event.
 * @returns the event when it is one we handle, or its name when it is not.
 * @throws WebhookRejectedError 400 missing signature, not JSON, not a Razorpay event, or no payment
 *   for an order; 401 wrong signature.
 */
function readWebhookEvent(
  config: RazorpayConfig,
  input: { rawBody: Buffer; signature: string | null },
): HandledEvent | { notHandled: string } {
  if (!input.signature) throw new WebhookRejectedError("Missing X-Razorpay-Signature header.", 400);
  const valid = verifyWebhookSignature({
    rawBody: input.rawBody,
    signature: input.signature.trim(),
    webhookSecret: config.webhookSecret,
  });
  if (!valid) throw new WebhookRejectedError("Invalid webhook signature.", 401);

  let json: unknown;
  try {
    json = JSON.parse(input.rawBody.toString("utf8"));
  } catch {
    throw new WebhookRejectedError("The webhook body is not JSON.", 400);
  }
  const parsed = webhookSchema.safeParse(json);
  if (!parsed.success)
    throw new WebhookRejectedError("The webhook body is not a Razorpay event.", 400);
  const { event } = parsed.data;
  const outcome = HANDLED_EVENTS.get(event);
  if (!outcome) return { notHandled: event };
  const payment = parsed.data.payload?.payment?.entity;
  if (!payment?.order_id)
    throw new WebhookRejectedError("The event has no payment for an order.", 400);
  return {
    event,
    outcome,
    payment: {
      id: payment.id,
      orderId: payment.order_id,
      amount: payment.amount,
      currency: payment.currency,
    },
  };
}

/** The `X-Razorpay-Event-Id` header when it looks like one; otherwise `event:payment id`. */
function webhookEventId(header: string | null, { event, payment }: HandledEvent): string {
  return header && /^[A-Za-z0-9_.:-]{1,100}$/.test(header) ? header : `${event}:${payment.id}`;
}

/**
 * Step 2: what the event does to the (locked) order. A capture pays it only when amount and
 * currency match the database and the order may still become paid; a failure marks only a
 * payment that may still fail ('paid' is final, see payment-status.ts). Anything else is
 * 'ignored' and logged when it needs a person (wrong amount, a second capture to refund).
 */
function webhookResult(order: PaymentOrder, { outcome, payment }: HandledEvent) {
  if (outcome === "failed") {
    return nextPaymentStatus(order.paymentStatus, "failed") ? "failed" : "ignored";
  }
  if (payment.amount !== order.totalPaise || payment.currency !== "INR") {
    logger().warn(
      { orderId: order.id, amount: payment.amount, currency: payment.currency },
      "captured payment does not match the order total; order left unchanged",
    );
    return "ignored";
  }
  if (nextPaymentStatus(order.paymentStatus, "paid")) return "paid";
  if (order.razorpayPaymentId && order.razorpayPaymentId !== payment.id) {
    logger().warn(
      { orderId: order.id, razorpayPaymentId: payment.id },
      "a second payment was captured for a paid order; it needs a refund",
    );
  }
  return "ignored";
}

/** Step 3: a failed payment (pending → failed) with its audit row, inside the transaction. */
async function markFailed(tx: Database, order: PaymentOrder, razorpayPaymentId: string) {
  await tx
    .update(orders)
    .set({ paymentStatus: "failed", updatedAt: new Date() })
    .where(and(eq(orders.id, order.id), eq(orders.paymentStatus, "pending")));
  await recordAudit(tx, {
    actor: "system",
    action: "order.payment_failed",
    entity: "order",
    entityId: order.id,
    before: { paymentStatus: order.paymentStatus },
    after: { paymentStatus: "failed" },
    extra: { razorpayPaymentId, via: "webhook" },
  });
  await enqueuePaymentMessage(tx, order.id, "failed", razorpayPaymentId);
}

/**
 * A Razorpay webhook. Verifies the signature over the raw body first; then payment.captured
 * marks the order paid (when amount and currency match the database) and payment.failed marks
 * a pending payment failed. Each event id is handled once: the event row and the order change
 * commit together, so a replay finds the row and changes nothing. A failure that arrives after
 * the payment changes nothing ('paid' is final). docs/decisions/0009-online-payment-razorpay.md
 * gives the reasons.
 * @param input.eventId the `X-Razorpay-Event-Id` header; without it, `event:payment id` stands in.
 * @throws WebhookRejectedError 400 missing signature or unreadable event; 401 wrong signature;
 *   404 no order has this Razorpay order id.
 */
export async function handleRazorpayWebhook(
  db: Database,
  config: RazorpayConfig,
  input: { rawBody: Buffer; signature: string | null; eventId: string | null },
): Promise<WebhookResult> {
  const handled = readWebhookEvent(config, input);
  if ("notHandled" in handled) return { result: "not-handled", event: handled.notHandled };
  const { event, payment } = handled;
  const eventId = webhookEventId(input.eventId, handled);
  const [found] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.razorpayOrderId, payment.orderId));
  if (!found) throw new WebhookRejectedError("No order has this Razorpay order id.", 404);

  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, found.id);
    const result = webhookResult(order, handled);
    const recorded = await tx
      .insert(paymentEvents)
      .values({ eventId, event, orderId: order.id, razorpayPaymentId: payment.id, outcome: result })
      .onConflictDoNothing({ target: paymentEvents.eventId })
      .returning({ eventId: paymentEvents.eventId });
    if (recorded.length === 0) return { result: "duplicate", orderReference: order.reference };

    if (result === "paid") await markPaid(tx, order, payment.id, "webhook");
    else if (result === "failed") await markFailed(tx, order, payment.id);
    return { result, orderReference: order.reference };
  });
}

/**
 * The shopper gives up paying online and pays at the door instead (docs/payments.md): an open
 * order whose online payment is pending, failed or expired becomes cash on delivery (an expired
 * one takes its stock again first). Its Razorpay order id is kept, so a payment that still
 * completes marks the order paid.
 * A 'placed' order that would now need the customer's code as a new cash-on-delivery order
 * would (docs/shop.md "Confirming a cash-on-delivery order") becomes 'awaiting_confirmation':
 * the caller sends the code.
 * @returns whether it now waits for the code, and the order (id, reference, phone, language).
 * @throws PaymentError 404 unknown order; 409 already paid, already cash on delivery, closed,
 *   or 'Sorry, X is no longer in stock.' for an expired payment whose stock is gone.
 */
export async function switchToCashOnDelivery(
  db: Database,
  token: string,
): Promise<{
  awaitingCode: boolean;
  order: { id: number; reference: string; phone: string; language: Lang };
}> {
  const found = await orderByToken(db, token);
  if (!found) throw new PaymentError("errors.payment.notFound", 404);
  const { id, reference, phone, language } = found;
  const awaitingCode = await db.transaction(async (tx) => {
    const order = await lockOrder(tx, found.id);
    if (order.paymentStatus === "paid") throw new PaymentError("errors.payment.paidOnline", 409);
    if (order.paymentMethod === "cod") throw new PaymentError("errors.payment.paidCod", 409);
    if (!canSwitchToCashOnDelivery(order)) throw new PaymentError("errors.payment.locked", 409);
    const stockTaken = order.paymentStatus === "expired";
    if (stockTaken) {
      const short = await retakeOrderStock(tx, order.id);
      if (short.length > 0) throw shortfallError(short);
    }
    // The same cap as a new cash-on-delivery order (docs/operations.md "Anti-automation").
    const cap = env().operations.unconfirmedCodOrdersPerPhone;
    if (
      order.status === "placed" &&
      (await lockAndCountUnconfirmedCodOrders(tx, order.phone)) >= cap
    ) {
      throw new PaymentError(
        cap === 1 ? "errors.payment.codCapOne" : "errors.payment.codCapMany",
        409,
        { cap },
      );
    }
    const waits =
      order.status === "placed" &&
      (await needsCustomerCode(tx, order.phone, order.totalPaise, codConfirmAbovePaise()));
    await tx
      .update(orders)
      .set({
        paymentMethod: "cod",
        paymentStatus: "unpaid",
        ...(waits ? { status: "awaiting_confirmation" as const } : {}),
        updatedAt: new Date(),
      })
      .where(eq(orders.id, order.id));
    await recordAudit(tx, {
      actor: "visitor",
      action: "order.payment_method",
      entity: "order",
      entityId: order.id,
      before: { paymentMethod: order.paymentMethod, paymentStatus: order.paymentStatus },
      after: {
        paymentMethod: "cod",
        paymentStatus: "unpaid",
        ...(waits ? { status: "awaiting_confirmation" } : {}),
      },
      extra: stockTaken ? { stockTaken } : undefined,
    });
    return waits;
  });
  return { awaitingCode, order: { id, reference, phone, language } };
}
