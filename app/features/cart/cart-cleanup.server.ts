/**
 * Abandoned carts (docs/operations.md "Scheduler and housekeeping"): a cart not changed for
 * {@link CART_KEEP_DAYS} days is deleted with its lines (`cart_lines` cascade). A shopper who
 * comes back with its cookie gets a new empty cart, as after the cookie expires. Run by the
 * scheduler's nightly 'delete-old-carts' job.
 */
import { and, inArray, lt } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { carts } from "~/db/schema/shop";

/** Carts untouched (no line added, changed or removed) this many days are deleted. */
export const CART_KEEP_DAYS = 30;

const BATCH_SIZE = 1000;

/**
 * Deletes carts whose `updated_at` is more than `keepDays` days before `now`, in batches of
 * {@link BATCH_SIZE}. Idempotent: a second run finds nothing more to delete.
 * @returns the number of carts deleted.
 */
export async function deleteAbandonedCarts(
  db: Database,
  now: Date,
  keepDays: number = CART_KEEP_DAYS,
): Promise<number> {
  const cutoff = new Date(now.getTime() - keepDays * 24 * 60 * 60_000);
  let deleted = 0;
  for (;;) {
    const old = db
      .select({ id: carts.id })
      .from(carts)
      .where(lt(carts.updatedAt, cutoff))
      .limit(BATCH_SIZE);
    const rows = await db
      .delete(carts)
      // Checked again on the row itself: a cart changed meanwhile is kept.
      .where(and(inArray(carts.id, old), lt(carts.updatedAt, cutoff)))
      .returning({ id: carts.id });
    deleted += rows.length;
    if (rows.length < BATCH_SIZE) return deleted;
  }
}
