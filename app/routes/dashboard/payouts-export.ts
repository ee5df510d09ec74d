import { getDb } from "~/db/db.server";
import { payoutCsvHeader, payoutCsvRows } from "~/features/payouts/payouts.server";
import { requireStaff } from "~/features/staff/session.server";
import { csvResponse } from "~/utils/csv.server";
import { todayInKolkata } from "~/utils/dates";
import type { Route } from "./+types/payouts-export";

/** CSV of every payout made, newest first (docs/exchange.md "Payouts"). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  return csvResponse(
    `payouts-${todayInKolkata(new Date())}.csv`,
    payoutCsvHeader,
    payoutCsvRows(await getDb()),
  );
}
