import { data } from "react-router";
import { getDb } from "~/db/db.server";
import { billResponse } from "~/features/orders/bill-download.server";
import { issuedBill } from "~/features/orders/bills.server";
import { requireStaff } from "~/features/staff/session.server";
import type { Route } from "./+types/order-bill";

/**
 * `/dashboard/orders/:id/bills/:billId`: one of the order's bills as a PDF (docs/tax.md), for
 * staff and admins (collectors get 403). Another order's bill or an unknown id: 404.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request);
  const orderId = /^[1-9]\d{0,8}$/.test(params.id) ? Number(params.id) : null;
  const billId = /^[1-9]\d{0,8}$/.test(params.billId) ? Number(params.billId) : null;
  const bill =
    orderId !== null && billId !== null ? await issuedBill(await getDb(), orderId, billId) : null;
  if (!bill) throw data(null, { status: 404 });
  return billResponse(bill);
}
