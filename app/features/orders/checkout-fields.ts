/**
 * Names and length limits of the checkout form's fields, shared by the page (input
 * attributes) and checkout.schema.ts (server validation). No zod here: see ADR 0006.
 */
export const checkoutLimits = {
  name: 100,
  email: 254,
  phone: 20,
  address: 300,
  city: 80,
  /** "SS-XXXX-XXXX" is 12; spaces typed between groups are allowed. */
  couponCode: 30,
  /** 15 characters; spaces and hyphens typed between groups are allowed. */
  buyerGstin: 20,
} as const;

export const checkoutFields = [
  "name",
  "email",
  "phone",
  "address",
  "city",
  "state",
  "pinCode",
  // A business buyer's GSTIN for the bill (docs/tax.md), optional.
  "buyerGstin",
  "idempotencyKey",
  "shownLines",
  // The delivery charge (paise) the summary showed, '' for none (docs/shop.md "Delivery areas").
  "shownDelivery",
  "paymentMethod",
  "couponCode",
  "intent",
  // A signed-in customer's held coupon, sent by its button (docs/accounts.md "My account").
  "heldCoupon",
] as const;

/**
 * Payment choices at checkout (docs/payments.md); 'online' only when Razorpay is enabled. Their
 * words are the messages `checkout.payment.<choice>` ("Cash on delivery", "Pay online (UPI, cards)").
 */
export const paymentChoices = ["cod", "online"] as const;
