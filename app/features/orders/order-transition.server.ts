/**
 * Refusing an order status change the workflow does not list (order-status.ts, docs/shop.md).
 * Server only (status-change.server.ts).
 */
import type { OrderStatus } from "~/db/schema/shop";
import { assertStatusChange, IllegalStatusChangeError } from "~/utils/status-change.server";
import { orderWorkflow } from "./order-status";

/** Thrown for a status change the workflow does not allow ("An order that is X cannot become Y."). */
export const IllegalTransitionError = IllegalStatusChangeError;
export type IllegalTransitionError = IllegalStatusChangeError<OrderStatus>;

/** @throws IllegalTransitionError when `from → to` is not in the workflow. */
export function assertOrderTransition(from: OrderStatus, to: OrderStatus): void {
  assertStatusChange(orderWorkflow, from, to);
}
