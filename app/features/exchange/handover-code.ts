/**
 * The handover code's rule and messages (docs/exchange.md "The handover code"), browser-safe:
 * the server refuses with the message ids of `handoverRefusalIds` (English-only `dashboard.*`
 * ids, ADR 0024), the route turns the refusal into a short key in the URL (`?handover=…`,
 * never the code itself), and the collector's page shows the English text of that key.
 */
import type { MessageRef } from "~/utils/refusal";

/** Wrong handover codes allowed before the code is locked. */
export const HANDOVER_CODE_TRIES = 5;

// The English texts the collector's page shows for a key, after the redirect: the same words as
// the English catalogue's for the refusal ids below (the page gets no catalogue).
export const REPLACED_VERSION =
  "This weigh sheet was replaced by a newer one. Please look at the new one.";
export const HANDOVER_CODE_LOCKED =
  "The handover code is locked after 5 wrong tries. Ask the customer to confirm on their tracking page.";
export const NO_HANDOVER_CODE_YET = "The customer sees the code once you tap On my way.";
export const HANDOVER_CODE_FORMAT =
  "Enter the 4-digit code the customer sees on their tracking page.";
export const HANDOVER_CONFIRMED = "Confirmed with the handover code: the reward is issued.";

/** The ids `confirmWithHandoverCode` refuses with (their English is the texts above). */
export const handoverRefusalIds = {
  format: "dashboard.handover.codeFormat",
  locked: "dashboard.handover.locked",
  noCodeYet: "dashboard.handover.noCodeYet",
  otherSheet: "dashboard.handover.otherSheet",
  wrongCodeOne: "dashboard.handover.wrongCodeOne",
  wrongCodeMany: "dashboard.handover.wrongCodeMany",
} as const;

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
  "other-sheet":
    "This code belongs to another weigh sheet. Ask the customer for the code on their tracking page now.",
  approval: "An admin approves this weigh sheet before it can be confirmed.",
  stock: "A plant on the weigh sheet is out of stock now: change the plants and save the sheet.",
  refused: "This weigh sheet can no longer be confirmed. Reload the page.",
};

/** URL keys by refusal id (the wrong-code ids add the tries left). */
const keysById: Record<string, string> = {
  [handoverRefusalIds.locked]: "locked",
  [handoverRefusalIds.noCodeYet]: "no-code",
  [handoverRefusalIds.format]: "format",
  "errors.exchange.replaced": "replaced",
  [handoverRefusalIds.otherSheet]: "other-sheet",
  "errors.exchange.awaitingApproval": "approval",
  "errors.exchange.plantOutOfStock": "stock",
};

/**
 * The key for the URL of a handover refusal, by its message id and values: `wrong-<left>` for a
 * wrong code, a key of the texts above, "refused" for any other refusal.
 */
export function handoverResultKey(refusal: MessageRef): string {
  if (
    refusal.id === handoverRefusalIds.wrongCodeOne ||
    refusal.id === handoverRefusalIds.wrongCodeMany
  ) {
    const left = Number(refusal.values.left);
    return Number.isInteger(left) && left >= 1 && left < HANDOVER_CODE_TRIES
      ? `wrong-${left}`
      : "refused";
  }
  return keysById[refusal.id] ?? "refused";
}

/** The message for a key from the URL: `ok` for the notice, null for an unknown key. */
export function handoverResultMessage(key: string | null): { ok: boolean; text: string } | null {
  if (!key) return null;
  const wrong = /^wrong-([1-4])$/.exec(key);
  if (wrong) return { ok: false, text: wrongCodeMessage(Number(wrong[1])) };
  const text = Object.hasOwn(fixedMessages, key) ? fixedMessages[key] : undefined;
  return text ? { ok: key === "confirmed", text } : null;
}
