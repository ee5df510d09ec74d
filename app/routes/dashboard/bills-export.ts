import { data } from "react-router";
import { getDb } from "~/db/db.server";
import {
  gstSummaryHeader,
  gstSummaryRows,
  monthBounds,
} from "~/features/orders/gst-summary.server";
import { requireStaff } from "~/features/staff/session.server";
import { csvResponse } from "~/utils/csv.server";
import type { Route } from "./+types/bills-export";

/**
 * `/dashboard/bills/export?month=2026-11`: the month's GST summary as CSV (docs/tax.md "GST
 * summary"), for admins. A malformed or missing month: 400 with a line saying what to send.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "admin");
  const month = new URL(request.url).searchParams.get("month") ?? "";
  const bounds = monthBounds(month);
  if (!bounds) throw data("Give the month as YYYY-MM, e.g. month=2026-11.", { status: 400 });
  return csvResponse(
    `gst-summary-${month}.csv`,
    gstSummaryHeader,
    gstSummaryRows(await getDb(), bounds),
  );
}
