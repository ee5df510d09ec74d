/**
 * What a signed-in customer keeps under their mobile number (docs/accounts.md "My account"):
 * saved delivery addresses (at most 10, exactly one of them the default while any exist) and
 * the language of the messages sent to that number. Both are keyed by the phone as stored on
 * pickups and orders, E.164 `+91XXXXXXXXXX`; there is no customer row to point at.
 */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { languages } from "../../i18n/languages";

/** The labels an address may carry (shown from the catalogues: `account.address.label.<x>`). */
export const addressLabels = ["home", "office", "other"] as const;
export type AddressLabel = (typeof addressLabels)[number];

export const customerAddresses = pgTable(
  "customer_addresses",
  {
    id: serial("id").primaryKey(),
    /** E.164, +91XXXXXXXXXX: the signed-in customer's number. */
    phone: text("phone").notNull(),
    label: text("label", { enum: addressLabels }).notNull(),
    name: text("name").notNull(),
    addressLine1: text("address_line1").notNull(),
    addressLine2: text("address_line2").notNull().default(""),
    city: text("city").notNull(),
    /** A state or union territory, stored in English as the checkout stores it. */
    state: text("state").notNull(),
    pinCode: text("pin_code").notNull(),
    /** Exactly one address per phone is the default while it has any (the partial index). */
    isDefault: boolean("is_default").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("customer_addresses_phone_format", sql`${t.phone} ~ '^\\+91[6-9][0-9]{9}$'`),
    check("customer_addresses_label_valid", sql`${t.label} in ('home', 'office', 'other')`),
    check("customer_addresses_pin_code_format", sql`${t.pinCode} ~ '^[1-9][0-9]{5}$'`),
    // The address book of one phone, default first then newest: a short index range.
    index("customer_addresses_phone_idx").on(t.phone, t.id),
    uniqueIndex("customer_addresses_one_default_idx").on(t.phone).where(sql`${t.isDefault}`),
  ],
);

/** The language messages to a phone are written in, once its customer has chosen one. */
export const customerPreferences = pgTable(
  "customer_preferences",
  {
    /** E.164, +91XXXXXXXXXX. */
    phone: text("phone").primaryKey(),
    language: text("language", { enum: languages }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("customer_preferences_phone_format", sql`${t.phone} ~ '^\\+91[6-9][0-9]{9}$'`),
    check("customer_preferences_language_valid", sql`${t.language} in ('en', 'hi', 'kn')`),
  ],
);

export type CustomerAddress = typeof customerAddresses.$inferSelect;
