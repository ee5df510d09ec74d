/**
 * The 'Record payout' form as posted (docs/exchange.md "Payouts"): the pickup, the method, the
 * reference the method needs, and the day it was paid ("YYYY-MM-DD", Asia/Kolkata). The amount
 * is never posted: the server takes the pickup's payout. Server only (ADR 0006).
 */
import { z } from "zod";
import { payoutMethods } from "~/db/schema/exchange";
import { fieldErrorTexts } from "~/i18n/i18n.server";
import { isCalendarDate } from "~/utils/dates";
import { formStrings } from "~/utils/intent-form";
import { checkPayoutReference } from "./payout-fields";

const payoutFormSchema = z
  .object({
    pickupId: z
      .string()
      .regex(/^[1-9][0-9]{0,9}$/, "This page is out of date. Please reload it.")
      .transform(Number),
    method: z.enum(payoutMethods, { error: "Choose UPI, Cash or Bank transfer." }),
    reference: z.string().max(200, "The reference is at most 35 characters.").default(""),
    paidOn: z.string().trim().refine(isCalendarDate, "Enter the day it was paid, e.g. 2026-03-14."),
  })
  .transform((form, ctx) => {
    const reference = checkPayoutReference(form.method, form.reference);
    if (!reference.ok) {
      ctx.addIssue({ code: "custom", path: ["reference"], message: reference.message });
      return z.NEVER;
    }
    return { ...form, reference: reference.reference };
  });

export type PayoutForm = z.output<typeof payoutFormSchema>;

/**
 * Reads a posted payout form.
 * @returns the typed input, or a message per refused field (the key "pickupId" means the page
 * is out of date).
 */
export function parsePayoutForm(
  form: FormData,
): { ok: true; input: PayoutForm } | { ok: false; errors: Record<string, string> } {
  const parsed = payoutFormSchema.safeParse(formStrings(form));
  if (parsed.success) return { ok: true, input: parsed.data };
  return { ok: false, errors: fieldErrorTexts("en", parsed.error.issues) };
}
