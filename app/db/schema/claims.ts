/**
 * Claims for plants that arrived damaged (docs/claims.md): a customer reports order lines with
 * a reason and one to three photos from the order's tracking page, within the claim window after
 * delivery; staff decide (replace, refund or store credit). A line can be claimed once. Photos
 * are stored re-encoded (app/utils/uploaded-image.server.ts) in the database, so every server
 * and every backup has them, and are served only through the order's token or to staff.
 */
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { bytea } from "./bytea";
import { orderLines, orders } from "./shop";

export const claimReasons = ["damaged", "dead", "wrong_item", "missing"] as const;
export type ClaimReason = (typeof claimReasons)[number];

export const claimStatuses = ["open", "replaced", "refunded", "credited", "rejected"] as const;
export type ClaimStatus = (typeof claimStatuses)[number];

export const claims = pgTable(
  "claims",
  {
    id: serial("id").primaryKey(),
    /** "CL-…", what the customer and staff quote. */
    reference: text("reference").notNull().unique("claims_reference_unique"),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id),
    status: text("status", { enum: claimStatuses }).notNull().default("open"),
    /** What the customer wrote (optional, at most 500 characters). */
    note: text("note").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    /** The staff member who decided, as named then. */
    decidedByName: text("decided_by_name"),
    /** What staff told the customer with the decision (required when rejecting). */
    decisionNote: text("decision_note").notNull().default(""),
    /** A replacement's new order (price 0, stock taken). */
    replacementOrderId: integer("replacement_order_id")
      .unique("claims_replacement_order_unique")
      .references(() => orders.id),
  },
  (t) => [
    check("claims_decided_together", sql`(${t.status} = 'open') = (${t.decidedAt} is null)`),
    check(
      "claims_replacement_order_when_replaced",
      sql`(${t.status} = 'replaced') = (${t.replacementOrderId} is not null)`,
    ),
    check("claims_decision_note_length", sql`char_length(${t.decisionNote}) <= 500`),
    check(
      "claims_status_valid",
      sql`${t.status} in ('open', 'replaced', 'refunded', 'credited', 'rejected')`,
    ),
    check("claims_note_length", sql`char_length(${t.note}) <= 500`),
    index("claims_order_idx").on(t.orderId),
    index("claims_status_created_idx").on(t.status, t.createdAt),
  ],
);

/** The lines a claim is about, each with how many and why. */
export const claimLines = pgTable(
  "claim_lines",
  {
    id: serial("id").primaryKey(),
    claimId: integer("claim_id")
      .notNull()
      .references(() => claims.id, { onDelete: "cascade" }),
    orderLineId: integer("order_line_id")
      .notNull()
      .references(() => orderLines.id),
    quantity: integer("quantity").notNull(),
    reason: text("reason", { enum: claimReasons }).notNull(),
  },
  (t) => [
    check("claim_lines_quantity_positive", sql`${t.quantity} > 0`),
    check(
      "claim_lines_reason_valid",
      sql`${t.reason} in ('damaged', 'dead', 'wrong_item', 'missing')`,
    ),
    // One claim per order line, ever: a second report of the same line is refused.
    uniqueIndex("claim_lines_order_line_unique").on(t.orderLineId),
  ],
);

/** A claim's photos, re-encoded JPEG (no metadata), one to three per claim. */
export const claimPhotos = pgTable(
  "claim_photos",
  {
    id: serial("id").primaryKey(),
    claimId: integer("claim_id")
      .notNull()
      .references(() => claims.id, { onDelete: "cascade" }),
    jpeg: bytea("jpeg").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
  },
  (t) => [index("claim_photos_claim_idx").on(t.claimId)],
);

export const refundMethods = ["razorpay", "upi", "cash", "bank_transfer"] as const;
export type RefundMethod = (typeof refundMethods)[number];

export const refundStatuses = ["pending", "processed", "to_pay", "paid"] as const;
export type RefundStatus = (typeof refundStatuses)[number];

/**
 * A claim's refund (docs/claims.md "Refunds"). Paid online: method 'razorpay', 'pending' until
 * Razorpay's refund API accepts it (called after the decision's transaction with
 * `idempotency_key` as X-Refund-Idempotency, retried by the scheduler), then 'processed' with
 * Razorpay's refund id. Cash on delivery: 'to_pay' until staff record how they paid it
 * (UPI, cash or bank transfer, with a reference), then 'paid'.
 */
export const claimRefunds = pgTable(
  "claim_refunds",
  {
    id: serial("id").primaryKey(),
    claimId: integer("claim_id")
      .notNull()
      .unique("claim_refunds_claim_unique")
      .references(() => claims.id),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id),
    amountPaise: integer("amount_paise").notNull(),
    /** 'razorpay' for an online payment; for cash on delivery null until paid. */
    method: text("method", { enum: refundMethods }),
    status: text("status", { enum: refundStatuses }).notNull(),
    /** Sent to Razorpay as X-Refund-Idempotency: a retry never refunds twice. */
    idempotencyKey: text("idempotency_key").notNull().unique("claim_refunds_idempotency_unique"),
    razorpayPaymentId: text("razorpay_payment_id"),
    razorpayRefundId: text("razorpay_refund_id").unique("claim_refunds_razorpay_refund_unique"),
    /** UPI transaction id or bank reference of a refund staff paid; null for cash. */
    reference: text("reference"),
    paidByName: text("paid_by_name"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** Calls to Razorpay that failed so far, and the last failure's words (staff see them). */
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("claim_refunds_amount_positive", sql`${t.amountPaise} > 0`),
    check(
      "claim_refunds_status_valid",
      sql`${t.status} in ('pending', 'processed', 'to_pay', 'paid')`,
    ),
    check(
      "claim_refunds_method_valid",
      sql`${t.method} is null or ${t.method} in ('razorpay', 'upi', 'cash', 'bank_transfer')`,
    ),
    check(
      "claim_refunds_online_has_payment",
      sql`(${t.method} = 'razorpay') = (${t.razorpayPaymentId} is not null)`,
    ),
    check(
      "claim_refunds_processed_has_refund_id",
      sql`(${t.status} = 'processed') = (${t.razorpayRefundId} is not null)`,
    ),
    check(
      "claim_refunds_paid_has_method",
      sql`${t.status} <> 'paid' or (${t.method} is not null and ${t.paidAt} is not null)`,
    ),
    index("claim_refunds_status_idx").on(t.status, t.createdAt),
  ],
);
