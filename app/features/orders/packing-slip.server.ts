/**
 * Packing slips (docs/dashboard.md "Packing slips", ADR 0035): what a packer needs to pack one
 * order and a courier to deliver it, read for up to MAX_PACKING_SLIPS (packing-slip-fields.ts)
 * orders at once.
 * A slip names the lines and their quantities but no prices: the only amount on it is the cash
 * on delivery to collect, in integer paise. It is not a bill.
 */
import { asc, inArray } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { type OrderStatus, orderLines, orders } from "~/db/schema/shop";
import { formatDateTimeIST } from "~/utils/dates";
import { parseEntityId } from "~/utils/entity-history.server";
import { formatIndianMobile } from "~/utils/phone";
import { type MessageValues, Refusal, type RefusalStatus } from "~/utils/refusal";
import { MAX_PACKING_SLIPS } from "./packing-slip-fields";

/** The paper: A4 sheets (the default) or an 80 mm thermal roll. */
export type SlipWidth = "a4" | "80mm";

/**
 * A refused slip request (ADR 0024): a `dashboard.slips.*` id, status 400 (no order, too many,
 * a malformed id) or 404 (an order that does not exist). Nothing is written either way.
 */
export class PackingSlipError extends Refusal {
  override name = "PackingSlipError";
  constructor(id: string, status: RefusalStatus, values: MessageValues = {}) {
    super(id, values, { status });
  }
}

/** The orders asked for, in the order asked, without repeats, and the paper. */
export interface PackingSlipRequest {
  ids: number[];
  width: SlipWidth;
}

/**
 * Reads a slip request: the order id of the path (`/dashboard/orders/:id/slip`) or else every
 * `id` of the query (`/dashboard/orders/slips?id=3&id=7`, what the orders list's form sends),
 * and `width=80mm` for the thermal roll (any other or no `width` is A4).
 * @throws PackingSlipError 404 `orderNotFound` for a path id that is no order id; 400
 *   `chooseOrder` for no `id`, `tooMany` (`{max}`) for more than MAX_PACKING_SLIPS, `badId`
 *   (`{value}`, at most 20 characters of it) for an `id` that is not a positive whole number.
 */
export function readPackingSlipRequest(
  search: URLSearchParams,
  pathId: string | undefined,
): PackingSlipRequest {
  const width: SlipWidth = search.get("width") === "80mm" ? "80mm" : "a4";
  if (pathId !== undefined) {
    const id = parseEntityId(pathId);
    if (id === null) throw new PackingSlipError("dashboard.slips.orderNotFound", 404);
    return { ids: [id], width };
  }
  const raw = search.getAll("id");
  if (raw.length === 0) throw new PackingSlipError("dashboard.slips.chooseOrder", 400);
  if (raw.length > MAX_PACKING_SLIPS) {
    throw new PackingSlipError("dashboard.slips.tooMany", 400, { max: MAX_PACKING_SLIPS });
  }
  const ids: number[] = [];
  for (const value of raw) {
    const id = parseEntityId(value.trim());
    if (id === null) {
      throw new PackingSlipError("dashboard.slips.badId", 400, { value: value.slice(0, 20) });
    }
    if (!ids.includes(id)) ids.push(id);
  }
  return { ids, width };
}

/**
 * What the slip says about money (docs/dashboard.md "Packing slips"):
 * - `collect`: cash on delivery not yet collected, `amountPaise` = the order's total;
 * - `paid-online`: paid through Razorpay; `paid-cash`: cash already collected;
 *   `nothing-due`: a total of 0 (a coupon paid it all): nothing to collect in each case;
 * - `awaiting-online`: online payment not received (pending, failed or expired): not to be sent.
 */
export type SlipPayment =
  | { kind: "collect"; amountPaise: number }
  | { kind: "paid-online" | "paid-cash" | "nothing-due" | "awaiting-online" };

/** The payment part of a slip for an order's method, payment status and total (paise). */
export function slipPayment(order: {
  paymentMethod: "cod" | "online";
  paymentStatus: string;
  totalPaise: number;
}): SlipPayment {
  if (order.paymentStatus === "paid") {
    return { kind: order.paymentMethod === "online" ? "paid-online" : "paid-cash" };
  }
  if (order.totalPaise === 0) return { kind: "nothing-due" };
  if (order.paymentMethod === "online") return { kind: "awaiting-online" };
  return { kind: "collect", amountPaise: order.totalPaise };
}

/** One order's packing slip, ready to show (English dashboard words are the page's). */
export interface PackingSlip {
  id: number;
  reference: string;
  /** When it was placed, Asia/Kolkata, en-IN: "22 Nov 2026, 6:05 pm". */
  placedAt: string;
  status: OrderStatus;
  name: string;
  /** "+91 98450 12345". */
  phone: string;
  address: string;
  city: string;
  state: string;
  pinCode: string;
  payment: SlipPayment;
  /** The lines as ordered (the product's name when ordered, in English), oldest first. */
  lines: { id: number; name: string; quantity: number }[];
  /** The number of items: the sum of the lines' quantities. */
  itemCount: number;
}

/**
 * The packing slips of `ids`, in that order: two queries whatever the count (the orders, then
 * all their lines).
 * @throws PackingSlipError 404: `orderNotFound` when the one id asked for is no order,
 *   `ordersNotFound` (`{ids}`, comma-separated) when some of several are not.
 */
export async function packingSlips(db: Database, ids: readonly number[]): Promise<PackingSlip[]> {
  if (ids.length === 0) return [];
  const found = await db
    .select()
    .from(orders)
    .where(inArray(orders.id, [...ids]));
  const missing = ids.filter((id) => !found.some((order) => order.id === id));
  if (missing.length > 0) {
    if (ids.length === 1) throw new PackingSlipError("dashboard.slips.orderNotFound", 404);
    throw new PackingSlipError("dashboard.slips.ordersNotFound", 404, { ids: missing.join(", ") });
  }
  const lines = await db
    .select({
      id: orderLines.id,
      orderId: orderLines.orderId,
      name: orderLines.name,
      quantity: orderLines.quantity,
    })
    .from(orderLines)
    .where(inArray(orderLines.orderId, [...ids]))
    .orderBy(asc(orderLines.id));
  return ids.map((id) => {
    const order = found.find((row) => row.id === id);
    if (!order) throw new Error(`order ${id} vanished`);
    const own = lines
      .filter((line) => line.orderId === id)
      .map((line) => ({ id: line.id, name: line.name, quantity: line.quantity }));
    return {
      id,
      reference: order.reference,
      placedAt: formatDateTimeIST(order.createdAt),
      status: order.status,
      name: order.name,
      phone: formatIndianMobile(order.phone),
      address: order.address,
      city: order.city,
      state: order.state,
      pinCode: order.pinCode,
      payment: slipPayment(order),
      lines: own,
      itemCount: own.reduce((sum, line) => sum + line.quantity, 0),
    };
  });
}
