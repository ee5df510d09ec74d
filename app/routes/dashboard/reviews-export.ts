import { getDb } from "~/db/db.server";
import {
  reviewCsvHeader,
  reviewCsvRows,
  reviewFiltersSchema,
} from "~/features/community/community-admin.server";
import { requireStaff } from "~/features/staff/session.server";
import { csvResponse } from "~/utils/csv.server";
import { todayInKolkata } from "~/utils/dates";
import { badFiltersResponse, parseFilters } from "~/utils/list-filters.server";
import type { Route } from "./+types/reviews-export";

/** CSV of every review matching the list's filters (docs/dashboard.md); bad filters → 400. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const parsed = parseFilters(reviewFiltersSchema, new URL(request.url).searchParams);
  if (!parsed.ok) return badFiltersResponse(parsed.errors);
  return csvResponse(
    `reviews-${todayInKolkata(new Date())}.csv`,
    reviewCsvHeader,
    reviewCsvRows(await getDb(), parsed.filters),
  );
}
