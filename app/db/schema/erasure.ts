/**
 * The shop's proof of erasures (docs/accounts.md "Personal data and erasure", ADR 0039): one row
 * per customer whose personal data was erased, at their request or by the retention job. It
 * holds no personal data itself: the phone only as an HMAC-SHA-256 of its E.164 form keyed with
 * the session secret, so a customer who asks again can be told "erased on …" without the shop
 * keeping the number.
 */
import { sql } from "drizzle-orm";
import { bigserial, check, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Why the data was erased: the customer asked ('request') or the retention job ('retention'). */
export const erasureReasons = ["request", "retention"] as const;
export type ErasureReason = (typeof erasureReasons)[number];

export const erasureLog = pgTable(
  "erasure_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** HMAC-SHA-256 (hex) of the phone in E.164 (+91XXXXXXXXXX), keyed with the session secret. */
    phoneHash: text("phone_hash").notNull(),
    reason: text("reason", { enum: erasureReasons }).notNull(),
    /** Rows changed per table, e.g. {"pickups": 2, "orders": 1, "messages": 5}. */
    counts: jsonb("counts").$type<Record<string, number>>().notNull(),
    erasedAt: timestamp("erased_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    check("erasure_log_reason_valid", sql`${t.reason} in ('request', 'retention')`),
    check("erasure_log_phone_hash_format", sql`${t.phoneHash} ~ '^[0-9a-f]{64}$'`),
    index("erasure_log_phone_hash_idx").on(t.phoneHash, t.erasedAt),
    index("erasure_log_erased_idx").on(t.erasedAt, t.id),
  ],
);

export type ErasureLogRow = typeof erasureLog.$inferSelect;
