/**
 * The cash-on-delivery rules that bind a phone number, owned by the orders feature and used by
 * placing an order and by switching an online order to cash on delivery (payments feature,
 * through the edge payments → orders declared in .dependency-cruiser.cjs), so neither is a way
 * around the other:
 * - the cap on unconfirmed cash-on-delivery orders per phone number (docs/operations.md
 *   "Anti-automation");
 * - the customer's code for a large order from a phone never verified by a code (docs/shop.md
 *   "Confirming a cash-on-delivery order").
 *
 * Race-safe: takes the phone's transaction-scoped advisory lock first, so two transactions for
 * one phone count one after the other. Every caller takes it after the products (and coupon)
 * it locks, the one lock order of the shop's transactions.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { verifiedPhones } from "~/db/schema/customer-sign-in";
import { orders } from "~/db/schema/shop";
import { env } from "~/utils/env.server";

/**
 * Locks `phone` for the rest of the transaction and counts its cash-on-delivery orders not yet
 * confirmed by staff ('placed', or still awaiting the customer's code).
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
      and(
        eq(orders.phone, phone),
        inArray(orders.status, ["placed", "awaiting_confirmation"]),
        eq(orders.paymentMethod, "cod"),
      ),
    );
  return Number(row?.n ?? 0);
}

/**
 * The total above which a cash-on-delivery order from an unverified phone waits for the
 * customer's code: COD_CONFIRM_ABOVE_PAISE, or null (no order waits) when WhatsApp is not set
 * up, since a code could then reach the phone only through an e-mail address, which proves
 * nothing about the phone (docs/shop.md "Confirming a cash-on-delivery order").
 */
export function codConfirmAbovePaise(): number | null {
  const config = env();
  return config.messages.whatsapp ? config.operations.codConfirmAbovePaise : null;
}

/**
 * Whether a cash-on-delivery order of `totalPaise` for `phone` must wait for the customer's
 * code: its total is above `abovePaise` and the phone has never entered a correct code
 * (`verified_phones`).
 * @param abovePaise the threshold in paise, or null when no order waits.
 */
export async function needsCustomerCode(
  tx: Database,
  phone: string,
  totalPaise: number,
  abovePaise: number | null,
): Promise<boolean> {
  if (abovePaise === null || totalPaise <= abovePaise) return false;
  const [verified] = await tx
    .select({ phone: verifiedPhones.phone })
    .from(verifiedPhones)
    .where(eq(verifiedPhones.phone, phone));
  return !verified;
}
