/**
 * The /payment form's fields (docs/payments.md), shared by the page (input attributes) and
 * payment.schema.ts (server validation). No zod here, so the page's JavaScript stays small
 * (docs/decisions/0006).
 */

/** A UPI ID (VPA): `name@handle`, e.g. asha.rao@okicici or 9845012345@ybl. */
export const UPI_ID_PATTERN = "[A-Za-z0-9][A-Za-z0-9._\\-]{1,63}@[A-Za-z][A-Za-z0-9]{1,31}";
export const UPI_ID_MAX_LENGTH = 100;

export const payFields = ["intent", "order", "upiId"] as const;
export const verifyFields = [
  "intent",
  "order",
  "razorpay_payment_id",
  "razorpay_order_id",
  "razorpay_signature",
] as const;
