/**
 * The staff side of the outbox (docs/messages.md "Staff pages"): the messages of one pickup or
 * order, the Messages list (failed and skipped by default) with its CSV, and 'Send again', which
 * queues a copy of a message with its audit row in one transaction.
 */
import { and, desc, eq, ilike, inArray, like, or, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { recordAudit } from "~/db/audit.server";
import type { Database } from "~/db/client.server";
import { enqueueMessage, type MessageTemplate, messageTemplates } from "~/db/outbox.server";
import {
  type MessageChannel,
  type MessageStatus,
  messageChannels,
  messages,
} from "~/db/schema/messages";
import { csvKolkataTimestamp, csvRowsOf } from "~/utils/csv.server";
import { PAGE_SIZE, rowsOfEveryPage } from "~/utils/keyset.server";
import { epochMicros, olderThanCursor, pageOf } from "~/utils/keyset-time.server";
import { Refusal } from "~/utils/refusal";
import { containsPattern } from "~/utils/sql-like";
import { messageStatusFilters } from "./message-status";

/** Rows per query when a CSV export walks the whole list. */
const EXPORT_BATCH = 1000;

/** Most messages listed on one pickup's or order's page (newest first). */
export const MESSAGES_PER_RECORD = 100;

/** One message as the staff pages show it. */
export interface MessageRow {
  id: number;
  channel: MessageChannel;
  template: string;
  recipient: string;
  status: MessageStatus;
  attempts: number;
  lastError: string | null;
  entityType: string | null;
  entityId: string | null;
  /** The pickup's or order's reference from the parameters, when the message has one. */
  reference: string | null;
  createdAt: Date;
  sendAfter: Date;
  sentAt: Date | null;
}

const rowColumns = {
  id: messages.id,
  channel: messages.channel,
  template: messages.template,
  recipient: messages.recipient,
  status: messages.status,
  attempts: messages.attempts,
  lastError: messages.lastError,
  entityType: messages.entityType,
  entityId: messages.entityId,
  reference: sql<string | null>`${messages.params} ->> 'reference'`,
  createdAt: messages.createdAt,
  sendAfter: messages.sendAfter,
  sentAt: messages.sentAt,
};

/**
 * The messages of one pickup or order (or newsletter), newest first, at most
 * MESSAGES_PER_RECORD; served by `messages_entity_idx`.
 */
export async function messagesOf(
  db: Database,
  entity: { type: "pickup" | "order" | "newsletter"; id: string | number },
): Promise<MessageRow[]> {
  return db
    .select(rowColumns)
    .from(messages)
    .where(and(eq(messages.entityType, entity.type), eq(messages.entityId, String(entity.id))))
    .orderBy(desc(messages.id))
    .limit(MESSAGES_PER_RECORD);
}

// ---------------------------------------------------------------------------------------------
// The Messages page

/**
 * Filters of the Messages page and its CSV (docs/messages.md "Staff pages"): `status` "" means
 * failed or skipped (what needs a look), "all" every status; `q` searches the recipient and the
 * pickup's or order's reference (3 to 100 characters). Messages are `dashboard.*` ids (ADR 0024),
 * rendered by `fieldErrorTexts("en", issues)`.
 */
export const messageFiltersSchema = z.object({
  status: z
    .union([z.literal(""), z.enum(Object.keys(messageStatusFilters) as [string, ...string[]])], {
      error: "dashboard.messages.statusInvalid",
    })
    .optional()
    .transform((value) => value || undefined),
  channel: z
    .union([z.literal(""), z.enum(messageChannels)], { error: "dashboard.messages.channelInvalid" })
    .optional()
    .transform((value) => value || undefined),
  template: z
    .union([z.literal(""), z.enum(messageTemplates)], {
      error: "dashboard.messages.templateInvalid",
    })
    .optional()
    .transform((value) => value || undefined),
  q: z
    .string()
    .trim()
    .max(100, "dashboard.lists.searchTooLong")
    .refine((value) => value === "" || value.length >= 3, {
      message: "dashboard.lists.searchTooShort",
      params: { min: 3 },
    })
    .transform((value) => value || undefined),
});
export type MessageFilters = z.infer<typeof messageFiltersSchema>;

function statusCondition(status: string | undefined): SQL | undefined {
  if (status === "all") return undefined;
  if (status === undefined) return inArray(messages.status, ["failed", "skipped"]);
  return eq(messages.status, status as MessageStatus);
}

function searchCondition(q: string | undefined): SQL | undefined {
  if (!q) return undefined;
  const pattern = containsPattern(q);
  return or(
    ilike(messages.recipient, pattern),
    sql`${messages.params} ->> 'reference' ilike ${pattern}`,
  );
}

/**
 * One page of messages, newest first (created_at, id), with the filters.
 * @param after a cursor from the previous page's `next` (a bad cursor gives page 1).
 * @returns the rows and the cursor of the next page, or null on the last page.
 */
export async function listMessages(
  db: Database,
  filters: MessageFilters,
  after?: string | null,
  limit = PAGE_SIZE,
): Promise<{ rows: MessageRow[]; next: string | null }> {
  const found = await db
    .select({ ...rowColumns, sortMicros: epochMicros(messages.createdAt) })
    .from(messages)
    .where(
      and(
        statusCondition(filters.status),
        filters.channel ? eq(messages.channel, filters.channel) : undefined,
        filters.template ? eq(messages.template, filters.template) : undefined,
        searchCondition(filters.q),
        olderThanCursor(messages.createdAt, messages.id, after),
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit + 1);
  return pageOf(found, limit);
}

export const messageCsvHeader = [
  "Id",
  "Created (Asia/Kolkata)",
  "Channel",
  "Template",
  "Recipient",
  "About",
  "Reference",
  "Status",
  "Attempts",
  "Sent (Asia/Kolkata)",
  "Last error",
] as const;

/** Every message matching `filters`, as CSV rows, read in keyset batches of 1000. */
export function messageCsvRows(
  db: Database,
  filters: MessageFilters,
): AsyncGenerator<(string | number)[]> {
  const rows = rowsOfEveryPage((after) => listMessages(db, filters, after, EXPORT_BATCH));
  return csvRowsOf(rows, (row) => [
    row.id,
    csvKolkataTimestamp(row.createdAt),
    row.channel,
    row.template,
    row.recipient,
    row.entityType ? `${row.entityType} ${row.entityId ?? ""}`.trim() : "",
    row.reference ?? "",
    row.status,
    row.attempts,
    row.sentAt ? csvKolkataTimestamp(row.sentAt) : "",
    row.lastError ?? "",
  ]);
}

// ---------------------------------------------------------------------------------------------
// Send again

/** Why a 'Send again' was refused. */
export type MessageResendReason =
  | "unknown"
  | "pending"
  | "raced"
  | "tooLate"
  | "adminOnly"
  | "resentOnce";

/** The message id of each reason (`dashboard.messages.*`). */
const resendRefusalIds: Record<MessageResendReason, string> = {
  unknown: "dashboard.messages.notFound",
  pending: "dashboard.messages.stillPending",
  raced: "dashboard.messages.resendRaced",
  tooLate: "dashboard.messages.resendTooLate",
  adminOnly: "dashboard.messages.resendAdminOnly",
  resentOnce: "dashboard.messages.resendOnce",
};

/**
 * A refused 'Send again': a refusal (ADR 0024) with a `dashboard.messages.*` id; `reason` unknown
 * (404), pending (409: not sent yet), tooLate (409: past its `expires_at`), raced (409: another
 * 'Send again' of it just took the same key), adminOnly (403: a newsletter, by staff who are not
 * admins) or resentOnce (409: a newsletter already sent again once).
 */
export class MessageResendError extends Refusal {
  override name = "MessageResendError";
  declare readonly status: 403 | 404 | 409;
  constructor(readonly reason: MessageResendReason) {
    const status = reason === "unknown" ? 404 : reason === "adminOnly" ? 403 : 409;
    super(resendRefusalIds[reason], {}, { status });
  }
}

/**
 * A newsletter goes to every subscriber: sending one again is for admins, and once per row (a
 * second copy of a copy counts from the original), so a mistake cannot flood the list.
 */
const NEWSLETTER_RESENDS = 1;

/** The dedupe key a copy of a message gets: `<original key>:resend:<n>` (n from 1). */
export function resendKey(originalKey: string, n: number): string {
  return `${originalKey.replace(/:resend:\d+$/, "")}:resend:${n}`;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, "\\$&");
}

/**
 * 'Send again' (docs/messages.md "Staff pages"): queues a copy of a sent, failed or skipped
 * message (same channel, recipient, template, parameters, language and pickup/order), due now,
 * with the dedupe key `<original key>:resend:<n>` (n = copies so far + 1; a copy of a copy
 * counts from the original's key), and the audit row 'message.resend' on the message's pickup or
 * order (else on the message), in one transaction. The copy keeps the original's `expires_at`
 * (docs/messages.md "Too late"): a message that only made sense before a moment is never sent
 * after it, by the dispatcher or by staff.
 * A newsletter row may be sent again only by an admin and only once (`NEWSLETTER_RESENDS`).
 * @param actor who asks: `role` decides for newsletters.
 * @param now the request's time, compared with `expires_at`.
 * @returns the copy's id and dedupe key.
 * @throws MessageResendError 404 for an unknown message; 409 while it is still pending, when its
 *   `expires_at` is at or before `now` (a reminder after the slot began), or when another 'Send
 *   again' of it just won the same key; 403 for a newsletter asked by a non-admin, 409 for a
 *   newsletter already sent again (nothing is written).
 */
export async function resendMessage(
  db: Database,
  actor: { email: string; role?: string },
  messageId: number,
  now: Date,
): Promise<{ id: number; dedupeKey: string; entityType: string | null; entityId: string | null }> {
  return db.transaction(async (tx) => {
    const [original] = await tx.select().from(messages).where(eq(messages.id, messageId));
    if (!original) throw new MessageResendError("unknown");
    const newsletter = original.template === "newsletter";
    if (newsletter && actor.role !== "admin") throw new MessageResendError("adminOnly");
    if (original.status === "pending") throw new MessageResendError("pending");
    if (original.expiresAt && original.expiresAt.getTime() <= now.getTime()) {
      throw new MessageResendError("tooLate");
    }
    const base = original.dedupeKey.replace(/:resend:\d+$/, "");
    const [copies] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(messages)
      .where(
        and(
          eq(messages.channel, original.channel),
          like(messages.dedupeKey, `${escapeLike(base)}:resend:%`),
        ),
      );
    const made = Number(copies?.count ?? 0);
    if (newsletter && made >= NEWSLETTER_RESENDS) throw new MessageResendError("resentOnce");
    const dedupeKey = resendKey(base, made + 1);
    const entity =
      original.entityType && original.entityId
        ? { type: original.entityType as "pickup", id: original.entityId }
        : undefined;
    const added = await enqueueMessage(tx, {
      template: original.template as MessageTemplate,
      to: { [original.channel]: original.recipient },
      params: original.params as never,
      language: original.language as "en",
      dedupeKey,
      sendAfter: now,
      expiresAt: original.expiresAt ?? undefined,
      entity,
    });
    if (added === 0) {
      throw new MessageResendError("raced");
    }
    const [copy] = await tx
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.dedupeKey, dedupeKey), eq(messages.channel, original.channel)));
    await recordAudit(tx, {
      actor,
      action: "message.resend",
      entity: original.entityType ?? "message",
      entityId: original.entityId ?? original.id,
      extra: {
        messageId: original.id,
        copyId: copy?.id ?? null,
        template: original.template,
        channel: original.channel,
        dedupeKey,
      },
    });
    return {
      id: copy?.id ?? 0,
      dedupeKey,
      entityType: original.entityType,
      entityId: original.entityId,
    };
  });
}
