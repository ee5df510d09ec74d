/**
 * Customer sign-in (docs/accounts.md "Signing in"; ADR 0037): the one-time codes sent to a
 * phone and the sessions of signed-in customers. A customer is their Indian mobile number
 * (`+91XXXXXXXXXX`, app/utils/phone.ts); there is no customer table.
 *
 * - `customer_sessions`: one row per signed-in browser. The cookie holds a random id; the row
 *   keeps only its SHA-256 (hex), so a copy of the database signs nobody in. `last_seen_at`
 *   carries the idle timeout, `created_at` the absolute one (customer-session.server.ts).
 * - `one_time_codes`: at most one code per phone and purpose ('sign_in', later 'cod_confirm');
 *   a new code replaces the row. Only an HMAC-SHA-256 of the code, keyed with the session
 *   secret and bound to the phone and purpose, is stored; `attempts` counts wrong tries (at most
 *   5, counted by one atomic UPDATE), `used_at` marks the code spent.
 * - `verified_phones`: phones that have entered a correct code at least once (to sign in or to
 *   confirm an order). A cash-on-delivery order above COD_CONFIRM_ABOVE_PAISE from a phone not
 *   listed here waits for a code (docs/shop.md "Confirming a cash-on-delivery order"). Personal
 *   data: erasure deletes the phone's row (docs/accounts.md).
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
  unique,
} from "drizzle-orm/pg-core";

/** What a one-time code is for; a code of one purpose never passes for another. */
export const codePurposes = ["sign_in", "cod_confirm"] as const;
export type CodePurpose = (typeof codePurposes)[number];

export const verifiedPhones = pgTable(
  "verified_phones",
  {
    /** `+91XXXXXXXXXX`. */
    phone: text("phone").primaryKey(),
    /** The first and the latest correct code. */
    firstVerifiedAt: timestamp("first_verified_at", { withTimezone: true }).notNull(),
    lastVerifiedAt: timestamp("last_verified_at", { withTimezone: true }).notNull(),
  },
  (t) => [check("verified_phones_phone_format", sql`${t.phone} ~ '^\\+91[6-9][0-9]{9}$'`)],
);

export const customerSessions = pgTable(
  "customer_sessions",
  {
    /** SHA-256 (hex) of the random id in the cookie; the id itself is never stored. */
    idHash: text("id_hash").primaryKey(),
    /** The signed-in phone, `+91XXXXXXXXXX`. */
    phone: text("phone").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    /** Last use, moved forward at most every 5 minutes (the idle timeout counts from it). */
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    check("customer_sessions_phone_format", sql`${t.phone} ~ '^\\+91[6-9][0-9]{9}$'`),
    // 'Sign out on all devices' deletes a phone's sessions.
    index("customer_sessions_phone_idx").on(t.phone),
  ],
);

export const oneTimeCodes = pgTable(
  "one_time_codes",
  {
    id: serial("id").primaryKey(),
    phone: text("phone").notNull(),
    purpose: text("purpose", { enum: codePurposes }).notNull(),
    /** HMAC-SHA-256 (hex) of `purpose:phone:code` with the session secret. */
    codeHash: text("code_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** Wrong tries so far; the code is dead at 5. */
    attempts: integer("attempts").notNull().default(0),
    /** When the code was accepted; a spent code is refused as replayed. */
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [
    unique("one_time_codes_phone_purpose_unique").on(t.phone, t.purpose),
    check("one_time_codes_purpose_valid", sql`${t.purpose} in ('sign_in', 'cod_confirm')`),
    check("one_time_codes_phone_format", sql`${t.phone} ~ '^\\+91[6-9][0-9]{9}$'`),
    check("one_time_codes_attempts_range", sql`${t.attempts} between 0 and 5`),
  ],
);
