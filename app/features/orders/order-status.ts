/**
 * Order status workflow (docs/shop.md):
 * placed → confirmed → shipped → delivered, and cancelled from placed or confirmed. A
 * cash-on-delivery order that needs the customer's code starts as awaiting_confirmation and
 * becomes placed with the code, or cancelled (docs/shop.md "Confirming a cash-on-delivery order").
 * Every status change goes through `assertOrderTransition` (order-transition.server.ts).
 */
import type { OrderStatus } from "~/db/schema/shop";
import { statusWorkflow } from "~/utils/status-workflow";

export const orderTransitions: Record<OrderStatus, readonly OrderStatus[]> = {
  awaiting_confirmation: ["placed", "cancelled"],
  placed: ["confirmed", "cancelled"],
  confirmed: ["shipped", "cancelled"],
  shipped: ["delivered"],
  delivered: [],
  cancelled: [],
};

/**
 * Labels shown to staff (the dashboard stays English); the public pages show the message
 * `order.status.<status>` in the page's language instead.
 */
export const orderStatusLabels: Record<OrderStatus, string> = {
  awaiting_confirmation: "Awaiting customer's code",
  placed: "Placed",
  confirmed: "Confirmed",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
};

/** The order workflow (browser-safe); refused changes: order-transition.server.ts. */
export const orderWorkflow = statusWorkflow(orderTransitions, "An order");

/** True when an order that is `from` may become `to`. */
export const canTransitionOrder = orderWorkflow.can;

/**
 * Shoppers may cancel themselves only while the order is placed or waits for their code
 * (docs/shop.md).
 */
export function shopperCanCancel(status: OrderStatus): boolean {
  return status === "placed" || status === "awaiting_confirmation";
}
