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
  customType,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { orderLines, orders } from "./shop";

/** PostgreSQL `bytea`, as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer }>({
  dataType: () => "bytea",
});

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
  },
  (t) => [
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
