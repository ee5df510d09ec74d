/**
 * Where the shop delivers (docs/shop.md "Delivery areas", ADR 0042): staff define areas by a PIN
 * code prefix, each with its delivery charge, free-delivery amount, delivery time and cash on
 * delivery rule. The longest prefix that starts a PIN code serves it (`areaFor` in
 * app/features/delivery/delivery-quote.ts). Money is integer paise.
 */
import { sql } from "drizzle-orm";
import { boolean, check, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

export const deliveryAreas = pgTable(
  "delivery_areas",
  {
    id: serial("id").primaryKey(),
    /** 1–6 digits, first not 0; unique: one rule per prefix. */
    prefix: text("prefix").notNull().unique("delivery_areas_prefix_unique"),
    name: text("name").notNull(),
    chargePaise: integer("charge_paise").notNull(),
    /** Goods worth at least this (before any coupon) travel free; null: never free. */
    freeFromPaise: integer("free_from_paise"),
    minDays: integer("min_days").notNull(),
    maxDays: integer("max_days").notNull(),
    cashOnDelivery: boolean("cash_on_delivery").notNull().default(true),
    /** Highest amount a courier collects at the door here; null: no limit of the area's own. */
    cashOnDeliveryMaxPaise: integer("cash_on_delivery_max_paise"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("delivery_areas_prefix_format", sql`${t.prefix} ~ '^[1-9][0-9]{0,5}$'`),
    check("delivery_areas_name_length", sql`char_length(${t.name}) between 1 and 80`),
    check("delivery_areas_charge_range", sql`${t.chargePaise} between 0 and 10000000`),
    check(
      "delivery_areas_free_from_range",
      sql`${t.freeFromPaise} is null or ${t.freeFromPaise} between 0 and 100000000`,
    ),
    check(
      "delivery_areas_days_range",
      sql`${t.minDays} between 0 and 60 and ${t.maxDays} between ${t.minDays} and 60`,
    ),
    check(
      "delivery_areas_cod_max_range",
      sql`${t.cashOnDeliveryMaxPaise} is null or ${t.cashOnDeliveryMaxPaise} > 0`,
    ),
  ],
);

export type DeliveryAreaRow = typeof deliveryAreas.$inferSelect;
