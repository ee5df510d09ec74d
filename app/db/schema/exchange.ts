/**
 * The exchange loop (docs/exchange.md): the weigh sheets a collector saves at the door (every
 * version kept), the customer's decision on each, and the rewards issued when a sheet is
 * confirmed: a coupon (store credit spent at checkout), plants from stock, or money with a
 * payout record. Weights are integer grams, money integer paise, rates paise per kg.
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { products } from "./catalogue";
import { claims } from "./claims";
import { pickups } from "./pickups";
import { scrapMaterials } from "./rates";
import { orders } from "./shop";
import { staffUsers } from "./staff";

/**
 * A weigh sheet version's state: `pending` waits for the customer; `confirmed` closed the
 * exchange; `disputed` was objected to; `superseded` was replaced by a newer version; `closed`
 * ended a dispute without a new version.
 */
export const weighSheetStatuses = [
  "pending",
  "confirmed",
  "disputed",
  "superseded",
  "closed",
] as const;
export type WeighSheetStatus = (typeof weighSheetStatuses)[number];

/**
 * Who confirmed a sheet: the customer on the tracking page, the collector with the code, staff
 * closing a dispute, or staff holding an organisation's signed paper slip.
 */
export const confirmationChannels = [
  "tracking page",
  "handover code",
  "staff",
  "paper slip",
] as const;

export const weighSheets = pgTable(
  "weigh_sheets",
  {
    id: serial("id").primaryKey(),
    pickupId: integer("pickup_id")
      .notNull()
      .references(() => pickups.id, { onDelete: "cascade" }),
    /** 1, 2, … per pickup; a correction is a new version, never an edit. */
    version: integer("version").notNull(),
    status: text("status", { enum: weighSheetStatuses }).notNull().default("pending"),
    /** Σ weighed grams of the lines. */
    totalGrams: integer("total_grams").notNull(),
    /** Σ line amounts, paise. */
    subtotalPaise: integer("subtotal_paise").notNull(),
    /** Deducted under the 15 kg minimum (PICKUP_CHARGE_BELOW_MINIMUM_PAISE at saving), paise. */
    pickupChargePaise: integer("pickup_charge_paise").notNull().default(0),
    /** max(0, subtotal − pickup charge), paise: what the scrap is worth to the customer. */
    payoutPaise: integer("payout_paise").notNull(),
    /** COUPON_BONUS_PERCENT at saving; applies to coupon and plant rewards. */
    bonusPercent: integer("bonus_percent").notNull(),
    /** The reward's value: payout + bonus for coupon and plants, the payout for money. */
    rewardValuePaise: integer("reward_value_paise").notNull(),
    createdById: text("created_by_id").references(() => staffUsers.id, { onDelete: "set null" }),
    createdByName: text("created_by_name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the customer confirmed or disputed, or staff closed the dispute. */
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    /** 'tracking page' | 'handover code' | 'staff' for confirmations. */
    confirmedVia: text("confirmed_via", { enum: confirmationChannels }),
    disputeReason: text("dispute_reason"),
    /** Staff's note when they closed a dispute or corrected the sheet. */
    resolutionNote: text("resolution_note"),
    /**
     * Worth more than WEIGH_SHEET_APPROVAL_ABOVE_PAISE when saved: an admin approves it before
     * the customer can confirm it (docs/exchange.md "Approval of a large sheet").
     */
    approvalRequired: boolean("approval_required").notNull().default(false),
    approvedAt: timestamp("approved_at", { withTimezone: true }),
    approvedByName: text("approved_by_name"),
  },
  (t) => [
    unique("weigh_sheets_pickup_version_unique").on(t.pickupId, t.version),
    // At most one version waits for the customer at a time.
    uniqueIndex("weigh_sheets_one_pending_idx").on(t.pickupId).where(sql`${t.status} = 'pending'`),
    check(
      "weigh_sheets_status_valid",
      sql`${t.status} in ('pending', 'confirmed', 'disputed', 'superseded', 'closed')`,
    ),
    check(
      "weigh_sheets_amounts_valid",
      sql`${t.version} >= 1 and ${t.totalGrams} >= 0 and ${t.subtotalPaise} >= 0 and ${t.pickupChargePaise} >= 0 and ${t.payoutPaise} >= 0 and ${t.rewardValuePaise} >= ${t.payoutPaise} and ${t.bonusPercent} between 0 and 100`,
    ),
    check("weigh_sheets_approval_valid", sql`${t.approvedAt} is null or ${t.approvalRequired}`),
    // Disputes queue on the overview.
    index("weigh_sheets_status_idx").on(t.status, t.decidedAt),
    // Sheets waiting for an admin's approval on the overview.
    index("weigh_sheets_awaiting_approval_idx")
      .on(t.createdAt)
      .where(sql`${t.approvalRequired} and ${t.approvedAt} is null and ${t.status} = 'pending'`),
  ],
);

export const weighSheetLines = pgTable(
  "weigh_sheet_lines",
  {
    id: serial("id").primaryKey(),
    weighSheetId: integer("weigh_sheet_id")
      .notNull()
      .references(() => weighSheets.id, { onDelete: "cascade" }),
    materialId: integer("material_id")
      .notNull()
      .references(() => scrapMaterials.id),
    /** The material's name when weighed (the rate list may rename it later). */
    materialName: text("material_name").notNull(),
    /** Weighed on the scale, grams (the form takes kg with 3 decimals). */
    grams: integer("grams").notNull(),
    /** The rate of the day of collection, paise per kg, stored per line. */
    ratePaisePerKg: integer("rate_paise_per_kg").notNull(),
    /** round(grams × rate / 1000), paise. */
    amountPaise: integer("amount_paise").notNull(),
  },
  (t) => [
    unique("weigh_sheet_lines_material_unique").on(t.weighSheetId, t.materialId),
    check(
      "weigh_sheet_lines_values_valid",
      sql`${t.grams} > 0 and ${t.ratePaisePerKg} >= 0 and ${t.amountPaise} >= 0`,
    ),
  ],
);

/** Plants the collector picked as the reward of a 'plants' pickup, on the sheet version. */
export const weighSheetPlants = pgTable(
  "weigh_sheet_plants",
  {
    id: serial("id").primaryKey(),
    weighSheetId: integer("weigh_sheet_id")
      .notNull()
      .references(() => weighSheets.id, { onDelete: "cascade" }),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id),
    name: text("name").notNull(),
    unitPricePaise: integer("unit_price_paise").notNull(),
    quantity: integer("quantity").notNull(),
    lineTotalPaise: integer("line_total_paise").notNull(),
  },
  (t) => [
    unique("weigh_sheet_plants_product_unique").on(t.weighSheetId, t.productId),
    check(
      "weigh_sheet_plants_values_valid",
      sql`${t.quantity} between 1 and 100 and ${t.lineTotalPaise} = ${t.unitPricePaise} * ${t.quantity}`,
    ),
  ],
);

/**
 * Store credit issued for a confirmed 'coupon' pickup: spent at checkout (a discount line on
 * the order), the rest kept as a balance until `expiresAt`.
 */
export const coupons = pgTable(
  "coupons",
  {
    id: serial("id").primaryKey(),
    /** SS-XXXX-XXXX, from an alphabet without look-alikes; unguessable (≈ 40 bits). */
    code: text("code").notNull().unique(),
    /** The pickup whose reward it is; null for a claim's store credit. */
    pickupId: integer("pickup_id")
      .unique()
      .references(() => pickups.id),
    weighSheetId: integer("weigh_sheet_id").references(() => weighSheets.id),
    /** The claim it is store credit for (docs/claims.md); null for a pickup's reward. */
    claimId: integer("claim_id")
      .unique("coupons_claim_unique")
      .references(() => claims.id),
    valuePaise: integer("value_paise").notNull(),
    balancePaise: integer("balance_paise").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "coupons_balance_valid",
      sql`${t.valuePaise} >= 0 and ${t.balancePaise} >= 0 and ${t.balancePaise} <= ${t.valuePaise}`,
    ),
    check(
      "coupons_issued_for_one",
      sql`(${t.pickupId} is not null and ${t.weighSheetId} is not null and ${t.claimId} is null) or (${t.pickupId} is null and ${t.weighSheetId} is null and ${t.claimId} is not null)`,
    ),
    check("coupons_code_format", sql`${t.code} ~ '^SS-[0-9A-Z]{4}-[0-9A-Z]{4}$'`),
    index("coupons_created_idx").on(t.createdAt, t.id),
  ],
);

/** One order's use of a coupon; `refundedAt` is set when the order is cancelled. */
export const couponRedemptions = pgTable(
  "coupon_redemptions",
  {
    id: serial("id").primaryKey(),
    couponId: integer("coupon_id")
      .notNull()
      .references(() => coupons.id),
    orderId: integer("order_id")
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: "cascade" }),
    amountPaise: integer("amount_paise").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
  },
  (t) => [
    check("coupon_redemptions_amount_positive", sql`${t.amountPaise} > 0`),
    index("coupon_redemptions_coupon_idx").on(t.couponId),
  ],
);

export const payoutMethods = ["upi", "cash", "bank_transfer"] as const;
export type PayoutMethod = (typeof payoutMethods)[number];

/** The money paid for a confirmed 'money' pickup; one per pickup. */
export const payouts = pgTable(
  "payouts",
  {
    id: serial("id").primaryKey(),
    pickupId: integer("pickup_id")
      .notNull()
      .unique()
      .references(() => pickups.id),
    amountPaise: integer("amount_paise").notNull(),
    method: text("method", { enum: payoutMethods }).notNull(),
    /** UPI transaction id or bank reference; null for cash. */
    reference: text("reference"),
    paidById: text("paid_by_id").references(() => staffUsers.id, { onDelete: "set null" }),
    paidByName: text("paid_by_name").notNull(),
    paidAt: timestamp("paid_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("payouts_amount_nonnegative", sql`${t.amountPaise} >= 0`),
    check("payouts_method_valid", sql`${t.method} in ('upi', 'cash', 'bank_transfer')`),
    index("payouts_paid_idx").on(t.paidAt, t.id),
  ],
);

export type WeighSheet = typeof weighSheets.$inferSelect;
export type Coupon = typeof coupons.$inferSelect;
export type Payout = typeof payouts.$inferSelect;

/**
 * The daily roll-up of confirmed weigh sheets (docs/exchange.md "Daily totals", ADR 0036): Σ
 * grams per rate-list material of the confirmed sheets of pickups collected on `collectedOn`, an
 * Asia/Kolkata calendar day. Written in the confirmation's transaction
 * (app/features/exchange/daily-totals.server.ts) by adding to the day's row, so the overview's
 * month and 30-day figures read a few hundred rows whatever the number of pickups.
 */
export const collectedGramsDaily = pgTable(
  "collected_grams_daily",
  {
    collectedOn: date("collected_on", { mode: "string" }).notNull(),
    materialId: integer("material_id")
      .notNull()
      .references(() => scrapMaterials.id),
    /** Σ grams (a day of a busy shop stays far below 2^53). */
    grams: bigint("grams", { mode: "number" }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.collectedOn, t.materialId] }),
    check("collected_grams_daily_grams_valid", sql`${t.grams} >= 0`),
  ],
);

/**
 * Plants handed over per Asia/Kolkata day: Σ quantities on the confirmed sheets of 'plants'
 * pickups collected that day (the roll-up's second half, written with collectedGramsDaily).
 */
export const plantsGivenDaily = pgTable(
  "plants_given_daily",
  {
    givenOn: date("given_on", { mode: "string" }).primaryKey(),
    plants: integer("plants").notNull(),
  },
  (t) => [check("plants_given_daily_plants_valid", sql`${t.plants} >= 0`)],
);
