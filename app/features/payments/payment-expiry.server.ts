/**
 * Online payments that ran out of time (docs/payments.md "Payment time ran out"): an open order
 * ('placed' or 'confirmed') paid online whose payment is still 'pending' (the window was
 * abandoned) or 'failed' (and not tried again) for PAYMENT_PENDING_MINUTES since the order last
 * changed becomes 'expired' and gives its stock back. Its coupon redemption is kept: the order
 * stays open at the same total and can still be paid or switched to cash on delivery (which
 * takes the stock again, payments.server.ts); the coupon comes back only if the order is
 * cancelled. Run by the scheduler's 'expire-payments' job (docs/operations.md).
 */
import { and, asc, eq, inArray, lt } from "drizzle-orm";
import { recordAudit } from "~/db/audit.server";
import type { Database } from "~/db/client.server";
import { orders } from "~/db/schema/shop";
import { returnOrderStock } from "~/features/orders/order-stock.server";

/** Orders expired per transaction batch, and batches per run at most. */
const BATCH_SIZE = 100;
const MAX_BATCHES = 50;

const expirable = (cutoff: Date) =>
  and(
    eq(orders.paymentMethod, "online"),
    inArray(orders.paymentStatus, ["pending", "failed"]),
    inArray(orders.status, ["placed", "confirmed"]),
    lt(orders.updatedAt, cutoff),
  );

/** Expires one order if it still qualifies, under its row lock. Returns whether it did. */
async function expireOne(
  db: Database,
  orderId: number,
  cutoff: Date,
  now: Date,
  pendingMinutes: number,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ id: orders.id, paymentStatus: orders.paymentStatus })
      .from(orders)
      .where(and(eq(orders.id, orderId), expirable(cutoff)))
      .for("update");
    // Paid, switched, cancelled or tried again meanwhile: nothing to do.
    if (!order) return false;
    await tx
      .update(orders)
      .set({ paymentStatus: "expired", updatedAt: now })
      .where(eq(orders.id, order.id));
    await returnOrderStock(tx, order.id);
    await recordAudit(tx, {
      actor: "system",
      action: "order.payment_expired",
      entity: "order",
      entityId: order.id,
      before: { paymentStatus: order.paymentStatus },
      after: { paymentStatus: "expired" },
      extra: { stockReturned: true, pendingMinutes },
    });
    return true;
  });
}

/**
 * Expires every online payment left 'pending' or 'failed' on an open order for more than
 * `pendingMinutes` minutes before `now` (counted from the order's last change), returning
 * their stock, one order per transaction. Idempotent: an expired order no longer qualifies, so a
 * second run (same window or later) changes nothing more.
 * @param pendingMinutes PAYMENT_PENDING_MINUTES (env().operations.paymentPendingMinutes).
 * @returns the number of orders expired by this call.
 */
export async function expireStalePayments(
  db: Database,
  now: Date,
  pendingMinutes: number,
): Promise<number> {
  const cutoff = new Date(now.getTime() - pendingMinutes * 60_000);
  let expired = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch++) {
    const due = await db
      .select({ id: orders.id })
      .from(orders)
      .where(expirable(cutoff))
      .orderBy(asc(orders.id))
      .limit(BATCH_SIZE);
    let changed = 0;
    for (const { id } of due) {
      if (await expireOne(db, id, cutoff, now, pendingMinutes)) changed++;
    }
    expired += changed;
    if (due.length < BATCH_SIZE || changed === 0) break;
  }
  return expired;
}
