import { data } from "react-router";
import { getDb } from "~/db/db.server";
import { billResponse } from "~/features/orders/bill-download.server";
import { issuedBill } from "~/features/orders/bills.server";
import { getOrderByToken } from "~/features/orders/orders.server";
import type { Route } from "./+types/order-bill";

/**
 * `/orders/:token/bills/:billId` (and under /hi/, /kn/): one of the order's bills as a PDF
 * attachment (docs/tax.md "Issuing"), reachable only through the order's tracking token, never
 * cached. Another order's bill, an unknown token or id: 404.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const db = await getDb();
  const order = await getOrderByToken(db, params.token);
  const billId = /^[1-9]\d{0,8}$/.test(params.billId) ? Number(params.billId) : null;
  const bill = order && billId !== null ? await issuedBill(db, order.id, billId) : null;
  if (!bill) throw data(null, { status: 404 });
  return billResponse(bill);
}
