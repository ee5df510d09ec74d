/**
 * Staff's decision on a claim (docs/claims.md "Deciding"): replace the claimed goods (a new order
 * at price 0 with stock taken), refund them (Razorpay's refund API for an online payment; a
 * refund staff pay back and record for cash on delivery), give store credit (a coupon), or
 * reject with a note. Everything a decision writes (the claim's status, the replacement order
 * and its lines, the stock, the refund or coupon row, the claim's credit notes, the audit row and
 * the customer's message) is one transaction under the claim's and the order's row locks, so a
 * second decision, a second server or a crash never doubles it. Razorpay is called after that
 * transaction with the refund row's idempotency key; a refund it did not accept stays 'pending'
 * and the scheduler's 'claim-refunds' job calls again with the same key.
 * Money in integer paise; the claimed value is Σ unit price × claimed quantity of the lines.
 */
import { and, asc, eq, gte, lt, sql } from "drizzle-orm";
import { recordAudit } from "~/db/audit.server";
import type { Database } from "~/db/client.server";
import { type ClaimDecision, enqueueMessage } from "~/db/outbox.server";
import { products } from "~/db/schema/catalogue";
import { claimLines, claimRefunds, claims } from "~/db/schema/claims";
import { coupons } from "~/db/schema/exchange";
import { orderLines, orders } from "~/db/schema/shop";
import { creditClaimBills } from "~/features/orders/bills.server";
import { orderMessageParams } from "~/features/orders/order-messages.server";
import { createRazorpayRefund, razorpayConfig } from "~/features/payments/razorpay.server";
import { localePath } from "~/i18n/languages";
import { couponCode, humanReference, idempotencyKey, unguessableToken } from "~/utils/codes.server";
import { todayInKolkata } from "~/utils/dates";
import { Refusal, type RefusalStatus } from "~/utils/refusal";

/** A refused decision, for the dashboard (English, `dashboard.claims.refusal.*`). */
export class ClaimDecisionError extends Refusal {
  override name = "ClaimDecisionError";
  constructor(
    id: string,
    status: RefusalStatus,
    values: Record<string, string | number> = {},
    field?: string,
  ) {
    super(`dashboard.claims.refusal.${id}`, values, { status, field });
  }
}

/** What staff may decide. */
export const claimDecisions = ["replace", "refund", "credit", "reject"] as const;
export type ClaimDecisionKind = (typeof claimDecisions)[number];

/** After this many failed calls a pending refund is left for staff to look at. */
export const MAX_REFUND_ATTEMPTS = 10;

const DAY_MS = 86_400_000;

type Order = typeof orders.$inferSelect;

/** A claimed line with what its order line says. */
interface ClaimedGoods {
  orderLineId: number;
  productId: number | null;
  name: string;
  description: string;
  imagePath: string;
  unitPricePaise: number;
  hsnCode: string;
  gstRateBp: number;
  quantity: number;
}

/** What a decision did. */
export interface DecisionOutcome {
  status: "replaced" | "refunded" | "credited" | "rejected";
  replacementOrderId?: number;
  /** The refund row to send to Razorpay now (online payments only). */
  refundToSend?: number;
  couponCode?: string;
  creditNotes: string[];
}

/**
 * Decides open claim `claimId` at `now` as `decision`, by `staff`.
 * @param input.note staff's words to the customer (≤ 500 characters; required to reject).
 * @param input.couponValidDays how long a store-credit coupon works (COUPON_VALID_DAYS).
 * @throws ClaimDecisionError 404 `notFound`; 409 `alreadyDecided`, `replacementStock` ({product},
 *   {left}), `refundAbovePaid` ({amount}); 422 `noteRequired`, `noteTooLong`. Nothing is
 *   written on any of them.
 */
export async function decideClaim(
  db: Database,
  input: {
    claimId: number;
    decision: ClaimDecisionKind;
    note: string;
    staff: { email: string; name: string };
    now: Date;
    couponValidDays: number;
  },
): Promise<DecisionOutcome> {
  const note = input.note.trim();
  if (note.length > 500) throw new ClaimDecisionError("noteTooLong", 422, { max: 500 }, "note");
  if (input.decision === "reject" && note.length < 3) {
    throw new ClaimDecisionError("noteRequired", 422, {}, "note");
  }
  return db.transaction(async (tx) => {
    const [claim] = await tx
      .select()
      .from(claims)
      .where(eq(claims.id, input.claimId))
      .for("update");
    if (!claim) throw new ClaimDecisionError("notFound", 404);
    if (claim.status !== "open") throw new ClaimDecisionError("alreadyDecided", 409);
    const [order] = await tx
      .select()
      .from(orders)
      .where(eq(orders.id, claim.orderId))
      .for("update");
    if (!order) throw new ClaimDecisionError("notFound", 404);
    const goods = await claimedGoods(tx, claim.id);
    const { outcome, decision } = await applyDecision(tx, input, claim, order, goods);
    await tx
      .update(claims)
      .set({
        status: outcome.status,
        decidedAt: input.now,
        decidedByName: input.staff.name,
        decisionNote: note,
        replacementOrderId: outcome.replacementOrderId ?? null,
      })
      .where(eq(claims.id, claim.id));
    await recordAudit(tx, {
      actor: { email: input.staff.email },
      action: `claim.${outcome.status}`,
      entity: "claim",
      entityId: claim.id,
      before: { status: "open" },
      after: {
        status: outcome.status,
        valuePaise: claimedValue(goods),
        replacementOrderId: outcome.replacementOrderId,
        couponCode: outcome.couponCode,
        creditNotes: outcome.creditNotes,
      },
    });
    await enqueueMessage(tx, {
      template: "claim_decided",
      to: { email: order.email, whatsapp: order.phone },
      params: { ...orderMessageParams(order), claimReference: claim.reference, decision, note },
      language: order.language,
      dedupeKey: `claim:${claim.id}:decided`,
      entity: { type: "order", id: order.id },
    });
    return outcome;
  });
}

/** The claimed goods' value: Σ unit price × claimed quantity, paise. */
function claimedValue(goods: readonly ClaimedGoods[]): number {
  return goods.reduce((sum, line) => sum + line.unitPricePaise * line.quantity, 0);
}

/**
 * What `input.decision` writes besides the claim's own row (inside the decision's
 * transaction): the replacement order, the refund row or the coupon, and the credit notes.
 * @returns the outcome and the decision as the customer's message tells it.
 */
async function applyDecision(
  tx: Database,
  input: { decision: ClaimDecisionKind; now: Date; couponValidDays: number },
  claim: { id: number; reference: string },
  order: Order,
  goods: readonly ClaimedGoods[],
): Promise<{ outcome: DecisionOutcome; decision: ClaimDecision }> {
  const valuePaise = claimedValue(goods);
  const claimRef = { id: claim.id, reference: claim.reference, orderId: order.id };
  let outcome: DecisionOutcome;
  let decision: ClaimDecision;
  if (input.decision === "replace") {
    const replacement = await placeReplacement(tx, order, goods, claim.id, input.now);
    outcome = { status: "replaced", replacementOrderId: replacement.id, creditNotes: [] };
    decision = {
      kind: "replaced",
      replacementReference: replacement.reference,
      replacementPath: localePath(order.language, `/orders/${replacement.trackingToken}`),
    };
  } else if (input.decision === "refund") {
    const refund = await recordRefund(tx, order, claim.id, valuePaise, input.now);
    outcome = {
      status: "refunded",
      refundToSend: refund.online ? refund.id : undefined,
      creditNotes: await creditClaimBills(tx, claimRef, goods, input.now),
    };
    decision = { kind: "refunded", amountPaise: valuePaise, online: refund.online };
  } else if (input.decision === "credit") {
    const expiresAt = new Date(input.now.getTime() + input.couponValidDays * DAY_MS);
    const code = await issueStoreCredit(tx, claim.id, valuePaise, expiresAt, input.now);
    outcome = {
      status: "credited",
      couponCode: code,
      creditNotes: await creditClaimBills(tx, claimRef, goods, input.now),
    };
    decision = {
      kind: "credited",
      amountPaise: valuePaise,
      couponCode: code,
      couponExpiresOn: todayInKolkata(expiresAt),
    };
  } else {
    outcome = { status: "rejected", creditNotes: [] };
    decision = { kind: "rejected" };
  }
  return { outcome, decision };
}

/** The claim's lines with their order lines' names, prices and codes, in order-line order. */
async function claimedGoods(tx: Database, claimId: number): Promise<ClaimedGoods[]> {
  return tx
    .select({
      orderLineId: orderLines.id,
      productId: orderLines.productId,
      name: orderLines.name,
      description: orderLines.description,
      imagePath: orderLines.imagePath,
      unitPricePaise: orderLines.unitPricePaise,
      hsnCode: orderLines.hsnCode,
      gstRateBp: orderLines.gstRateBp,
      quantity: claimLines.quantity,
    })
    .from(claimLines)
    .innerJoin(orderLines, eq(orderLines.id, claimLines.orderLineId))
    .where(eq(claimLines.claimId, claimId))
    .orderBy(asc(orderLines.id));
}

/**
 * A replacement order for `goods` to the claim's order's address: status 'confirmed' (staff
 * decided it), price 0 on every line, no delivery charge, cash on delivery with nothing to pay,
 * the order's delivery days; the stock taken now.
 * @throws ClaimDecisionError 409 `replacementStock` when a product has fewer than the claimed quantity.
 */
async function placeReplacement(
  tx: Database,
  order: Order,
  goods: readonly ClaimedGoods[],
  claimId: number,
  now: Date,
) {
  for (const line of goods) {
    const taken = line.productId
      ? await tx
          .update(products)
          .set({ stock: sql`${products.stock} - ${line.quantity}`, updatedAt: now })
          .where(and(eq(products.id, line.productId), gte(products.stock, line.quantity)))
          .returning({ stock: products.stock })
      : [];
    if (taken.length === 0) {
      const [left] = line.productId
        ? await tx
            .select({ stock: products.stock })
            .from(products)
            .where(eq(products.id, line.productId))
        : [];
      throw new ClaimDecisionError("replacementStock", 409, {
        product: line.name,
        left: left?.stock ?? 0,
      });
    }
  }
  const [replacement] = await tx
    .insert(orders)
    .values({
      reference: humanReference("OR"),
      trackingToken: unguessableToken(),
      idempotencyKey: `claim-${claimId}-replacement`,
      status: "confirmed",
      paymentMethod: "cod",
      paymentStatus: "unpaid",
      language: order.language,
      name: order.name,
      email: order.email,
      phone: order.phone,
      address: order.address,
      city: order.city,
      state: order.state,
      pinCode: order.pinCode,
      subtotalPaise: 0,
      discountPaise: 0,
      deliveryPaise: 0,
      deliveryMinDays: order.deliveryMinDays,
      deliveryMaxDays: order.deliveryMaxDays,
      totalPaise: 0,
      createdAt: now,
      updatedAt: now,
    })
    .returning({
      id: orders.id,
      reference: orders.reference,
      trackingToken: orders.trackingToken,
    });
  if (!replacement) throw new Error("claims: the replacement order's insert returned no row");
  await tx.insert(orderLines).values(
    goods.map((line) => ({
      orderId: replacement.id,
      productId: line.productId,
      name: line.name,
      description: line.description,
      imagePath: line.imagePath,
      unitPricePaise: 0,
      quantity: line.quantity,
      lineTotalPaise: 0,
      hsnCode: line.hsnCode,
      gstRateBp: line.gstRateBp,
    })),
  );
  return replacement;
}

/**
 * The refund row of a claim worth `valuePaise`: 'pending' for Razorpay when the order was paid
 * online, else 'to_pay' for staff. The money refunded by a claim never passes what the
 * customer paid in money (the order's total, less refunds of its earlier claims).
 * @throws ClaimDecisionError 409 `refundAbovePaid` ({amount}: what is left to refund).
 */
async function recordRefund(
  tx: Database,
  order: Order,
  claimId: number,
  valuePaise: number,
  now: Date,
) {
  const [earlier] = await tx
    .select({ paise: sql<number>`coalesce(sum(${claimRefunds.amountPaise}), 0)::int` })
    .from(claimRefunds)
    .where(eq(claimRefunds.orderId, order.id));
  const left = order.totalPaise - Number(earlier?.paise ?? 0);
  if (valuePaise > left || valuePaise <= 0) {
    throw new ClaimDecisionError("refundAbovePaid", 409, { amount: Math.max(left, 0) });
  }
  const online = order.paymentMethod === "online" && order.razorpayPaymentId !== null;
  const [refund] = await tx
    .insert(claimRefunds)
    .values({
      claimId,
      orderId: order.id,
      amountPaise: valuePaise,
      method: online ? "razorpay" : null,
      status: online ? "pending" : "to_pay",
      idempotencyKey: idempotencyKey(),
      razorpayPaymentId: online ? order.razorpayPaymentId : null,
      createdAt: now,
    })
    .returning({ id: claimRefunds.id });
  if (!refund) throw new Error("claims: the refund's insert returned no row");
  return { id: refund.id, online };
}

/** A store-credit coupon of `valuePaise` for the claim, valid until `expiresAt`; its code. */
async function issueStoreCredit(
  tx: Database,
  claimId: number,
  valuePaise: number,
  expiresAt: Date,
  now: Date,
): Promise<string> {
  const [coupon] = await tx
    .insert(coupons)
    .values({
      code: couponCode(),
      claimId,
      valuePaise,
      balancePaise: valuePaise,
      expiresAt,
      createdAt: now,
    })
    .returning({ code: coupons.code });
  if (!coupon) throw new Error("claims: the coupon's insert returned no row");
  return coupon.code;
}

/**
 * Asks Razorpay to make pending refund `refundId` (after the decision's transaction, and again
 * from the scheduler), with the row's idempotency key so a repeat never refunds twice. Accepted:
 * 'processed' with Razorpay's refund id and an audit row `claim.refund_processed`. Not accepted
 * (Razorpay unreachable, refusing, or online payment switched off): the attempt is counted and
 * its words kept for staff; the row stays 'pending'.
 * @returns true when the refund is processed (now or before).
 */
export async function sendClaimRefund(db: Database, refundId: number, now: Date): Promise<boolean> {
  const [refund] = await db
    .select({
      id: claimRefunds.id,
      status: claimRefunds.status,
      amountPaise: claimRefunds.amountPaise,
      paymentId: claimRefunds.razorpayPaymentId,
      idempotencyKey: claimRefunds.idempotencyKey,
      claimId: claimRefunds.claimId,
      reference: claims.reference,
    })
    .from(claimRefunds)
    .innerJoin(claims, eq(claims.id, claimRefunds.claimId))
    .where(eq(claimRefunds.id, refundId));
  if (!refund) return false;
  if (refund.status !== "pending" || !refund.paymentId) return refund.status === "processed";
  const config = razorpayConfig();
  try {
    if (!config) throw new Error("Online payment is not configured (RAZORPAY_* unset)");
    const made = await createRazorpayRefund(config, {
      paymentId: refund.paymentId,
      amountPaise: refund.amountPaise,
      idempotencyKey: refund.idempotencyKey,
      receipt: refund.reference,
    });
    await db.transaction(async (tx) => {
      const updated = await tx
        .update(claimRefunds)
        .set({ status: "processed", razorpayRefundId: made.id, lastError: null })
        .where(and(eq(claimRefunds.id, refund.id), eq(claimRefunds.status, "pending")))
        .returning({ id: claimRefunds.id });
      if (updated.length === 0) return;
      await recordAudit(tx, {
        actor: "system",
        action: "claim.refund_processed",
        entity: "claim",
        entityId: refund.claimId,
        after: { razorpayRefundId: made.id, amountPaise: refund.amountPaise, at: now },
      });
    });
    return true;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await db
      .update(claimRefunds)
      .set({ attempts: sql`${claimRefunds.attempts} + 1`, lastError: reason.slice(0, 500) })
      .where(eq(claimRefunds.id, refund.id));
    return false;
  }
}

/** The id of claim `claimId`'s refund, or null when it has none. */
export async function refundIdOfClaim(db: Database, claimId: number): Promise<number | null> {
  const [refund] = await db
    .select({ id: claimRefunds.id })
    .from(claimRefunds)
    .where(eq(claimRefunds.claimId, claimId));
  return refund?.id ?? null;
}

/**
 * The scheduler's 'claim-refunds' job: sends every pending Razorpay refund with fewer than
 * {@link MAX_REFUND_ATTEMPTS} failed calls, oldest first (at most 50 per run).
 * @returns how many are processed now.
 */
export async function sendPendingClaimRefunds(db: Database, now: Date): Promise<number> {
  const pending = await db
    .select({ id: claimRefunds.id })
    .from(claimRefunds)
    .where(and(eq(claimRefunds.status, "pending"), lt(claimRefunds.attempts, MAX_REFUND_ATTEMPTS)))
    .orderBy(asc(claimRefunds.createdAt))
    .limit(50);
  let processed = 0;
  for (const { id } of pending) if (await sendClaimRefund(db, id, now)) processed += 1;
  return processed;
}

/** How staff paid a cash-on-delivery order's claim refund back. */
export const refundPaidMethods = ["upi", "cash", "bank_transfer"] as const;

/**
 * Records that staff paid claim `claimId`'s 'to_pay' refund back (`reference`: the UPI
 * transaction id or bank reference; none for cash), audited, with 'claim_refund_paid' to the
 * customer, in one transaction.
 * @throws ClaimDecisionError 404 `notFound` (no refund to pay on this claim); 409 `refundPaidAlready`;
 *   422 `referenceRequired` (UPI or bank transfer without a reference).
 */
export async function recordClaimRefundPaid(
  db: Database,
  input: {
    claimId: number;
    method: (typeof refundPaidMethods)[number];
    reference: string;
    staff: { email: string; name: string };
    now: Date;
  },
): Promise<void> {
  const reference = input.reference.trim().slice(0, 100);
  if (input.method !== "cash" && reference.length < 4) {
    throw new ClaimDecisionError("referenceRequired", 422, {}, "reference");
  }
  await db.transaction(async (tx) => {
    const [refund] = await tx
      .select()
      .from(claimRefunds)
      .where(eq(claimRefunds.claimId, input.claimId))
      .for("update");
    if (!refund || refund.method === "razorpay") throw new ClaimDecisionError("notFound", 404);
    if (refund.status !== "to_pay") throw new ClaimDecisionError("refundPaidAlready", 409);
    await tx
      .update(claimRefunds)
      .set({
        status: "paid",
        method: input.method,
        reference: input.method === "cash" ? null : reference,
        paidByName: input.staff.name,
        paidAt: input.now,
      })
      .where(eq(claimRefunds.id, refund.id));
    const [claim] = await tx.select().from(claims).where(eq(claims.id, input.claimId));
    const [order] = await tx.select().from(orders).where(eq(orders.id, refund.orderId));
    if (!claim || !order) throw new ClaimDecisionError("notFound", 404);
    await recordAudit(tx, {
      actor: { email: input.staff.email },
      action: "claim.refund_paid",
      entity: "claim",
      entityId: claim.id,
      after: { amountPaise: refund.amountPaise, method: input.method, reference },
    });
    await enqueueMessage(tx, {
      template: "claim_refund_paid",
      to: { email: order.email, whatsapp: order.phone },
      params: {
        ...orderMessageParams(order),
        claimReference: claim.reference,
        amountPaise: refund.amountPaise,
        method: input.method,
      },
      language: order.language,
      dedupeKey: `claim:${claim.id}:refund-paid`,
      entity: { type: "order", id: order.id },
    });
  });
}
