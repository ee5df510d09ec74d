/**
 * The payout form's field names, choices and reference rules (docs/exchange.md "Payouts"),
 * without zod so the page can use them too. A UPI transaction id is 6–35 letters or digits; a
 * bank reference (UTR, IMPS or NEFT number) 4–35; cash needs none (a receipt number at most).
 */
import type { PayoutMethod } from "~/db/schema/exchange";
import type { MessageRef } from "~/utils/refusal";

/** The form's fields, by name. */
export const payoutFields = {
  pickupId: "pickupId",
  method: "method",
  reference: "reference",
  paidOn: "paidOn",
} as const;

/** The methods in the order the form offers them, with their labels. */
export const payoutMethodLabels: Record<PayoutMethod, string> = {
  upi: "UPI",
  cash: "Cash",
  bank_transfer: "Bank transfer",
};

/** The longest reference of any method, for the input's maxlength. */
export const PAYOUT_REFERENCE_MAX = 35;

const referenceRules: Record<
  PayoutMethod,
  { pattern: RegExp; required: boolean; message: MessageRef }
> = {
  upi: {
    pattern: /^[A-Za-z0-9]{6,35}$/,
    required: true,
    // "Enter the UPI transaction id: 6 to 35 letters or digits, no spaces."
    message: { id: "dashboard.payouts.upiReference", values: {} },
  },
  bank_transfer: {
    pattern: /^[A-Za-z0-9]{4,35}$/,
    required: true,
    // "Enter the bank reference (UTR): 4 to 35 letters or digits, no spaces."
    message: { id: "dashboard.payouts.bankReference", values: {} },
  },
  cash: {
    pattern: /^[A-Za-z0-9][A-Za-z0-9 /-]{0,34}$/,
    required: false,
    // "A cash receipt number is at most 35 letters, digits, spaces, - or /."
    message: { id: "dashboard.payouts.cashReference", values: {} },
  },
};

/**
 * The reference as stored for `method` (trimmed; null when empty), or the message to show next
 * to the field when it does not fit the method's rule (an English-only `dashboard.payouts.*` id,
 * ADR 0024).
 */
export function checkPayoutReference(
  method: PayoutMethod,
  typed: string | null,
): { ok: true; reference: string | null } | { ok: false; message: MessageRef } {
  const reference = typed?.trim() ?? "";
  const rule = referenceRules[method];
  if (reference === "") {
    return rule.required ? { ok: false, message: rule.message } : { ok: true, reference: null };
  }
  return rule.pattern.test(reference)
    ? { ok: true, reference }
    : { ok: false, message: rule.message };
}
