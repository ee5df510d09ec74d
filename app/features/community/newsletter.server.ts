/**
 * The newsletter (docs/messages.md "Newsletter"): an admin writes a subject and a plain text on
 * the dashboard's Newsletter page, and sending it puts one outbox row per confirmed, subscribed
 * 'Join us' registration into the `messages` table (template 'newsletter'), spread over time so the mail
 * server is not flooded. The dispatcher sends them later; it asks
 * `newsletterRecipientUnsubscribed` first, so an address that unsubscribed after the send was
 * queued gets nothing more.
 */
import { and, asc, eq, gt, isNotNull, isNull, ne, sql } from "drizzle-orm";
import { recordAudit } from "~/db/audit.server";
import type { Database } from "~/db/client.server";
import { enqueueMessage } from "~/db/outbox.server";
import { auditLog } from "~/db/schema/audit";
import { registrations } from "~/db/schema/community";
import { messages } from "~/db/schema/messages";
import { type Lang, localePath } from "~/i18n/languages";

/**
 * Newsletter rows per minute: row i of a send is due `floor(i / 20)` minutes after the send
 * (1,000 subscribers take 50 minutes). Keeps a small shop's SMTP account under its provider's
 * hourly limits (docs/messages.md "Newsletter").
 */
export const NEWSLETTER_MESSAGES_PER_MINUTE = 20;

/** Registrations read per query while queueing a send. */
const SUBSCRIBER_BATCH = 500;

/** The audit action of a newsletter send (entity 'newsletter', entity id = the newsletter id). */
export const NEWSLETTER_SENT_ACTION = "newsletter.sent";

/**
 * The site-relative unsubscribe link of a registration (the renderer prefixes PUBLIC_URL), in
 * the language it registered in: `/unsubscribe/<token>`, `/hi/unsubscribe/<token>`.
 */
export function unsubscribePath(token: string, language: Lang = "en"): string {
  return localePath(language, `/unsubscribe/${token}`);
}

/**
 * Who gets newsletters: confirmed through the link of a confirmation e-mail (double opt-in;
 * rows from before it count as confirmed), not unsubscribed since, with an e-mail address
 * (docs/community.md "'Join us'"). A registration waiting for confirmation gets nothing.
 */
function subscribed() {
  return and(
    isNotNull(registrations.confirmedAt),
    isNull(registrations.unsubscribedAt),
    ne(registrations.email, ""),
  );
}

/** How many registrations would get a newsletter now (see `subscribed`). */
export async function subscriberCount(db: Database): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(registrations)
    .where(subscribed());
  return Number(row?.count ?? 0);
}

/** When the `index`-th row (0-based) of a send that starts at `start` is due. */
export function newsletterSendAfter(start: Date, index: number): Date {
  const minutes = Math.floor(index / NEWSLETTER_MESSAGES_PER_MINUTE);
  return new Date(start.getTime() + minutes * 60_000);
}

export interface NewsletterInput {
  /** The form's idempotency key: the newsletter's id in dedupe keys and the audit row. */
  newsletterId: string;
  subject: string;
  /** Plain text; paragraphs separated by blank lines. */
  text: string;
}

export type NewsletterSendResult =
  | { outcome: "queued"; count: number; lastSendAfter: Date | null }
  | { outcome: "already-sent"; count: number }
  | { outcome: "no-subscribers" };

/** The count of an earlier send of this newsletter id, or null when it was never sent. */
async function earlierSend(tx: Database, newsletterId: string): Promise<number | null> {
  const [row] = await tx
    .select({ details: auditLog.details })
    .from(auditLog)
    .where(and(eq(auditLog.entity, "newsletter"), eq(auditLog.entityId, newsletterId)))
    .limit(1);
  if (!row) return null;
  const after = (row.details as { after?: { count?: unknown } } | null)?.after;
  return typeof after?.count === "number" ? after.count : 0;
}

/** Queues one 'newsletter' row per subscribed registration, in id order, throttled. */
async function queueRows(tx: Database, input: NewsletterInput, start: Date) {
  let count = 0;
  let lastSendAfter: Date | null = null;
  let afterId = 0;
  for (;;) {
    const batch = await tx
      .select({
        id: registrations.id,
        email: registrations.email,
        token: registrations.unsubscribeToken,
        language: registrations.language,
      })
      .from(registrations)
      .where(and(subscribed(), gt(registrations.id, afterId)))
      .orderBy(asc(registrations.id))
      .limit(SUBSCRIBER_BATCH);
    for (const registration of batch) {
      lastSendAfter = newsletterSendAfter(start, count);
      count += await enqueueMessage(tx, {
        template: "newsletter",
        to: { email: registration.email },
        params: {
          subject: input.subject,
          text: input.text,
          unsubscribePath: unsubscribePath(registration.token, registration.language),
        },
        language: registration.language,
        dedupeKey: `newsletter:${input.newsletterId}:${registration.id}`,
        sendAfter: lastSendAfter,
        entity: { type: "newsletter", id: input.newsletterId },
      });
    }
    const last = batch.at(-1);
    if (!last || batch.length < SUBSCRIBER_BATCH) break;
    afterId = last.id;
  }
  return { count, lastSendAfter };
}

/**
 * Sends a newsletter to every confirmed, subscribed registration with an e-mail address, in ONE
 * transaction: one outbox row each (template 'newsletter', params {subject, text,
 * unsubscribePath: "/unsubscribe/<token>" in the registration's language}, the registration's
 * language, dedupe key `newsletter:<newsletterId>:<registration
 * id>`, entity {type: 'newsletter', id: newsletterId}), due NEWSLETTER_MESSAGES_PER_MINUTE per
 * minute from instant `now` (default: the time of the call; the route passes its own), and
 * the audit row 'newsletter.sent' {subject, count}. The newsletter id is the form's idempotency
 * key: sending the same form again (a double click, a replayed POST, two tabs) answers
 * 'already-sent' and adds nothing; two concurrent sends of one id are serialised by an
 * advisory lock.
 * @returns 'queued' with the row count and when the last row is due, 'already-sent' with the
 *   first send's count, or 'no-subscribers' (nothing written).
 */
export async function sendNewsletter(
  db: Database,
  actor: { email: string },
  input: NewsletterInput,
  now: Date = new Date(),
): Promise<NewsletterSendResult> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtext(${`newsletter ${input.newsletterId}`}))`,
    );
    const earlier = await earlierSend(tx, input.newsletterId);
    if (earlier !== null) return { outcome: "already-sent", count: earlier };
    const { count, lastSendAfter } = await queueRows(tx, input, now);
    if (count === 0) return { outcome: "no-subscribers" };
    await recordAudit(tx, {
      actor,
      action: NEWSLETTER_SENT_ACTION,
      entity: "newsletter",
      entityId: input.newsletterId,
      after: { subject: input.subject, count },
      extra: {
        perMinute: NEWSLETTER_MESSAGES_PER_MINUTE,
        lastSendAfter: lastSendAfter?.toISOString() ?? null,
      },
    });
    return { outcome: "queued", count, lastSendAfter };
  });
}

/**
 * Whether a queued newsletter must not go out to `recipient` (an e-mail address, the outbox
 * row's `recipient`): true when no registration with that address is confirmed and subscribed
 * (unsubscribed after the send was queued, or gone). The dispatcher calls it for every
 * 'newsletter' row just before sending and marks the row 'skipped' with "Unsubscribed" when it
 * answers true (docs/messages.md "Newsletter"). Addresses are compared lower-cased, as
 * registrations store them.
 */
export async function newsletterRecipientUnsubscribed(
  db: Database,
  recipient: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: registrations.id })
    .from(registrations)
    .where(and(eq(registrations.email, recipient.trim().toLowerCase()), subscribed()))
    .limit(1);
  return row === undefined;
}

/** The reason a newsletter row is skipped after its address left the mailing list. */
export const UNSUBSCRIBED_REASON = "Unsubscribed";

/**
 * Marks the still-pending newsletter rows to `email` 'skipped' with UNSUBSCRIBED_REASON, inside
 * the unsubscribe's transaction (docs/messages.md "Newsletter"). A row a dispatcher holds right
 * now is skipped too; the dispatcher's own check (`newsletterRecipientUnsubscribed`) covers the
 * send already under way.
 * @returns the number of rows skipped.
 */
export async function skipPendingNewsletters(tx: Database, email: string): Promise<number> {
  const skipped = await tx
    .update(messages)
    .set({ status: "skipped", lastError: UNSUBSCRIBED_REASON, updatedAt: sql`now()` })
    .where(
      and(
        eq(messages.template, "newsletter"),
        eq(messages.channel, "email"),
        eq(messages.recipient, email),
        eq(messages.status, "pending"),
      ),
    )
    .returning({ id: messages.id });
  return skipped.length;
}
