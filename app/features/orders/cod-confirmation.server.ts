/**
 * Cash-on-delivery orders that wait for the customer's code (docs/shop.md "Confirming a
 * cash-on-delivery order"): a large order from a phone never verified by a code is stored
 * 'awaiting_confirmation' (orders.server.ts `placeOrder`); the customer's code makes it
 * 'placed' ({@link confirmAwaitingOrder}); COD_CONFIRM_MINUTES after it was placed, the
 * scheduler's 'cancel-unconfirmed-orders' job cancels it, giving back its stock and coupon
 * ({@link cancelUnconfirmedOrders}). Both go through `transitionOrder`, which locks the order
 * row and changes it only from 'awaiting_confirmation', so a code entered while the job runs
 * either confirms the order or finds it cancelled, never both.
 */
import { and, asc, eq, lt } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { orders } from "~/db/schema/shop";
import { OrderRejectedError, transitionOrder } from "./orders.server";

/** Orders cancelled per run at most; the next run (5 minutes later) takes the rest. */
const MAX_PER_RUN = 500;

/**
 * The customer's code was accepted: the order becomes 'placed' (and gets the new-order
 * messages, order-messages.server.ts).
 * @throws OrderRejectedError 404 unknown order; 409 `errors.order.changed` when it no longer
 *   waits (cancelled by the customer or by the job, or confirmed already).
 */
export async function confirmAwaitingOrder(db: Database, orderId: number): Promise<void> {
  await transitionOrder(db, orderId, "placed", "visitor", "awaiting_confirmation");
}

/**
 * Cancels every order still 'awaiting_confirmation' `minutes` after it was placed, one per
 * transaction through `transitionOrder` (stock and coupon returned, audit row by 'system', no
 * message). Idempotent: a cancelled order no longer qualifies, so a second run after a crash
 * changes nothing more; an order confirmed meanwhile is left alone.
 * @param minutes COD_CONFIRM_MINUTES (env().operations.codConfirmMinutes).
 * @returns how many orders this call cancelled.
 */
export async function cancelUnconfirmedOrders(
  db: Database,
  now: Date,
  minutes: number,
): Promise<number> {
  const cutoff = new Date(now.getTime() - minutes * 60_000);
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, "awaiting_confirmation"), lt(orders.createdAt, cutoff)))
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .limit(MAX_PER_RUN);
  let cancelled = 0;
  for (const { id } of due) {
    try {
      await transitionOrder(db, id, "cancelled", "system", "awaiting_confirmation");
      cancelled++;
    } catch (error) {
      // Confirmed or cancelled by the customer since it was read: nothing to do.
      if (error instanceof OrderRejectedError && error.status === 409) continue;
      throw error;
    }
  }
  return cancelled;
}
