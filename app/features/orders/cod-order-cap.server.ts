/**
 * The count behind the cap on unconfirmed cash-on-delivery orders per phone number
 * (docs/operations.md "Anti-automation"), an order rule of the orders feature used by placing an
 * order and by switching an online order to cash on delivery (payments feature, through the
 * edge payments → orders declared in .dependency-cruiser.cjs), so neither is a way around the
 * other.
 *
 * Race-safe: takes the phone's transaction-scoped advisory lock first, so two transactions for
 * one phone count one after the other. Every caller takes it after the products (and coupon)
 * it locks, the one lock order of the shop's transactions.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { orders } from "~/db/schema/shop";

/**
 * Locks `phone` for the rest of the transaction and counts its cash-on-delivery orders still
 * 'placed' (not yet confirmed by staff).
 * @param phone E.164 (+91XXXXXXXXXX), as checkout stores it.
 * @returns the number of such orders.
 */
export async function lockAndCountUnconfirmedCodOrders(
  tx: Database,
  phone: string,
): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`cod-orders phone ${phone}`}))`);
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(
      and(eq(orders.phone, phone), eq(orders.status, "placed"), eq(orders.paymentMethod, "cod")),
    );
  return Number(row?.n ?? 0);
}
