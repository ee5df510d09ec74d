/**
 * The 'Join us' mailing list with double opt-in (docs/community.md "'Join us'", ADR 0027):
 * joining stores a registration waiting for confirmation and queues a confirmation e-mail; only
 * the owner of the address, following the link and pressing the button, makes it subscribed.
 * Joining with an address already on the list changes none of its data and answers exactly as
 * for a new one, so the form tells nobody who is subscribed (India's Digital Personal Data
 * Protection Act 2023: consent that is specific, informed and given by the person it concerns).
 * Unsubscribing and confirming change state only on POST (RFC 8058 for the one-click POST).
 */
import { and, eq, isNotNull, isNull, lt, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { enqueueMessage } from "~/db/outbox.server";
import { registrations } from "~/db/schema/community";
import { type Lang, localePath } from "~/i18n/languages";
import { isUnguessableToken, unguessableToken } from "~/utils/codes.server";
import {
  CONFIRMATION_RESEND_MINUTES,
  CONFIRMATION_VALID_DAYS,
  confirmationExpiry,
  confirmationUnused,
  mailingListState,
  type OptInTimes,
} from "./mailing-list-state";
import { skipPendingNewsletters } from "./newsletter.server";

/** What a 'Join us' did; for tests and logs only: the visitor's answer never depends on it. */
export type JoinOutcome =
  /** A new registration, or one whose earlier link expired unused, now waiting. */
  | "created"
  /** An address waiting, or unsubscribed, got a (new) confirmation e-mail. */
  | "confirmation-sent"
  /** Nothing written: subscribed already, or a confirmation e-mail went out within the hour. */
  | "unchanged";

/** The 'Join us' form's values after validation (community.schema.ts). */
export interface JoinInput {
  name: string;
  /** Lower-cased. */
  email: string;
  /** E.164, +91XXXXXXXXXX. */
  contact: string;
}

/**
 * The site-relative confirmation link of a token in `language` (the renderer prefixes
 * PUBLIC_URL): `/subscribe/<token>`, `/hi/subscribe/<token>`.
 */
export function confirmationPath(token: string, language: Lang = "en"): string {
  return localePath(language, `/subscribe/${token}`);
}

/** Queues the confirmation e-mail of `token` to `email`, due at once, void after its link. */
async function queueConfirmation(
  tx: Database,
  row: { id: number; email: string; token: string },
  language: Lang,
  now: Date,
): Promise<void> {
  await enqueueMessage(tx, {
    template: "newsletter_confirm",
    to: { email: row.email },
    params: {
      confirmPath: confirmationPath(row.token, language),
      validDays: CONFIRMATION_VALID_DAYS,
    },
    language,
    dedupeKey: `registration:${row.id}:confirm:${now.getTime()}`,
    now,
    expiresAt: confirmationExpiry(now),
  });
}

/**
 * 'Join us' with double opt-in (docs/community.md "'Join us'", ADR 0027), in one transaction:
 * - a new address: a registration waiting for confirmation (its name, number and `language`,
 *   the page's) and a `newsletter_confirm` e-mail with a new 256-bit link token;
 * - an address whose earlier link expired unused: the same, replacing that unconfirmed row;
 * - an address waiting: its confirmation e-mail again (same link, a fresh
 *   CONFIRMATION_VALID_DAYS) when the last one is CONFIRMATION_RESEND_MINUTES old or more,
 *   else nothing; its name, number and language stay;
 * - an unsubscribed address: a confirmation e-mail with a new link; it stays unsubscribed, with
 *   its own name and number, until that link is used;
 * - a subscribed address: nothing.
 * The e-mail is in `language`. `now` is the event's clock (default: the call's).
 * @returns what happened, for tests only: the route answers every case alike.
 * @throws database errors (the route answers 503).
 */
export async function joinMailingList(
  db: Database,
  input: JoinInput,
  options: { language?: Lang; now?: Date } = {},
): Promise<{ outcome: JoinOutcome }> {
  const language = options.language ?? "en";
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const fresh = {
      name: input.name,
      phone: input.contact,
      language,
      unsubscribeToken: unguessableToken(),
      confirmToken: unguessableToken(),
      confirmSentAt: now,
      confirmedAt: null,
      unsubscribedAt: null,
      createdAt: now,
      updatedAt: now,
    };
    const [created] = await tx
      .insert(registrations)
      .values({ ...fresh, email: input.email })
      .onConflictDoNothing({ target: registrations.email })
      .returning({ id: registrations.id });
    if (created) {
      await queueConfirmation(
        tx,
        { ...created, ...input, token: fresh.confirmToken },
        language,
        now,
      );
      return { outcome: "created" };
    }
    const [row] = await tx
      .select()
      .from(registrations)
      .where(eq(registrations.email, input.email))
      .for("update");
    if (!row) throw new Error("A registration that conflicted on its e-mail is gone");
    const state = mailingListState(row, now);
    if (state === "subscribed") return { outcome: "unchanged" };
    if (state === "expired") {
      await tx.update(registrations).set(fresh).where(eq(registrations.id, row.id));
      await queueConfirmation(tx, { ...row, token: fresh.confirmToken }, language, now);
      return { outcome: "created" };
    }
    return { outcome: await sendAgain(tx, row, state === "waiting", language, now) };
  });
}

/**
 * A confirmation e-mail for a registration waiting (`keepLink`: the same link) or unsubscribed
 * (a new link), at most once per CONFIRMATION_RESEND_MINUTES; nothing else of it changes.
 */
async function sendAgain(
  tx: Database,
  row: { id: number; email: string; confirmToken: string | null; confirmSentAt: Date | null },
  keepLink: boolean,
  language: Lang,
  now: Date,
): Promise<JoinOutcome> {
  const lastSent = row.confirmSentAt?.getTime() ?? Number.NEGATIVE_INFINITY;
  if (now.getTime() - lastSent < CONFIRMATION_RESEND_MINUTES * 60_000) return "unchanged";
  const token = keepLink && row.confirmToken ? row.confirmToken : unguessableToken();
  await tx
    .update(registrations)
    .set({ confirmToken: token, confirmSentAt: now, updatedAt: now })
    .where(eq(registrations.id, row.id));
  await queueConfirmation(tx, { ...row, token }, language, now);
  return "confirmation-sent";
}

/**
 * What a confirmation link stands for now:
 * - `pending`: unused and working: pressing Confirm subscribes the address;
 * - `confirmed`: used already, and the address is still subscribed;
 * - `expired`: unused, and more than CONFIRMATION_VALID_DAYS old;
 * - `left`: used, but the address unsubscribed afterwards (the link does not subscribe it again);
 * - `unknown`: no such link (or not the shape of a token).
 */
export type ConfirmationStatus = "pending" | "confirmed" | "expired" | "left" | "unknown";

function statusOf(row: OptInTimes | undefined, now: Date): ConfirmationStatus {
  if (!row?.confirmSentAt) return "unknown";
  if (confirmationUnused(row)) {
    return now < confirmationExpiry(row.confirmSentAt) ? "pending" : "expired";
  }
  return row.unsubscribedAt && row.confirmedAt && row.unsubscribedAt > row.confirmedAt
    ? "left"
    : "confirmed";
}

async function rowByConfirmToken(db: Database, token: string, lock: boolean) {
  const query = db
    .select({
      id: registrations.id,
      confirmedAt: registrations.confirmedAt,
      confirmSentAt: registrations.confirmSentAt,
      unsubscribedAt: registrations.unsubscribedAt,
    })
    .from(registrations)
    .where(eq(registrations.confirmToken, token));
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

/**
 * The status of a confirmation link at `now`, changing nothing (the GET of the confirmation
 * page: mail scanners open links; docs/community.md).
 */
export async function confirmationStatus(
  db: Database,
  token: string,
  now: Date,
): Promise<ConfirmationStatus> {
  if (!isUnguessableToken(token)) return "unknown";
  return statusOf(await rowByConfirmToken(db, token, false), now);
}

/**
 * Confirms the address of a confirmation link (the POST of the confirmation page): a `pending`
 * link makes the registration subscribed (`confirmed_at` = `now`, `unsubscribed_at` cleared).
 * Idempotent: a used link answers `already` and writes nothing; `expired`, `left` and `unknown`
 * write nothing either (docs/community.md "'Join us'", ADR 0027).
 */
export async function confirmSubscription(
  db: Database,
  token: string,
  now: Date,
): Promise<"confirmed" | "already" | "expired" | "left" | "unknown"> {
  if (!isUnguessableToken(token)) return "unknown";
  return db.transaction(async (tx) => {
    const row = await rowByConfirmToken(tx, token, true);
    const status = statusOf(row, now);
    if (status === "confirmed") return "already";
    if (status !== "pending") return status;
    if (!row?.confirmSentAt) return "unknown";
    // Never before the e-mail was queued, whatever the caller's clock says.
    const confirmedAt = new Date(Math.max(now.getTime(), row.confirmSentAt.getTime()));
    await tx
      .update(registrations)
      .set({ confirmedAt, unsubscribedAt: null, updatedAt: now })
      .where(eq(registrations.id, row.id));
    return "confirmed";
  });
}

/**
 * Whether an unsubscribe link belongs to a registration and whether it is on the list, changing
 * nothing (the GET of the unsubscribe page, which asks for a button press).
 * @returns `subscribed` (not unsubscribed: the button would unsubscribe it; only confirmed
 *   addresses get newsletters, which carry this link), `unsubscribed`, or `unknown`.
 */
export async function unsubscribeStatus(
  db: Database,
  token: string,
): Promise<"subscribed" | "unsubscribed" | "unknown"> {
  if (!isUnguessableToken(token)) return "unknown";
  const [row] = await db
    .select({ subscribed: sql<boolean>`${registrations.unsubscribedAt} is null` })
    .from(registrations)
    .where(eq(registrations.unsubscribeToken, token));
  if (!row) return "unknown";
  return row.subscribed ? "subscribed" : "unsubscribed";
}

/**
 * Unsubscribes by token (a POST: the page's button, or a mail provider's RFC 8058 one-click
 * `List-Unsubscribe=One-Click`; docs/messages.md "Newsletter"): marks the registration
 * unsubscribed at `now` and skips its newsletter rows still waiting in the outbox, in one
 * transaction. Idempotent.
 * @returns "unsubscribed", "already" or "unknown".
 */
export async function unsubscribe(
  db: Database,
  token: string,
  now: Date = new Date(),
): Promise<"unsubscribed" | "already" | "unknown"> {
  if (!isUnguessableToken(token)) return "unknown";
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(registrations)
      .set({ unsubscribedAt: now, updatedAt: now })
      .where(and(eq(registrations.unsubscribeToken, token), isNull(registrations.unsubscribedAt)))
      .returning({ id: registrations.id, email: registrations.email });
    const [row] = updated;
    if (row) {
      await skipPendingNewsletters(tx, row.email);
      return "unsubscribed";
    }
    const [existing] = await tx
      .select({ id: registrations.id })
      .from(registrations)
      .where(eq(registrations.unsubscribeToken, token));
    return existing ? "already" : "unknown";
  });
}

/**
 * Deletes the registrations never confirmed whose latest link expired before `now`
 * (CONFIRMATION_VALID_DAYS after it was sent): personal data kept for a purpose the person never
 * agreed to (Digital Personal Data Protection Act 2023: erase once the purpose is not served).
 * Confirmed rows, unsubscribed or not, are kept. Run by the scheduler's nightly
 * 'delete-unconfirmed-registrations' job (docs/operations.md "Scheduler and housekeeping").
 * @returns the number of registrations deleted.
 */
export async function deleteUnconfirmedRegistrations(db: Database, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - CONFIRMATION_VALID_DAYS * 24 * 60 * 60_000);
  const deleted = await db
    .delete(registrations)
    .where(
      and(
        isNull(registrations.confirmedAt),
        isNotNull(registrations.confirmSentAt),
        lt(registrations.confirmSentAt, cutoff),
      ),
    )
    .returning({ id: registrations.id });
  return deleted.length;
}
