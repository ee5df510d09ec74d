/**
 * Closing a dispute (docs/exchange.md "Disputes"), browser-safe: the outcomes staff choose
 * from, and the answers the dashboard pickup page shows after the redirect from
 * /dashboard/pickups/:id/dispute (`?dispute=<key>`).
 */

export const disputeOutcomes = [
  { value: "collected", label: "Accept the weigh sheet" },
  { value: "cancelled", label: "End without exchange" },
] as const;

export const CHOOSE_OUTCOME = "Choose how to close the dispute.";
export const NOTE_LENGTH = "Write the note in 3 to 500 characters.";

const messages: Record<string, string> = {
  outcome: CHOOSE_OUTCOME,
  note: NOTE_LENGTH,
  stock:
    "A plant on the weigh sheet is out of stock now: save a corrected sheet with other plants.",
  stale: "This pickup is no longer disputed. Reload the page.",
};

/** The URL key for a refusal's message ("stale" for anything not listed). */
export function disputeResultKey(message: string): string {
  for (const [key, text] of Object.entries(messages)) if (text === message) return key;
  if (message.endsWith("is out of stock now; the collector will change the plants."))
    return "stock";
  return "stale";
}

/** The refusal for a key from the URL, and the field it belongs to; null for none. */
export function disputeResultMessage(
  key: string | null,
): { field: "outcome" | "note" | "form"; text: string } | null {
  if (!key || !Object.hasOwn(messages, key)) return null;
  const text = messages[key] as string;
  return { field: key === "outcome" || key === "note" ? key : "form", text };
}
