import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";
import { SelectField } from "~/components/ui/field";
import { FormError, StatusNotice } from "~/components/ui/form-messages";
import { getDb } from "~/db/db.server";
import { listCollectors } from "~/features/exchange/assignment.server";
import { ExchangeError } from "~/features/exchange/exchange-error";
import { RouteCard } from "~/features/exchange/route-card";
import { getRouteSheet, routeSheetDate } from "~/features/exchange/route-sheet.server";
import { markArrived, markOnTheWay } from "~/features/exchange/visit.server";
import { pickupConfigFromEnv } from "~/features/pickups/pickup-config";
import { requireStaff } from "~/features/staff/session.server";
import { refusalText } from "~/i18n/i18n.server";
import { formatCalendarDate } from "~/utils/dates";
import { readIntentForm, UNKNOWN_ACTION } from "~/utils/intent-form";
import type { Route } from "./+types/route";

// Loader and action headers (Retry-After of a 429) reach document responses too.
export { headers } from "~/utils/route-headers";

const notices: Record<string, string> = {
  on_my_way: "Marked on the way; the customer's tracking page shows it.",
  arrived: "Marked arrived.",
};

/**
 * The route sheet (docs/exchange.md "Collectors and the route sheet"): `?date=YYYY-MM-DD`
 * (default today in Asia/Kolkata); staff and admins may narrow it with `?collector=<id>`.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStaff(request, "route");
  const params = new URL(request.url).searchParams;
  const { date, problem } = routeSheetDate(params.get("date"), new Date());
  const db = await getDb();
  const isCollector = user.role === "collector";
  const collectors = isCollector ? [] : await listCollectors(db);
  const chosen = params.get("collector") ?? "";
  const collectorId = collectors.some((c) => c.id === chosen) ? chosen : null;
  const sheet = await getRouteSheet(db, {
    date,
    viewer: user,
    collectorId,
    slots: pickupConfigFromEnv().slots,
  });
  return {
    sheet,
    dateProblem: problem,
    isCollector,
    collectors,
    collectorId,
    collectorProblem: chosen && !collectorId ? "Unknown collector; showing everyone." : null,
    notice: notices[params.get("done") ?? ""] ?? null,
  };
}

const visitSchema = z.object({
  intent: z.enum(["on_my_way", "arrived"], { error: UNKNOWN_ACTION }),
  pickupId: z.string().regex(/^[1-9][0-9]{0,9}$/, "dashboard.route.choosePickup"),
  date: z.string().max(20).optional(),
});

interface VisitResult {
  error: string;
  pickupId: number | null;
}

/** intent = on_my_way | arrived for `pickupId`; then back to the sheet of the posted `date`. */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireStaff(request, "route");
  const posted = readIntentForm(visitSchema, await request.formData());
  if (!posted.ok) {
    return data<VisitResult>(
      { error: refusalText("en", posted.ref), pickupId: null },
      { status: 400 },
    );
  }
  const pickupId = Number(posted.data.pickupId);
  const db = await getDb();
  try {
    if (posted.data.intent === "on_my_way") await markOnTheWay(db, pickupId, user, new Date());
    else await markArrived(db, pickupId, user, new Date());
  } catch (error) {
    if (error instanceof ExchangeError) {
      const text = refusalText("en", error);
      return data<VisitResult>({ error: text, pickupId }, { status: error.status });
    }
    throw error;
  }
  const { date } = routeSheetDate(posted.data.date ?? null, new Date());
  return redirect(`/dashboard/route?date=${date}&done=${posted.data.intent}`);
}

export const meta: Route.MetaFunction = () => [{ title: "Route | Staff dashboard" }];

type RouteData = Route.ComponentProps["loaderData"];

/** Previous day, the day shown, next day. */
function DayNav({ sheet, collectorId }: { sheet: RouteData["sheet"]; collectorId: string | null }) {
  const href = (date: string) =>
    `/dashboard/route?date=${date}${collectorId ? `&collector=${encodeURIComponent(collectorId)}` : ""}`;
  return (
    <nav className="route-days" aria-label="Days">
      <Link to={href(sheet.previousDate)} className="route-days__link">
        ← Previous day
      </Link>
      <Link to={href(sheet.nextDate)} className="route-days__link">
        Next day →
      </Link>
    </nav>
  );
}

/** The staff's GET form to narrow the sheet to one collector (the date is kept). */
function CollectorFilter({ data: loaderData }: { data: RouteData }) {
  return (
    <Form method="get" className="route-filter" aria-label="Choose a collector">
      <input type="hidden" name="date" value={loaderData.sheet.date} />
      <SelectField
        id="collector"
        name="collector"
        label="Collector"
        placeholder="Every collector"
        options={loaderData.collectors.map((c) => ({ value: c.id, label: c.name }))}
        defaultValue={loaderData.collectorId ?? ""}
        error={loaderData.collectorProblem ?? undefined}
      />
      <button type="submit" className="button route-card__button">
        Show
      </button>
    </Form>
  );
}

export default function RouteSheetPage({ loaderData, actionData }: Route.ComponentProps) {
  const { sheet } = loaderData;
  const refusedCard = actionData?.pickupId ?? null;
  const cardIds = new Set(sheet.groups.flatMap((g) => g.pickups.map((p) => p.id)));
  return (
    <div className="route-sheet">
      <h1>Route for {formatCalendarDate(sheet.date)}</h1>
      <StatusNotice message={actionData ? null : loaderData.notice} />
      <FormError message={loaderData.dateProblem} className="dash-error" />
      {actionData && (refusedCard === null || !cardIds.has(refusedCard)) ? (
        <FormError message={actionData.error} className="dash-error" />
      ) : null}
      <DayNav sheet={sheet} collectorId={loaderData.collectorId} />
      {loaderData.isCollector ? null : <CollectorFilter data={loaderData} />}
      {sheet.count === 0 ? (
        <p className="dash-notice">
          {loaderData.isCollector
            ? "No pickups are assigned to you for this day. Enjoy the break, or look at the next day."
            : "No assigned pickups for this day."}
        </p>
      ) : (
        sheet.groups.map((group) => (
          <section
            key={group.start}
            className="route-slot"
            aria-labelledby={`slot-${group.start.replace(":", "")}`}
          >
            <h2 id={`slot-${group.start.replace(":", "")}`}>
              {group.label} ({group.pickups.length})
            </h2>
            {group.pickups.map((pickup) => (
              <RouteCard
                key={pickup.id}
                pickup={pickup}
                date={sheet.date}
                showCollector={!loaderData.isCollector}
                error={refusedCard === pickup.id ? actionData?.error : undefined}
              />
            ))}
          </section>
        ))
      )}
    </div>
  );
}
