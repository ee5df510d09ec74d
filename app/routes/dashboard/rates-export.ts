import { getDb } from "~/db/db.server";
import { rateExportHeader, rateExportRows } from "~/features/rates/rates-admin.server";
import { requireStaff } from "~/features/staff/session.server";
import { csvResponse } from "~/utils/csv.server";
import type { Route } from "./+types/rates-export";

/** CSV of the whole scrap rate list, retired materials included (docs/dashboard.md), streamed. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "admin");
  return csvResponse("scrap-rates.csv", rateExportHeader, rateExportRows(await getDb()));
}
