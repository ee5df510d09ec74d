/**
 * The handover code's rule and messages (docs/exchange.md "The handover code"), browser-safe:
 * the server refuses with these messages, and the collector's page shows them again after the
 * redirect from a short key in the URL (`?handover=…`), never the code itself.
 */

/** Wrong handover codes allowed before the code is locked. */
export const HANDOVER_CODE_TRIES = 5;

export const REPLACED_VERSION =
  "This weigh sheet was replaced by a newer one. Please look at the new one.";
export const HANDOVER_CODE_LOCKED =
  "The handover code is locked after 5 wrong tries. Ask the customer to confirm on their tracking page.";
export const NO_HANDOVER_CODE_YET = "The customer sees the code once you tap On my way.";
export const HANDOVER_CODE_FORMAT =
  "Enter the 4-digit code the customer sees on their tracking page.";
export const HANDOVER_CONFIRMED = "Confirmed with the handover code: the reward is issued.";

/** The refusal of a wrong code with `left` tries before the lock. */
export function wrongCodeMessage(left: number): string {
  return `That is not the customer's code. ${left} ${left === 1 ? "try" : "tries"} left.`;
}

const fixedMessages: Record<string, string> = {
  confirmed: HANDOVER_CONFIRMED,
  locked: HANDOVER_CODE_LOCKED,
  "no-code": NO_HANDOVER_CODE_YET,
  format: HANDOVER_CODE_FORMAT,
  replaced: REPLACED_VERSION,
  stock: "A plant on the weigh sheet is out of stock now: change the plants and save the sheet.",
  refused: "This weigh sheet can no longer be confirmed. Reload the page.",
};

/** The key for the URL of a handover answer's message ("refused" for any other refusal). */
export function handoverResultKey(message: string): string {
  for (const [key, text] of Object.entries(fixedMessages)) if (text === message) return key;
  for (let left = 1; left < HANDOVER_CODE_TRIES; left++) {
    if (message === wrongCodeMessage(left)) return `wrong-${left}`;
  }
  if (message.endsWith("is out of stock now; the collector will change the plants."))
    return "stock";
  return "refused";
}

/** The message for a key from the URL: `ok` for the notice, null for an unknown key. */
export function handoverResultMessage(key: string | null): { ok: boolean; text: string } | null {
  if (!key) return null;
  const wrong = /^wrong-([1-4])$/.exec(key);
  if (wrong) return { ok: false, text: wrongCodeMessage(Number(wrong[1])) };
  const text = Object.hasOwn(fixedMessages, key) ? fixedMessages[key] : undefined;
  return text ? { ok: key === "confirmed", text } : null;
}
