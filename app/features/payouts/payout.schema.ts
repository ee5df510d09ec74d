/**
 * The 'Record payout' form as posted (docs/exchange.md "Payouts"): the pickup, the method, the
 * reference the method needs, and the day it was paid ("YYYY-MM-DD", Asia/Kolkata). The amount
 * is never posted: the server takes the pickup's payout. Messages are catalogue ids (ADR 0024),
 * English-only: only the staff dashboard shows this form. Server only (ADR 0006).
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
      .regex(/^[1-9][0-9]{0,9}$/, "errors.pickup.pageOutOfDate")
      .transform(Number),
    method: z.enum(payoutMethods, { error: "dashboard.payouts.chooseMethod" }),
    reference: z.string().max(200, "dashboard.payouts.referenceTooLong").default(""),
    paidOn: z.string().trim().refine(isCalendarDate, "dashboard.payouts.paidOn"),
  })
  .transform((form, ctx) => {
    const reference = checkPayoutReference(form.method, form.reference);
    if (!reference.ok) {
      ctx.addIssue({
        code: "custom",
        path: ["reference"],
        message: reference.message.id,
        params: { ...reference.message.values },
      });
      return z.NEVER;
    }
    return { ...form, reference: reference.reference };
  });

export type PayoutForm = z.output<typeof payoutFormSchema>;

/**
 * Reads a posted payout form.
 * @returns the typed input, or a message per refused field as English text (the key
 * "pickupId" means the page is out of date).
 */
export function parsePayoutForm(
  form: FormData,
): { ok: true; input: PayoutForm } | { ok: false; errors: Record<string, string> } {
  const parsed = payoutFormSchema.safeParse(formStrings(form));
  if (parsed.success) return { ok: true, input: parsed.data };
  return { ok: false, errors: fieldErrorTexts("en", parsed.error.issues) };
}
