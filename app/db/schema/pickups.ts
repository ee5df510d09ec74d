/**
 * Scrap pickups (spec §3 Pick-Up; docs/product.md): a booking for a date (Asia/Kolkata) and a
 * configured 2-hour slot, with an estimate from the rate list, the collector assigned to it and
 * their visit (on the way, arrived, the handover code), and, once the customer confirms the
 * weigh sheet (docs/exchange.md), the payout. Weights are integer grams; money is integer paise.
 */
import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { languages } from "../../i18n/languages";
import { scrapMaterials } from "./rates";
import { staffUsers } from "./staff";

export const pickupStatuses = [
  "requested",
  "confirmed",
  "weighed",
  "disputed",
  "collected",
  "cancelled",
  "missed",
] as const;
export type PickupStatus = (typeof pickupStatuses)[number];
export const rewardPreferences = ["plants", "coupon", "money"] as const;

export const pickups = pgTable(
  "pickups",
  {
    id: serial("id").primaryKey(),
    /** Short human reference, e.g. PU-4M8TQ2. */
    reference: text("reference").notNull().unique(),
    trackingToken: text("tracking_token").notNull().unique(),
    idempotencyKey: text("idempotency_key").unique(),
    status: text("status", { enum: pickupStatuses }).notNull().default("requested"),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    addressLine1: text("address_line1").notNull(),
    addressLine2: text("address_line2").notNull(),
    city: text("city").notNull(),
    pinCode: text("pin_code").notNull(),
    /** Calendar date in Asia/Kolkata. */
    pickupDate: date("pickup_date", { mode: "string" }).notNull(),
    /** Slot start as HH:MM in Asia/Kolkata, one of the configured slots. */
    slotStart: text("slot_start").notNull(),
    rewardPreference: text("reward_preference", { enum: rewardPreferences }).notNull(),
    /**
     * The language of the page it was made on ('en', 'hi', 'kn'): its messages and links use it
     * (docs/languages.md).
     */
    language: text("language", { enum: languages }).notNull().default("en"),
    estimatePaise: integer("estimate_paise").notNull().default(0),
    /** The payout of the confirmed weigh sheet (before any coupon/plant bonus). */
    payoutPaise: integer("payout_paise"),
    /** Free text from before weigh sheets existed; new collections leave it null. */
    rewardGiven: text("reward_given"),
    /** The collector who visits (a staff account with role 'collector'); null = unassigned. */
    collectorId: text("collector_id").references(() => staffUsers.id, { onDelete: "set null" }),
    /** 'On my way' tapped by the collector; the tracking page shows it. */
    onTheWayAt: timestamp("on_the_way_at", { withTimezone: true }),
    arrivedAt: timestamp("arrived_at", { withTimezone: true }),
    /** 4 digits shown to the customer from 'On my way'; the collector may type it to confirm. */
    handoverCode: text("handover_code"),
    /**
     * The weigh sheet version the handover code confirms (0 = issued before any sheet; the
     * first save binds it, every later save draws a new code); null while there is no code.
     */
    handoverCodeVersion: integer("handover_code_version"),
    /** Wrong handover codes typed for this code; at 5 it is locked; a new sheet resets it. */
    handoverFailures: integer("handover_failures").notNull().default(0),
    /** When the customer (or the handover code) confirmed the weigh sheet. */
    collectedAt: timestamp("collected_at", { withTimezone: true }),
    /**
     * A money reward's payout as recorded (`payouts.paid_at`, written with the payouts row):
     * null while it waits, so the payouts to make are a partial index of their own.
     */
    paidOutAt: timestamp("paid_out_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "pickups_status_valid",
      sql`${t.status} in ('requested', 'confirmed', 'weighed', 'disputed', 'collected', 'cancelled', 'missed')`,
    ),
    check(
      "pickups_handover_code_format",
      sql`${t.handoverCode} is null or ${t.handoverCode} ~ '^[0-9]{4}$'`,
    ),
    check("pickups_reward_valid", sql`${t.rewardPreference} in ('plants', 'coupon', 'money')`),
    check("pickups_language_valid", sql`${t.language} in ('en', 'hi', 'kn')`),
    check("pickups_slot_format", sql`${t.slotStart} ~ '^[0-2][0-9]:[0-5][0-9]$'`),
    check("pickups_pin_code_format", sql`${t.pinCode} ~ '^[1-9][0-9]{5}$'`),
    check(
      "pickups_money_nonnegative",
      sql`${t.estimatePaise} >= 0 and (${t.payoutPaise} is null or ${t.payoutPaise} >= 0)`,
    ),
    index("pickups_date_slot_idx").on(t.pickupDate, t.slotStart, t.status),
    // The route sheet (a collector's day) and the list's collector filter.
    index("pickups_collector_date_idx").on(t.collectorId, t.pickupDate, t.id),
    index("pickups_created_idx").on(t.createdAt),
    // Kilograms collected per day (the overview's chart) and the payouts to make, oldest first.
    index("pickups_collected_idx").on(t.collectedAt, t.id),
    // The payouts to make (the Payouts page, oldest first, and the overview's count): only the
    // collected money pickups not paid yet are in it, so reading them costs the backlog, not
    // every pickup ever paid.
    index("pickups_payouts_to_make_idx")
      .on(t.collectedAt, t.id)
      .where(
        sql`${t.status} = 'collected' and ${t.rewardPreference} = 'money' and ${t.paidOutAt} is null`,
      ),
    // The pickups still to visit by date and slot (requested, confirmed): the overview's
    // "Needs attention" reads the overdue ones from it, so its cost is that backlog's.
    index("pickups_active_date_slot_idx")
      .on(t.pickupDate, t.slotStart, t.id)
      .where(sql`${t.status} in ('requested', 'confirmed')`),
    // Dashboard list (docs/dashboard.md): every filter combination is an index range scan
    // already in the list's order (pickup_date desc, id desc), so a page costs O(log n).
    index("pickups_date_id_idx").on(t.pickupDate, t.id),
    index("pickups_status_date_idx").on(t.status, t.pickupDate, t.id),
    index("pickups_city_idx").on(sql`lower(${t.city})`, t.pickupDate, t.id),
    index("pickups_status_city_date_idx").on(t.status, sql`lower(${t.city})`, t.pickupDate, t.id),
    index("pickups_pin_code_idx").on(t.pinCode, t.pickupDate, t.id),
    index("pickups_status_pin_code_date_idx").on(t.status, t.pinCode, t.pickupDate, t.id),
    index("pickups_phone_idx").on(t.phone, t.pickupDate, t.id),
    // Name search (ILIKE '%q%', case-insensitive) through trigrams.
    index("pickups_name_trgm_idx").using("gin", sql`${t.name} gin_trgm_ops`),
  ],
);

export const pickupItems = pgTable(
  "pickup_items",
  {
    id: serial("id").primaryKey(),
    pickupId: integer("pickup_id")
      .notNull()
      .references(() => pickups.id, { onDelete: "cascade" }),
    materialId: integer("material_id")
      .notNull()
      .references(() => scrapMaterials.id),
    /** Rate at booking time, paise per kg. */
    ratePaisePerKg: integer("rate_paise_per_kg").notNull(),
    estimatedGrams: integer("estimated_grams"),
    weighedGrams: integer("weighed_grams"),
  },
  (t) => [
    check(
      "pickup_items_grams_positive",
      sql`(${t.estimatedGrams} is null or ${t.estimatedGrams} > 0) and (${t.weighedGrams} is null or ${t.weighedGrams} >= 0)`,
    ),
    index("pickup_items_pickup_idx").on(t.pickupId),
  ],
);

export type Pickup = typeof pickups.$inferSelect;
