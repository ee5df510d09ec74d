import { getDb } from "~/db/db.server";
import {
  parseCatalogueFilters,
  productExportHeader,
  productExportRows,
} from "~/features/catalogue/catalogue-admin.server";
import { requireStaff } from "~/features/staff/session.server";
import { csvResponse } from "~/utils/csv.server";
import type { Route } from "./+types/catalogue-export";

/** CSV of the catalogue with the list page's filters (docs/dashboard.md), streamed. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "admin");
  const filters = parseCatalogueFilters(new URL(request.url).searchParams);
  return csvResponse(
    "catalogue.csv",
    productExportHeader,
    productExportRows(await getDb(), filters),
  );
}
