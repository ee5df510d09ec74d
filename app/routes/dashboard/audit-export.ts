import { getDb } from "~/db/db.server";
import { requireStaff } from "~/features/staff/session.server";
import { auditCsvHeader, auditCsvRows, auditFiltersSchema } from "~/utils/audit-log.server";
import { csvResponse } from "~/utils/csv.server";
import { todayInKolkata } from "~/utils/dates";
import { badFiltersResponse, parseFilters } from "~/utils/list-filters.server";
import type { Route } from "./+types/audit-export";

/** CSV of every audit entry matching the page's filters (docs/dashboard.md); bad filters → 400. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const parsed = parseFilters(auditFiltersSchema, new URL(request.url).searchParams);
  if (!parsed.ok) return badFiltersResponse(parsed.errors);
  return csvResponse(
    `audit-log-${todayInKolkata(new Date())}.csv`,
    auditCsvHeader,
    auditCsvRows(await getDb(), parsed.filters),
  );
}
