/**
 * Server-side validation of the /payment form and of the checkout widget's success callback
 * (docs/payments.md; spec §5 "Payment: the UPI ID is required"). Server only: ADR 0006.
 */
import { z } from "zod";
import { UNGUESSABLE_TOKEN_PATTERN } from "~/utils/codes.server";
import { UPI_ID_MAX_LENGTH, UPI_ID_PATTERN } from "./payment-fields";

const trackingToken = z.string().regex(UNGUESSABLE_TOKEN_PATTERN, "errors.payment.linkInvalid");

export const payFormSchema = z.object({
  order: trackingToken,
  upiId: z
    .string()
    .trim()
    .min(1, "errors.payment.upiRequired")
    .max(UPI_ID_MAX_LENGTH, "errors.payment.upiTooLong")
    .regex(new RegExp(`^${UPI_ID_PATTERN}$`), "errors.payment.upiInvalid"),
});

export const verifyFormSchema = z.object({
  order: trackingToken,
  razorpay_payment_id: z.string().regex(/^pay_[A-Za-z0-9]{1,40}$/, "errors.payment.verifyFailed"),
  razorpay_order_id: z.string().regex(/^order_[A-Za-z0-9]{1,40}$/, "errors.payment.verifyFailed"),
  // Any text: a wrong signature is refused by the constant-time check, with one message.
  razorpay_signature: z.string().max(200),
});

export type PayForm = z.infer<typeof payFormSchema>;
export type VerifyForm = z.infer<typeof verifyFormSchema>;
