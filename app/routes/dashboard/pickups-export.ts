import { getDb } from "~/db/db.server";
import {
  parsePickupFilters,
  pickupCsvHeader,
  pickupCsvRows,
} from "~/features/pickups/pickups-admin.server";
import { requireStaff } from "~/features/staff/session.server";
import { csvResponse } from "~/utils/csv.server";
import { todayInKolkata } from "~/utils/dates";
import type { Route } from "./+types/pickups-export";

/** CSV of every pickup matching the list's filters (docs/dashboard.md); odd filters are ignored. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const { filters } = parsePickupFilters(new URL(request.url).searchParams);
  return csvResponse(
    `pickups-${todayInKolkata(new Date())}.csv`,
    pickupCsvHeader,
    pickupCsvRows(await getDb(), filters),
  );
}
