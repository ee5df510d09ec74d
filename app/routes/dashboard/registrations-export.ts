import { getDb } from "~/db/db.server";
import {
  registrationCsvHeader,
  registrationCsvRows,
  registrationFiltersSchema,
} from "~/features/community/community-admin.server";
import { csvResponse } from "~/features/dashboard/csv.server";
import { badFiltersResponse, parseFilters } from "~/features/dashboard/list-filters.server";
import { requireStaff } from "~/features/staff/session.server";
import { todayInKolkata } from "~/utils/dates";
import type { Route } from "./+types/registrations-export";

/** CSV of every registration matching the list's search (issue 6 item 9); bad filters → 400. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const parsed = parseFilters(registrationFiltersSchema, new URL(request.url).searchParams, ["q"]);
  if (!parsed.ok) return badFiltersResponse(parsed.errors);
  return csvResponse(
    `registrations-${todayInKolkata(new Date())}.csv`,
    registrationCsvHeader,
    registrationCsvRows(await getDb(), parsed.filters),
  );
}
