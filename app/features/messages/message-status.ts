/**
 * How the staff pages name a message's status, channel and filters (docs/messages.md "Staff
 * pages"). Pure data, shared by pages and server.
 */
import type { MessageChannel, MessageStatus } from "~/db/schema/messages";

export const messageStatusLabels: Record<MessageStatus, string> = {
  pending: "Waiting",
  sent: "Sent",
  failed: "Failed",
  skipped: "Skipped",
};

export const messageChannelLabels: Record<MessageChannel, string> = {
  email: "E-mail",
  whatsapp: "WhatsApp",
};

/**
 * The Messages page's status filter, in the order shown; no choice ("") lists failed and
 * skipped messages, the ones that need a look.
 */
export const messageStatusFilters = {
  failed: "Failed",
  skipped: "Skipped",
  pending: "Waiting",
  sent: "Sent",
  all: "All statuses",
} as const;

/** Messages in these statuses have a 'Send again' button. */
export const resendableStatuses: readonly MessageStatus[] = ["sent", "failed", "skipped"];

/** The staff page of what a message is about, or null (a newsletter, a digest). */
export function messageEntityPath(
  entityType: string | null,
  entityId: string | null,
): string | null {
  if (!entityId || !/^\d+$/.test(entityId)) return null;
  if (entityType === "pickup") return `/dashboard/pickups/${entityId}`;
  if (entityType === "order") return `/dashboard/orders/${entityId}`;
  return null;
}

/** What 'Send again' says on the page it returns to (`?message=<key>`, docs/messages.md). */
export const resendNotices = {
  resent: "The message was queued to be sent again.",
  pending: "That message is still waiting to be sent; it was not copied.",
  raced: "That message was just sent again by someone else.",
  tooLate: "That message is too late to send again: the moment it was for has passed.",
  adminOnly: "Only an admin can send a newsletter again.",
  resentOnce: "That newsletter was already sent again once; it was not copied.",
} as const;
export type ResendNotice = keyof typeof resendNotices;
