/**
 * The transactional outbox (docs/messages.md): one row per message and channel, written in the
 * same transaction as the event that causes it, sent later by the dispatcher. A row is claimed by
 * setting `claimedUntil` (a lease) and `claimedBy`; a server that dies mid-send leaves the lease
 * to run out, and another server sends the row again (at most one repeat, never a silent drop).
 */
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";

export const messageChannels = ["email", "whatsapp"] as const;
export type MessageChannel = (typeof messageChannels)[number];

/**
 * pending: waiting for `sendAfter` (or a retry); sent; failed: gave up after the last attempt;
 * skipped: not sent on purpose (channel not configured, recipient unsubscribed, pickup moved or
 * cancelled, "Too late": past `expiresAt` or no longer true) with the reason in `lastError`.
 */
export const messageStatuses = ["pending", "sent", "failed", "skipped"] as const;
export type MessageStatus = (typeof messageStatuses)[number];

export const messages = pgTable(
  "messages",
  {
    id: serial("id").primaryKey(),
    channel: text("channel", { enum: messageChannels }).notNull(),
    /** A template name of features/messages (e.g. 'pickup_booked'); see docs/messages.md. */
    template: text("template").notNull(),
    /** E-mail address, or an Indian mobile in E.164 (+91XXXXXXXXXX) for WhatsApp. */
    recipient: text("recipient").notNull(),
    /** The template's parameters (JSON); rendered when the message is sent. */
    params: jsonb("params").notNull().default(sql`'{}'::jsonb`),
    /** Language the booking or order was made in: 'en' | 'hi' | 'kn'. */
    language: text("language").notNull().default("en"),
    /** One message per event and channel: e.g. 'pickup:42:booked', 'pickup:42:reminder-evening:2026-11-23T11:00'. */
    dedupeKey: text("dedupe_key").notNull(),
    /** What it is about, for the staff pages: 'pickup' | 'order' | 'newsletter' | 'digest'. */
    entityType: text("entity_type"),
    entityId: text("entity_id"),
    status: text("status", { enum: messageStatuses }).notNull().default("pending"),
    sendAfter: timestamp("send_after", { withTimezone: true }).notNull().defaultNow(),
    /**
     * Not after this instant (null: no limit): a reminder is pointless once its slot has begun.
     * A row still pending then is skipped as "Too late", never sent (docs/messages.md "Too late").
     */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    /** The dispatcher that holds the row, and until when (a lease). */
    claimedBy: text("claimed_by"),
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    /** The provider's id of the sent message (SMTP message id, WhatsApp message id). */
    providerMessageId: text("provider_message_id"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("messages_dedupe_channel_unique").on(t.dedupeKey, t.channel),
    check("messages_channel_valid", sql`${t.channel} in ('email', 'whatsapp')`),
    check("messages_status_valid", sql`${t.status} in ('pending', 'sent', 'failed', 'skipped')`),
    check("messages_attempts_nonnegative", sql`${t.attempts} >= 0`),
    // The dispatcher's claim: due pending rows in send order.
    index("messages_due_idx").on(t.sendAfter, t.id).where(sql`${t.status} = 'pending'`),
    // A pickup's or order's messages on its staff page.
    index("messages_entity_idx").on(t.entityType, t.entityId, t.id),
    // The Messages page: failed and skipped, newest first.
    index("messages_status_created_idx").on(t.status, t.createdAt, t.id),
  ],
);

export type Message = typeof messages.$inferSelect;
