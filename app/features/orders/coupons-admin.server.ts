/**
 * The dashboard's Coupons page and its CSV export (docs/exchange.md "Coupons";
 * docs/dashboard.md): every coupon, newest first, keyset-paged, with the pickup it was issued
 * for, its value, balance, expiry and the orders that spent it. Money in paise (rupees with 2
 * decimals in the CSV); times shown in Asia/Kolkata.
 */
import { and, desc, eq, gt, ilike, inArray, lte, or, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { claims } from "~/db/schema/claims";
import { couponRedemptions, coupons } from "~/db/schema/exchange";
import { pickups } from "~/db/schema/pickups";
import { orders } from "~/db/schema/shop";
import { normaliseCouponCode } from "~/utils/codes.server";
import { csvKolkataTimestamp, csvRowsOf, csvRupees } from "~/utils/csv.server";
import { PAGE_SIZE, rowsOfEveryPage } from "~/utils/keyset.server";
import { epochMicros, olderThanCursor, pageOf } from "~/utils/keyset-time.server";
import { containsPattern } from "~/utils/sql-like";
import { type CouponState, couponState, couponStateLabels, couponStates } from "./coupon-status";

/** Rows per query when the CSV export walks the whole list. */
const EXPORT_BATCH = 1000;

/** Filters of the Coupons page and its export: `status` (active, used-up, expired) and `q`. */
export const couponFiltersSchema = z.object({
  status: z
    .union([z.literal(""), z.enum(couponStates)], {
      error: "dashboard.coupons.chooseState",
    })
    .optional()
    .transform((value) => value || undefined),
  q: z
    .string()
    .trim()
    .max(100, "dashboard.lists.searchTooLong")
    .transform((value) => value || undefined),
});
export type CouponFilters = z.infer<typeof couponFiltersSchema>;

/** One order's use of a coupon, as the list shows it. */
export interface CouponRedemptionView {
  orderId: number;
  orderReference: string;
  amountPaise: number;
  refunded: boolean;
}

export interface CouponRow {
  id: number;
  code: string;
  /** What it was issued for: a pickup's reward or a claim's store credit (docs/claims.md). */
  issuedFor: { kind: "pickup" | "claim"; id: number; reference: string };
  valuePaise: number;
  balancePaise: number;
  expiresAt: Date;
  createdAt: Date;
  state: CouponState;
  redemptions: CouponRedemptionView[];
}

function stateCondition(state: CouponState, now: Date): SQL | undefined {
  if (state === "used-up") return lte(coupons.balancePaise, 0);
  if (state === "expired") return and(gt(coupons.balancePaise, 0), lte(coupons.expiresAt, now));
  return and(gt(coupons.balancePaise, 0), gt(coupons.expiresAt, now));
}

/** A typed coupon code (any case, spaces) or pickup reference finds that one; else contains. */
function searchCondition(q: string): SQL | undefined {
  const code = normaliseCouponCode(q);
  if (code) return eq(coupons.code, code);
  if (/^pu-/i.test(q)) return eq(pickups.reference, q.toUpperCase());
  if (/^cl-/i.test(q)) return eq(claims.reference, q.toUpperCase());
  const pattern = containsPattern(q.toUpperCase());
  return or(
    ilike(coupons.code, pattern),
    ilike(pickups.reference, pattern),
    ilike(claims.reference, pattern),
  );
}

async function redemptionsOf(
  db: Database,
  couponIds: number[],
): Promise<Map<number, CouponRedemptionView[]>> {
  const byCoupon = new Map<number, CouponRedemptionView[]>();
  if (couponIds.length === 0) return byCoupon;
  const rows = await db
    .select({
      couponId: couponRedemptions.couponId,
      orderId: couponRedemptions.orderId,
      orderReference: orders.reference,
      amountPaise: couponRedemptions.amountPaise,
      refundedAt: couponRedemptions.refundedAt,
    })
    .from(couponRedemptions)
    .innerJoin(orders, eq(orders.id, couponRedemptions.orderId))
    .where(inArray(couponRedemptions.couponId, couponIds))
    .orderBy(couponRedemptions.createdAt, couponRedemptions.id);
  for (const row of rows) {
    const list = byCoupon.get(row.couponId) ?? [];
    list.push({
      orderId: row.orderId,
      orderReference: row.orderReference,
      amountPaise: row.amountPaise,
      refunded: row.refundedAt !== null,
    });
    byCoupon.set(row.couponId, list);
  }
  return byCoupon;
}

/**
 * One page of coupons, newest first (created_at desc, id desc; `coupons_created_idx`), with
 * `filters` applied at instant `now` (a coupon is expired from its `expires_at` on), each with
 * its redemptions (oldest first).
 * @returns the rows and the next page's cursor (null on the last page); a bad cursor is page 1.
 */
export async function listCoupons(
  db: Database,
  filters: CouponFilters,
  now: Date,
  after?: string | null,
  limit = PAGE_SIZE,
): Promise<{ rows: CouponRow[]; next: string | null }> {
  const found = await db
    .select({
      id: coupons.id,
      code: coupons.code,
      pickupId: coupons.pickupId,
      pickupReference: pickups.reference,
      claimId: coupons.claimId,
      claimReference: claims.reference,
      valuePaise: coupons.valuePaise,
      balancePaise: coupons.balancePaise,
      expiresAt: coupons.expiresAt,
      createdAt: coupons.createdAt,
      sortMicros: epochMicros(coupons.createdAt),
    })
    .from(coupons)
    .leftJoin(pickups, eq(pickups.id, coupons.pickupId))
    .leftJoin(claims, eq(claims.id, coupons.claimId))
    .where(
      and(
        filters.status ? stateCondition(filters.status, now) : undefined,
        filters.q ? searchCondition(filters.q) : undefined,
        olderThanCursor(coupons.createdAt, coupons.id, after),
      ),
    )
    .orderBy(desc(coupons.createdAt), desc(coupons.id))
    .limit(limit + 1);
  const page = pageOf(found, limit);
  const redemptions = await redemptionsOf(
    db,
    page.rows.map((row) => row.id),
  );
  return {
    rows: page.rows.map(({ pickupId, pickupReference, claimId, claimReference, ...row }) => ({
      ...row,
      issuedFor:
        pickupId !== null
          ? { kind: "pickup" as const, id: pickupId, reference: pickupReference ?? "" }
          : { kind: "claim" as const, id: claimId ?? 0, reference: claimReference ?? "" },
      state: couponState(row, now),
      redemptions: redemptions.get(row.id) ?? [],
    })),
    next: page.next,
  };
}

/** The CSV's header row; amounts in rupees with 2 decimals, times in Asia/Kolkata. */
export const couponCsvHeader = [
  "Code",
  "Issued at (IST)",
  "Issued for",
  "Value (₹)",
  "Balance (₹)",
  "Expires at (IST)",
  "Status",
  "Redemptions",
  "Orders",
] as const;

/**
 * Every coupon matching `filters` at instant `now` (its status too), as CSV rows in the order of
 * `couponCsvHeader`, read in keyset batches of 1000. 'Orders' lists the order references, a
 * refunded one marked "(refunded)".
 */
export function couponCsvRows(
  db: Database,
  filters: CouponFilters,
  now: Date,
): AsyncGenerator<string[]> {
  const rows = rowsOfEveryPage((after) => listCoupons(db, filters, now, after, EXPORT_BATCH));
  return csvRowsOf(rows, (row) => [
    row.code,
    csvKolkataTimestamp(row.createdAt),
    row.issuedFor.reference,
    csvRupees(row.valuePaise),
    csvRupees(row.balancePaise),
    csvKolkataTimestamp(row.expiresAt),
    couponStateLabels[row.state],
    String(row.redemptions.length),
    row.redemptions
      .map((r) => (r.refunded ? `${r.orderReference} (refunded)` : r.orderReference))
      .join(" "),
  ]);
}
