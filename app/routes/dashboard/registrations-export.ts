import { getDb } from "~/db/db.server";
import {
  registrationCsvHeader,
  registrationCsvRows,
  registrationFiltersSchema,
} from "~/features/community/community-admin.server";
import { requireStaff } from "~/features/staff/session.server";
import { csvResponse } from "~/utils/csv.server";
import { todayInKolkata } from "~/utils/dates";
import { badFiltersResponse, parseFilters } from "~/utils/list-filters.server";
import type { Route } from "./+types/registrations-export";

/** CSV of every registration matching the list's search (docs/dashboard.md); bad filters → 400. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const parsed = parseFilters(registrationFiltersSchema, new URL(request.url).searchParams);
  if (!parsed.ok) return badFiltersResponse(parsed.errors);
  const now = new Date();
  return csvResponse(
    `registrations-${todayInKolkata(now)}.csv`,
    registrationCsvHeader,
    registrationCsvRows(await getDb(), parsed.filters, now),
  );
}
