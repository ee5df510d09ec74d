/**
 * Orders per Asia/Kolkata day of placing and status, with Σ order totals (docs/dashboard.md
 * "Overview"): the one read of recent orders that both the overview's 30-day chart and status
 * counts (overview.server.ts) and today's sales (today.server.ts) are tallied from, so the page
 * reads those ~30 days of orders once (`orders_created_status_total_idx`, index-only).
 * Money in integer paise.
 */
import { gte, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { type OrderStatus, orders } from "~/db/schema/shop";
import { addDays, kolkataInstant, todayInKolkata } from "~/utils/dates";

/** The orders placed on `date` ("YYYY-MM-DD", Asia/Kolkata) now in `status`. */
export interface OrderDayGroup {
  date: string;
  status: OrderStatus;
  count: number;
  /** Σ total_paise of those orders. */
  paise: number;
}

/**
 * The first day the overview's figures need at instant `now`: the chart's first day (today − 29)
 * or the first of the month, whichever is earlier; with `chartDays` ≥ 7 the week's Monday is
 * never earlier than both.
 */
export function orderDaysFrom(now: Date, chartDays: number): string {
  const today = todayInKolkata(now);
  const chartFrom = addDays(today, -(chartDays - 1));
  const monthStart = `${today.slice(0, 8)}01`;
  return monthStart < chartFrom ? monthStart : chartFrom;
}

/**
 * Orders placed since 00:00 Asia/Kolkata of `fromDay` ("YYYY-MM-DD"), grouped by day and status.
 * Throws only what the database throws.
 */
export async function readOrderDays(db: Database, fromDay: string): Promise<OrderDayGroup[]> {
  const orderDay = sql<string>`((${orders.createdAt} at time zone 'Asia/Kolkata')::date)::text`;
  const rows = await db
    .select({
      date: orderDay,
      status: orders.status,
      count: sql<number>`count(*)::int`,
      paise: sql<string>`sum(${orders.totalPaise})::text`,
    })
    .from(orders)
    .where(gte(orders.createdAt, kolkataInstant(fromDay, "00:00")))
    .groupBy(orderDay, orders.status);
  return rows.map((row) => ({ ...row, count: Number(row.count), paise: Number(row.paise) }));
}
