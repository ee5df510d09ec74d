/**
 * Closing a dispute (docs/exchange.md "Disputes"), browser-safe: the outcomes staff choose
 * from, and the answers the dashboard pickup page shows after the redirect from
 * /dashboard/pickups/:id/dispute (`?dispute=<key>`): the route turns the refusal's message id
 * into the key, the page shows the key's English text.
 */
import type { MessageRef } from "~/utils/refusal";

export const disputeOutcomes = [
  { value: "collected", label: "Accept the weigh sheet" },
  { value: "cancelled", label: "End without exchange" },
] as const;

/** The close-dispute form's refusal ids (English-only `dashboard.*`, ADR 0024). */
export const disputeRefusalIds = {
  chooseOutcome: "dashboard.dispute.chooseOutcome",
  noteLength: "dashboard.dispute.noteLength",
} as const;

// The English texts the page shows for a key: the catalogue's words for the ids above.
export const CHOOSE_OUTCOME = "Choose how to close the dispute.";
export const NOTE_LENGTH = "Write the note in 3 to 500 characters.";

const messages: Record<string, string> = {
  outcome: CHOOSE_OUTCOME,
  note: NOTE_LENGTH,
  stock:
    "A plant on the weigh sheet is out of stock now: save a corrected sheet with other plants.",
  stale: "This pickup is no longer disputed. Reload the page.",
  admin: "This weigh sheet waits for an admin's approval: only an admin can accept it.",
};

/** URL keys by refusal id. */
const keysById: Record<string, string> = {
  [disputeRefusalIds.chooseOutcome]: "outcome",
  [disputeRefusalIds.noteLength]: "note",
  "errors.exchange.plantOutOfStock": "stock",
  "dashboard.weighSheet.approveAdminOnly": "admin",
};

/** The URL key for a refusal, by its message id ("stale" for anything not listed). */
export function disputeResultKey(refusal: MessageRef): string {
  return keysById[refusal.id] ?? "stale";
}

/** The refusal for a key from the URL, and the field it belongs to; null for none. */
export function disputeResultMessage(
  key: string | null,
): { field: "outcome" | "note" | "form"; text: string } | null {
  if (!key || !Object.hasOwn(messages, key)) return null;
  const text = messages[key] as string;
  return { field: key === "outcome" || key === "note" ? key : "form", text };
}
