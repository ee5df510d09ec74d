/**
 * Mailing list ('Join us' registrations) and star reviews (spec §3 Registered users, Review).
 * A registration gets newsletters only once its address is confirmed (double opt-in:
 * docs/community.md, ADR 0027). Review ratings are integers 1 to 5 (docs/product.md: never 0).
 */
import { sql } from "drizzle-orm";
import { check, index, pgTable, serial, smallint, text, timestamp } from "drizzle-orm/pg-core";
import { languages } from "../../i18n/languages";

export const registrations = pgTable(
  "registrations",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    /** Stored lower-cased; one registration per address. */
    email: text("email").notNull().unique(),
    /** E.164, +91XXXXXXXXXX. */
    phone: text("phone").notNull(),
    unsubscribeToken: text("unsubscribe_token").notNull().unique(),
    /**
     * The language of the page it was made on ('en', 'hi', 'kn'): its messages and links use it
     * (docs/languages.md).
     */
    language: text("language", { enum: languages }).notNull().default("en"),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    /**
     * When the address was last confirmed through a confirmation link; null: never. Rows that
     * existed before double opt-in (migration 0016) count as confirmed at their `created_at`.
     */
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    /**
     * The token of the latest confirmation link (256 bits, base64url), kept after it is used so
     * a second click answers "already confirmed"; null for rows from before double opt-in.
     */
    confirmToken: text("confirm_token").unique(),
    /**
     * When the latest confirmation e-mail was queued: the link works for 7 days from then, and
     * another one is queued at most once an hour (docs/community.md).
     */
    confirmSentAt: timestamp("confirm_sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("registrations_language_valid", sql`${t.language} in ('en', 'hi', 'kn')`),
    // Dashboard list (newest first, keyset on created_at, id) and its contains-search.
    index("registrations_created_idx").on(t.createdAt, t.id),
    index("registrations_name_trgm_idx").using("gin", sql`${t.name} gin_trgm_ops`),
    index("registrations_email_trgm_idx").using("gin", sql`${t.email} gin_trgm_ops`),
    index("registrations_phone_trgm_idx").using("gin", sql`${t.phone} gin_trgm_ops`),
    // The nightly deletion of never-confirmed registrations whose link expired.
    index("registrations_unconfirmed_idx").on(t.confirmSentAt).where(sql`${t.confirmedAt} is null`),
  ],
);

export const reviewStatuses = ["published", "pending", "hidden"] as const;

export const reviews = pgTable(
  "reviews",
  {
    id: serial("id").primaryKey(),
    body: text("body").notNull(),
    rating: smallint("rating").notNull(),
    displayName: text("display_name"),
    status: text("status", { enum: reviewStatuses }).notNull().default("published"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("reviews_rating_range", sql`${t.rating} between 1 and 5`),
    check("reviews_status_valid", sql`${t.status} in ('published', 'pending', 'hidden')`),
    check("reviews_body_length", sql`char_length(${t.body}) between 1 and 1000`),
    index("reviews_status_created_idx").on(t.status, t.createdAt, t.id),
    index("reviews_created_idx").on(t.createdAt, t.id),
  ],
);
