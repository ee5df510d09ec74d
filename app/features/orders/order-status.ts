/**
 * Order status workflow (issue 3 item 6; DESIGN §1 "Orders … have no status"):
 * placed → confirmed → shipped → delivered, and cancelled from placed or confirmed.
 * Every status change goes through `assertOrderTransition`.
 */
import type { OrderStatus } from "~/db/schema/shop";

export const orderTransitions: Record<OrderStatus, readonly OrderStatus[]> = {
  placed: ["confirmed", "cancelled"],
  confirmed: ["shipped", "cancelled"],
  shipped: ["delivered"],
  delivered: [],
  cancelled: [],
};

/** Labels shown to shoppers and staff. */
export const orderStatusLabels: Record<OrderStatus, string> = {
  placed: "Placed",
  confirmed: "Confirmed",
  shipped: "Shipped",
  delivered: "Delivered",
  cancelled: "Cancelled",
};

/** Thrown for a status change the workflow does not allow. */
export class IllegalTransitionError extends Error {
  override name = "IllegalTransitionError";
  constructor(
    readonly from: OrderStatus,
    readonly to: OrderStatus,
  ) {
    super(`An order that is ${from} cannot become ${to}.`);
  }
}

export function canTransitionOrder(from: OrderStatus, to: OrderStatus): boolean {
  return orderTransitions[from].includes(to);
}

/** @throws IllegalTransitionError when `from → to` is not in the workflow. */
export function assertOrderTransition(from: OrderStatus, to: OrderStatus): void {
  if (!canTransitionOrder(from, to)) throw new IllegalTransitionError(from, to);
}

/** Shoppers may cancel themselves only while the order is placed (issue 3 item 6). */
export function shopperCanCancel(status: OrderStatus): boolean {
  return status === "placed";
}
