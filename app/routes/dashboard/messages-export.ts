import { getDb } from "~/db/db.server";
import {
  messageCsvHeader,
  messageCsvRows,
  messageFiltersSchema,
} from "~/features/messages/messages-admin.server";
import { requireStaff } from "~/features/staff/session.server";
import { csvResponse } from "~/utils/csv.server";
import { todayInKolkata } from "~/utils/dates";
import { badFiltersResponse, parseFilters } from "~/utils/list-filters.server";
import type { Route } from "./+types/messages-export";

/** CSV of every message matching the Messages page's filters (docs/messages.md); bad filters → 400. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const parsed = parseFilters(messageFiltersSchema, new URL(request.url).searchParams);
  if (!parsed.ok) return badFiltersResponse(parsed.errors);
  return csvResponse(
    `messages-${todayInKolkata(new Date())}.csv`,
    messageCsvHeader,
    messageCsvRows(await getDb(), parsed.filters),
  );
}
