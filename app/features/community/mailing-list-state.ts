/**
 * Where a 'Join us' registration stands in the double opt-in (docs/community.md "'Join us'",
 * ADR 0027), from its three timestamps and a clock. Browser-safe: the dashboard page and the
 * server read the same rule.
 */

/** How long a confirmation link works after its e-mail was queued, days. */
export const CONFIRMATION_VALID_DAYS = 7;

/** Least time between two confirmation e-mails to one waiting address, minutes. */
export const CONFIRMATION_RESEND_MINUTES = 60;

const DAY_MS = 24 * 60 * 60_000;

/**
 * - `subscribed`: confirmed and not unsubscribed since; gets newsletters.
 * - `waiting`: a confirmation link was sent less than {@link CONFIRMATION_VALID_DAYS} days ago
 *   and not used yet (a new address, or an unsubscribed one that joined again).
 * - `expired`: never confirmed, and its link ran out; deleted by the nightly housekeeping.
 * - `unsubscribed`: left the list (and did not confirm a later 'Join us' in time).
 */
export type MailingListState = "subscribed" | "waiting" | "expired" | "unsubscribed";

/** The timestamps of a registration that decide its state (columns of `registrations`). */
export interface OptInTimes {
  confirmedAt: Date | null;
  confirmSentAt: Date | null;
  unsubscribedAt: Date | null;
}

/** The instant a confirmation link queued at `sentAt` stops working. */
export function confirmationExpiry(sentAt: Date): Date {
  return new Date(sentAt.getTime() + CONFIRMATION_VALID_DAYS * DAY_MS);
}

/**
 * True when the latest confirmation link has not been used: a link was sent, and the address
 * was not confirmed since (a row from before double opt-in has no link: false).
 */
export function confirmationUnused(row: OptInTimes): boolean {
  if (!row.confirmSentAt) return false;
  return row.confirmedAt === null || row.confirmedAt < row.confirmSentAt;
}

/**
 * The registration's state at instant `now` (see {@link MailingListState}; rule:
 * docs/community.md "'Join us'").
 */
export function mailingListState(row: OptInTimes, now: Date): MailingListState {
  if (row.confirmSentAt && confirmationUnused(row) && now < confirmationExpiry(row.confirmSentAt)) {
    return "waiting";
  }
  if (row.unsubscribedAt) return "unsubscribed";
  if (row.confirmedAt) return "subscribed";
  return "expired";
}

/** The English words of each state, for the staff dashboard (which is English). */
export const mailingListStateLabels: Record<MailingListState, string> = {
  subscribed: "Subscribed",
  waiting: "Waiting for confirmation",
  expired: "Not confirmed (link expired)",
  unsubscribed: "Unsubscribed",
};
