import { getDb } from "~/db/db.server";
import {
  couponCsvHeader,
  couponCsvRows,
  couponFiltersSchema,
} from "~/features/orders/coupons-admin.server";
import { requireStaff } from "~/features/staff/session.server";
import { csvResponse } from "~/utils/csv.server";
import { todayInKolkata } from "~/utils/dates";
import { badFiltersResponse, parseFilters } from "~/utils/list-filters.server";
import type { Route } from "./+types/coupons-export";

/** CSV of every coupon matching the page's filters (docs/exchange.md); bad filters → 400. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const parsed = parseFilters(couponFiltersSchema, new URL(request.url).searchParams);
  if (!parsed.ok) return badFiltersResponse(parsed.errors);
  const now = new Date();
  return csvResponse(
    `coupons-${todayInKolkata(now)}.csv`,
    couponCsvHeader,
    couponCsvRows(await getDb(), parsed.filters, now),
  );
}
