/**
 * The words a shop owner reads for the values the database keeps as codes (docs/dashboard.md
 * "A shop's words"): reward choices, payment and payout methods, message channels and message
 * templates. English only, like the whole dashboard (docs/languages.md); customer pages use
 * their catalogues' `pickup.reward.*` and `payment.method.*` instead. Shared by the dashboard's
 * pages and the audit log's wording (audit-log.server.ts).
 */

/** A pickup's reward, chosen at booking (docs/exchange.md "Rewards"). */
export const rewardWords: Record<string, string> = {
  coupon: "Coupon",
  plants: "Plants",
  money: "Money",
};

/** How an order is paid (docs/payments.md). */
export const paymentMethodWords: Record<string, string> = {
  cod: "Cash on delivery",
  online: "Online (UPI, cards)",
};

/** Where an order's payment stands (the words of app/features/payments/payment-status.ts). */
export const paymentStatusWords: Record<string, string> = {
  unpaid: "To pay at delivery",
  pending: "Awaiting payment",
  paid: "Paid",
  failed: "Payment failed",
  expired: "Payment time ran out",
};

/** How a money reward was paid out (docs/exchange.md "Payouts"). */
export const payoutMethodWords: Record<string, string> = {
  upi: "UPI",
  cash: "Cash",
  bank_transfer: "Bank transfer",
};

/** A message's channel (docs/messages.md). */
export const channelWords: Record<string, string> = {
  email: "E-mail",
  whatsapp: "WhatsApp",
};

/**
 * The names of the message templates (the ids of `messageTemplates`, app/db/outbox.server.ts;
 * what each sends: docs/messages.md). A test checks that every template has one.
 */
export const templateNames: Record<string, string> = {
  pickup_booked: "Pickup booked",
  pickup_rescheduled: "Pickup moved",
  pickup_cancelled: "Pickup cancelled",
  pickup_confirmed: "Pickup confirmed",
  pickup_reminder_evening: "Pickup reminder (evening before)",
  pickup_reminder_hour: "Pickup reminder (an hour before)",
  collector_on_the_way: "Collector on the way",
  weigh_sheet_ready: "Weigh sheet to confirm",
  pickup_collected: "Pickup collected",
  order_placed: "Order placed",
  order_confirmed: "Order confirmed",
  order_shipped: "Order shipped",
  order_delivered: "Order delivered",
  order_cancelled: "Order cancelled",
  payment_received: "Payment received",
  payment_failed: "Payment failed",
  staff_new_booking: "Shop alert: new booking",
  staff_new_order: "Shop alert: new order",
  staff_new_dispute: "Shop alert: disputed weigh sheet",
  staff_weigh_sheet_approval: "Shop alert: weigh sheet to approve",
  staff_daily_digest: "Shop alert: daily summary",
  newsletter: "Newsletter",
  newsletter_confirm: "'Join us' confirmation",
  sign_in_code: "Sign-in code",
  order_code: "Order confirmation code",
  grievance_received: "Grievance acknowledgement",
  staff_new_grievance: "Shop alert: new grievance",
  claim_received: "Problem report received",
  claim_decided: "Problem report decided",
  claim_refund_paid: "Claim refund paid back",
  staff_new_claim: "Shop alert: new problem report",
  lead_received: "Tie-up enquiry acknowledgement",
  staff_new_lead: "Shop alert: new tie-up enquiry",
  organisation_documents: "Organisation's monthly statement and certificates",
  organisation_date_changed: "Organisation's pickup moved or skipped (shop closed)",
};

/**
 * The readable name of message template `id` ("pickup_reminder_hour" → "Pickup reminder (an
 * hour before)"); an unknown id (a row older than a renamed template) as words, first letter
 * capital ("old_template" → "Old template").
 */
export function templateName(id: string): string {
  const known = templateNames[id];
  if (known) return known;
  const words = id.replace(/[_-]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Which words each recorded field's codes are told in (audit rows' keys, as written). */
const wordsByField: Record<string, Record<string, string>> = {
  rewardPreference: rewardWords,
  reward: rewardWords,
  paymentMethod: paymentMethodWords,
  paymentStatus: paymentStatusWords,
  method: payoutMethodWords,
  payoutMethod: payoutMethodWords,
  channel: channelWords,
  template: templateNames,
};

/**
 * A stored code told in words for the field `key` it is recorded under ("paymentMethod", "cod"
 * → "Cash on delivery"; "rewardPreference", "coupon" → "Coupon"); any other value unchanged.
 */
export function codeInWords(key: string, value: string): string {
  return wordsByField[key]?.[value] ?? value;
}
