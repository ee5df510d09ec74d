/**
 * The handover code's rule and messages (docs/exchange.md "The handover code"), browser-safe:
 * the server refuses with the message ids of `handoverRefusalIds` (`collector.refusal.*`, in the
 * three catalogues, ADR 0024), the route turns the refusal into a short key in the URL
 * (`?handover=…`, never the code itself), and the collector's page shows the message of that
 * key in the staff member's language (docs/languages.md "Staff language").
 */
import type { MessageRef } from "~/utils/refusal";

/** Wrong handover codes allowed before the code is locked. */
export const HANDOVER_CODE_TRIES = 5;

/** The ids `confirmWithHandoverCode` refuses with. */
export const handoverRefusalIds = {
  format: "collector.refusal.handoverFormat",
  locked: "collector.refusal.handoverLocked",
  noCodeYet: "collector.refusal.handoverNoCode",
  otherSheet: "collector.refusal.handoverOtherSheet",
  wrongCodeOne: "collector.refusal.handoverWrongOne",
  wrongCodeMany: "collector.refusal.handoverWrongMany",
} as const;

/** The message of each fixed URL key (the wrong-code keys carry the tries left). */
const messagesByKey: Record<string, MessageRef> = {
  confirmed: { id: "collector.handover.confirmed", values: {} },
  locked: { id: handoverRefusalIds.locked, values: { tries: HANDOVER_CODE_TRIES } },
  "no-code": { id: handoverRefusalIds.noCodeYet, values: {} },
  format: { id: handoverRefusalIds.format, values: {} },
  replaced: { id: "collector.refusal.handoverReplaced", values: {} },
  "other-sheet": { id: handoverRefusalIds.otherSheet, values: {} },
  approval: { id: "collector.refusal.handoverApproval", values: {} },
  stock: { id: "collector.refusal.handoverStock", values: {} },
  refused: { id: "collector.refusal.handoverRefused", values: {} },
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
 * wrong code, a key of `messagesByKey`, "refused" for any other refusal.
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

/**
 * The answer for a key from the URL, as a message to render with `t(id, values)` in the page's
 * language: `ok` for the notice ("confirmed"), null for no key or an unknown one.
 */
export function handoverResultMessage(
  key: string | null,
): { ok: boolean; message: MessageRef } | null {
  if (!key) return null;
  const wrong = /^wrong-([1-4])$/.exec(key);
  if (wrong) {
    const left = Number(wrong[1]);
    const id = left === 1 ? handoverRefusalIds.wrongCodeOne : handoverRefusalIds.wrongCodeMany;
    return { ok: false, message: { id, values: { left } } };
  }
  const message = Object.hasOwn(messagesByKey, key) ? messagesByKey[key] : undefined;
  return message ? { ok: key === "confirmed", message } : null;
}
