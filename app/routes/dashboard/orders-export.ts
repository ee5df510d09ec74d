import { getDb } from "~/db/db.server";
import {
  orderCsvHeader,
  orderCsvRows,
  parseOrderFilters,
} from "~/features/orders/orders-admin.server";
import { requireStaff } from "~/features/staff/session.server";
import { csvResponse } from "~/utils/csv.server";
import { todayInKolkata } from "~/utils/dates";
import type { Route } from "./+types/orders-export";

/** CSV of every order matching the list's filters (docs/dashboard.md); odd filters are ignored. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const { filters } = parseOrderFilters(new URL(request.url).searchParams);
  return csvResponse(
    `orders-${todayInKolkata(new Date())}.csv`,
    orderCsvHeader,
    orderCsvRows(await getDb(), filters),
  );
}
