/**
 * Payment workflow of an order (docs/payments.md), pure and shared by the server and the pages:
 *
 * - cash on delivery: 'unpaid' (collected at the door);
 * - online: 'pending' → 'paid' | 'failed'; 'failed' → 'pending' when the shopper tries again;
 *   'pending' | 'failed' → 'expired' after PAYMENT_PENDING_MINUTES (stock given back);
 *   'expired' → 'pending' when the shopper tries again (stock taken again) or 'paid' when late
 *   money arrives; 'pending' | 'failed' | 'expired' → cash on delivery ('unpaid') when the
 *   shopper switches.
 *
 * 'paid' is final: a late or replayed failure never un-pays an order, and money that arrives
 * after a switch to cash on delivery still marks the order paid (the money is real).
 */
import type { OrderStatus } from "~/db/schema/shop";

export type PaymentMethod = "cod" | "online";
export type PaymentStatus = "unpaid" | "pending" | "paid" | "failed" | "expired";

/**
 * Words for staff (the dashboard stays English); the public pages show the messages
 * `payment.method.<method>` and `payment.status.<status>` in the page's language instead.
 */
export const paymentMethodLabels: Record<PaymentMethod, string> = {
  cod: "Cash on delivery",
  online: "Online (UPI, cards)",
};

export const paymentStatusLabels: Record<PaymentStatus, string> = {
  unpaid: "To pay at delivery",
  pending: "Awaiting payment",
  paid: "Paid",
  failed: "Payment failed",
  expired: "Payment time ran out",
};

/** Order statuses in which an online payment may still be made or the method changed. */
const OPEN_ORDER: readonly OrderStatus[] = ["placed", "confirmed"];

/**
 * The shopper may (re)try an online payment: an open online order not paid yet, including one
 * whose payment time ran out ('expired': paying takes the stock again or is refused).
 */
export function canPayOnline(order: {
  status: OrderStatus;
  paymentMethod: PaymentMethod;
  paymentStatus: PaymentStatus;
}): boolean {
  return (
    order.paymentMethod === "online" &&
    (order.paymentStatus === "pending" ||
      order.paymentStatus === "failed" ||
      order.paymentStatus === "expired") &&
    OPEN_ORDER.includes(order.status)
  );
}

/** Same condition: a pending, failed or expired online payment may become cash on delivery instead. */
export const canSwitchToCashOnDelivery = canPayOnline;

/**
 * The payment status after an outcome reported by Razorpay, or null when the outcome must
 * not change it (already paid; a failure that is not about the current attempt).
 */
export function nextPaymentStatus(
  current: PaymentStatus,
  outcome: "paid" | "failed",
): PaymentStatus | null {
  if (current === "paid") return null;
  if (outcome === "paid") return "paid";
  return current === "pending" ? "failed" : null;
}
