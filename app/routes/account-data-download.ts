import { getDb } from "~/db/db.server";
import { requireCustomer } from "~/features/accounts/customer-session.server";
import { exportPersonalData, personalDataCsvRows } from "~/features/privacy/personal-data.server";
import { langOf } from "~/i18n/i18n.server";
import { csvResponse } from "~/utils/csv.server";
import { todayInKolkata } from "~/utils/dates";
import type { Route } from "./+types/account-data-download";

const PERSONAL = "private, no-store";

/**
 * `/account/data.json` and `/account/data.csv` (and under /hi/, /kn/): everything held about
 * the signed-in customer's phone (docs/accounts.md "Download my data"), as an attachment named
 * `my-data-<Asia/Kolkata date>.json|csv`, never cached. Not signed in: the sign-in page.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const customer = await requireCustomer(request, langOf(request));
  const db = await getDb();
  const exported = await exportPersonalData(db, customer.phone);
  const name = `my-data-${todayInKolkata(new Date())}`;
  if (new URL(request.url).pathname.endsWith(".csv")) {
    const csv = csvResponse(
      `${name}.csv`,
      [`# Personal data held for ${customer.phone}`],
      (async function* () {
        yield* personalDataCsvRows(exported);
      })(),
    );
    csv.headers.set("Cache-Control", PERSONAL);
    return csv;
  }
  return new Response(JSON.stringify(exported, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}.json"`,
      "Cache-Control": PERSONAL,
    },
  });
}
