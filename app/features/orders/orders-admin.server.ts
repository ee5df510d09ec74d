/**
 * Orders in the staff dashboard (docs/dashboard.md): the filtered, searched, keyset-paged
 * list and its CSV rows, the detail page's data, and 'cash collected'. Status changes go
 * through `transitionOrder` in orders.server.ts, which writes its own audit row.
 *
 * Money is integer paise (rupees with 2 decimals in CSV); the date filters are calendar dates
 * of the placing instant in Asia/Kolkata.
 */
import { and, asc, desc, eq, gte, ilike, lt, type SQL, sql } from "drizzle-orm";
import { recordAudit } from "~/db/audit.server";
import type { Database } from "~/db/client.server";
import {
  type OrderStatus,
  orderLines,
  orderStatuses,
  orders,
  paymentEvents,
  paymentStatuses,
} from "~/db/schema/shop";
import { csvKolkataTimestamp, csvRupees } from "~/utils/csv.server";
import { addDays, formatDateTimeIST, isCalendarDate, kolkataInstant } from "~/utils/dates";
import { entityHistory } from "~/utils/entity-history.server";
import { decodeCursor, keysetBatches, keysetPage } from "~/utils/keyset.server";
import {
  checkChoice,
  checkDateRange,
  checkSearch,
  filterSearchParams,
  finishFilterCheck,
  startFilterCheck,
} from "~/utils/list-filters.server";
import { normaliseIndianMobile } from "~/utils/phone";
import { containsPattern } from "~/utils/sql-like";
import { PAID_WITHOUT_STOCK_ACTION } from "./order-stock.server";
import { OrderRejectedError } from "./orders.server";

export type PaymentStatus = (typeof paymentStatuses)[number];

/** The list's filters after checking (docs/dashboard.md); absent = not filtered. */
export interface OrderFilters {
  status?: OrderStatus;
  payment?: PaymentStatus;
  /** Placed from/to, inclusive calendar dates "YYYY-MM-DD" in Asia/Kolkata. */
  from?: string;
  to?: string;
  /** Reference (OR-XXXXXX), Indian mobile, e-mail (contains '@'), or part of the name. */
  q?: string;
}

export type OrderFilterField = keyof OrderFilters;

export interface ParsedOrderFilters {
  filters: OrderFilters;
  values: Record<OrderFilterField, string>;
  problems: Partial<Record<OrderFilterField, string>>;
}

const orderFilterKeys = ["status", "payment", "from", "to", "q"] as const;

/**
 * Reads the list's URL parameters (a contract: status, payment, from, to, q; `after` apart).
 * Unknown values are ignored with a message for their field; nothing here throws.
 */
export function parseOrderFilters(params: URLSearchParams): ParsedOrderFilters {
  const check = startFilterCheck(params, orderFilterKeys);
  checkChoice(check, "status", orderStatuses, "dashboard.lists.statusIgnored");
  checkChoice(check, "payment", paymentStatuses, "dashboard.lists.paymentStatusIgnored");
  checkDateRange(check);
  checkSearch(check);
  return finishFilterCheck<OrderFilters, OrderFilterField>(check);
}

/** The filters as URL parameters (for the next-page and export links). */
export function orderFilterParams(filters: OrderFilters): URLSearchParams {
  return filterSearchParams(filters, orderFilterKeys);
}

/**
 * Search: "OR-…" is a reference, a 10-digit or +91 number a phone, text with '@' part of the
 * e-mail, anything else part of the name (case-insensitive; trigram indexes).
 */
function searchCondition(q: string): SQL {
  if (/^or-/i.test(q)) return eq(orders.reference, q.toUpperCase());
  const phone = normaliseIndianMobile(q);
  if (phone) return eq(orders.phone, phone);
  if (q.includes("@")) return ilike(orders.email, containsPattern(q));
  return ilike(orders.name, containsPattern(q));
}

function filterConditions(filters: OrderFilters): SQL[] {
  const where: SQL[] = [];
  if (filters.status) where.push(eq(orders.status, filters.status));
  if (filters.payment) where.push(eq(orders.paymentStatus, filters.payment));
  if (filters.from) where.push(gte(orders.createdAt, kolkataInstant(filters.from, "00:00")));
  if (filters.to) {
    where.push(lt(orders.createdAt, kolkataInstant(addDays(filters.to, 1), "00:00")));
  }
  if (filters.q) where.push(searchCondition(filters.q));
  return where;
}

/** [created_at as PostgreSQL text (microseconds, with offset), id]. */
type OrderCursor = [string, number];

const TIMESTAMP_TEXT =
  /^(\d{4}-\d{2}-\d{2}) ([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;

function readCursor(after: string | null | undefined): OrderCursor | null {
  const cursor = decodeCursor<OrderCursor>(after, ["string", "number"]);
  if (!cursor) return null;
  const match = TIMESTAMP_TEXT.exec(cursor[0]);
  return match && isCalendarDate(match[1] as string) ? cursor : null;
}

export type OrderListRow = {
  id: number;
  reference: string;
  createdAt: Date;
  name: string;
  phone: string;
  city: string;
  status: OrderStatus;
  paymentMethod: "cod" | "online";
  paymentStatus: PaymentStatus;
  totalPaise: number;
};

/** Columns of a list page and of a CSV batch (one query shape for both). */
const pageColumns = {
  id: orders.id,
  reference: orders.reference,
  createdAt: orders.createdAt,
  status: orders.status,
  paymentMethod: orders.paymentMethod,
  paymentStatus: orders.paymentStatus,
  name: orders.name,
  email: orders.email,
  phone: orders.phone,
  address: orders.address,
  city: orders.city,
  state: orders.state,
  pinCode: orders.pinCode,
  subtotalPaise: orders.subtotalPaise,
  discountPaise: orders.discountPaise,
  couponCode: orders.couponCode,
  totalPaise: orders.totalPaise,
  // Text keeps PostgreSQL's microseconds (a JS Date would round them away and repeat rows).
  sortAt: sql<string>`${orders.createdAt}::text`,
};

async function orderPage(
  db: Database,
  filters: OrderFilters,
  cursor: OrderCursor | null,
  limit: number,
) {
  const where = filterConditions(filters);
  if (cursor) {
    where.push(
      sql`(${orders.createdAt}, ${orders.id}) < (${cursor[0]}::timestamptz, ${cursor[1]})`,
    );
  }
  return db
    .select(pageColumns)
    .from(orders)
    .where(and(...where))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}

/**
 * One page of the orders list, newest first (created_at desc, id desc), at most PAGE_SIZE rows;
 * `nextCursor` asks for the next page (null on the last one). A tampered cursor shows page 1.
 */
export async function listOrders(
  db: Database,
  filters: OrderFilters,
  after: string | null,
): Promise<{ rows: OrderListRow[]; nextCursor: string | null }> {
  const { page, nextCursor } = await keysetPage(
    (cursor: OrderCursor | null, limit: number) => orderPage(db, filters, cursor, limit),
    readCursor(after),
    (row): OrderCursor => [row.sortAt, row.id],
  );
  return {
    rows: page.map((row) => ({
      id: row.id,
      reference: row.reference,
      createdAt: row.createdAt,
      name: row.name,
      phone: row.phone,
      city: row.city,
      status: row.status,
      paymentMethod: row.paymentMethod,
      paymentStatus: row.paymentStatus,
      totalPaise: row.totalPaise,
    })),
    nextCursor,
  };
}

/** The CSV's header row; amounts in rupees with 2 decimals, times in Asia/Kolkata. */
export const orderCsvHeader = [
  "Reference",
  "Placed at (IST)",
  "Status",
  "Payment method",
  "Payment status",
  "Name",
  "Email",
  "Phone",
  "Address",
  "City",
  "State",
  "PIN code",
  "Subtotal (₹)",
  "Total (₹)",
  "Discount (₹)",
  "Coupon code",
] as const;

/**
 * Every order matching `filters`, as CSV rows in the order of `orderCsvHeader`, in keyset
 * batches of `batchSize` (docs/dashboard.md: a million rows never sit in memory).
 */
export async function* orderCsvRows(
  db: Database,
  filters: OrderFilters,
  batchSize = 1000,
): AsyncGenerator<readonly unknown[]> {
  const rows = keysetBatches(
    (cursor: OrderCursor | null, limit: number) => orderPage(db, filters, cursor, limit),
    (row): OrderCursor => [row.sortAt, row.id],
    batchSize,
  );
  for await (const row of rows) {
    yield [
      row.reference,
      csvKolkataTimestamp(row.createdAt),
      row.status,
      row.paymentMethod,
      row.paymentStatus,
      row.name,
      row.email,
      row.phone,
      row.address,
      row.city,
      row.state,
      row.pinCode,
      csvRupees(row.subtotalPaise),
      csvRupees(row.totalPaise),
      csvRupees(row.discountPaise),
      row.couponCode ?? "",
    ];
  }
}

/**
 * An order for the staff detail page: every column, its lines (snapshot name, unit price and
 * line total in paise, quantity) and its audit history, oldest first. Null when unknown.
 */
export async function getOrderForStaff(db: Database, id: number) {
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  if (!order) return null;
  const lines = await db
    .select({
      id: orderLines.id,
      name: orderLines.name,
      unitPricePaise: orderLines.unitPricePaise,
      quantity: orderLines.quantity,
      lineTotalPaise: orderLines.lineTotalPaise,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, id))
    .orderBy(asc(orderLines.id));
  const history = await entityHistory(db, "order", id);
  const payments = await db
    .select({
      eventId: paymentEvents.eventId,
      event: paymentEvents.event,
      outcome: paymentEvents.outcome,
      razorpayPaymentId: paymentEvents.razorpayPaymentId,
      receivedAt: paymentEvents.receivedAt,
    })
    .from(paymentEvents)
    .where(eq(paymentEvents.orderId, id))
    .orderBy(asc(paymentEvents.receivedAt))
    .limit(100);
  return {
    order,
    lines,
    history,
    payments: payments.map((event) => ({
      ...event,
      receivedAt: formatDateTimeIST(event.receivedAt),
    })),
    cashCollectable: canCollectCash(order),
    // Money was taken online for an order that will not ship: someone must refund it.
    needsRefund:
      order.status === "cancelled" &&
      order.paymentMethod === "online" &&
      order.paymentStatus === "paid",
    // Paid after its payment time ran out while the stock was gone (docs/payments.md).
    paidWithoutStock: history.some((entry) => entry.action === PAID_WITHOUT_STOCK_ACTION),
  };
}

/**
 * 'Cash collected' applies to a cash-on-delivery order not yet paid that is shipped or
 * delivered (docs/dashboard.md; our choice: the courier may hand the cash over before the
 * delivery is marked, so 'shipped' counts too; a placed, confirmed or cancelled order never).
 */
export function canCollectCash(order: {
  paymentMethod: string;
  paymentStatus: string;
  status: OrderStatus;
}): boolean {
  return (
    order.paymentMethod === "cod" &&
    order.paymentStatus !== "paid" &&
    (order.status === "shipped" || order.status === "delivered")
  );
}

/**
 * Marks a cash-on-delivery order's payment 'paid', with an audit row (before/after payment
 * status) in the same transaction; the update is conditional on the status and payment status
 * that were read.
 * @param expectedFrom the order status the staff member saw; another one gives 409.
 * @throws OrderRejectedError 404 unknown, 409 not collectable or changed meanwhile.
 */
export async function markCashCollected(
  db: Database,
  id: number,
  actorEmail: string,
  expectedFrom: OrderStatus,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, id));
    if (!order) throw new OrderRejectedError("errors.order.notFound", 404);
    if (order.status !== expectedFrom) {
      throw new OrderRejectedError("errors.order.changed", 409);
    }
    if (!canCollectCash(order)) {
      throw new OrderRejectedError(
        order.paymentStatus === "paid" ? "errors.payment.alreadyPaid" : "errors.order.cashOnlyCod",
        409,
      );
    }
    const updated = await tx
      .update(orders)
      .set({ paymentStatus: "paid", paidAt: new Date(), updatedAt: new Date() })
      .where(
        and(
          eq(orders.id, id),
          eq(orders.status, order.status),
          eq(orders.paymentStatus, order.paymentStatus),
        ),
      )
      .returning({ id: orders.id });
    if (updated.length === 0) {
      throw new OrderRejectedError("errors.order.changed", 409);
    }
    await recordAudit(tx, {
      actor: { email: actorEmail },
      action: "order.cash_collected",
      entity: "order",
      entityId: id,
      before: { paymentStatus: order.paymentStatus },
      after: { paymentStatus: "paid" },
    });
  });
}
