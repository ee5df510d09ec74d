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
import { pickupConfigFromEnv, slotChoices } from "~/features/pickups/pickup-config";
import { requireStaff } from "~/features/staff/session.server";
import { setStaffLanguage, staffLanguageOf } from "~/features/staff/staff-language.server";
import { messagesFor, refusalText, t } from "~/i18n/i18n.server";
import { useT } from "~/i18n/i18n-react";
import { type Lang, languageLabels, languages } from "~/i18n/languages";
import { formatCalendarDate } from "~/utils/dates";
import { readIntentForm, UNKNOWN_ACTION } from "~/utils/intent-form";
import type { Route } from "./+types/route";

// Loader and action headers (Retry-After of a 429) reach document responses too.
export { headers } from "~/utils/route-headers";

/** The notices after a visit step or a language change, as message ids (`?done=`). */
const notices: Record<string, string> = {
  on_my_way: "collector.route.notice.on_my_way",
  arrived: "collector.route.notice.arrived",
  language: "collector.language.saved",
};

/**
 * The route sheet (docs/exchange.md "Collectors and the route sheet"): `?date=YYYY-MM-DD`
 * (default today in Asia/Kolkata); staff and admins may narrow it with `?collector=<id>`. In
 * the staff member's language (docs/languages.md "Staff language"): its words, material names,
 * slots and times.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStaff(request, "route");
  const params = new URL(request.url).searchParams;
  const { date, problem } = routeSheetDate(params.get("date"), new Date());
  const db = await getDb();
  const lang = await staffLanguageOf(db, user.id);
  const config = pickupConfigFromEnv();
  const done = params.get("done") ?? "";
  const isCollector = user.role === "collector";
  const collectors = isCollector ? [] : await listCollectors(db);
  const chosen = params.get("collector") ?? "";
  const collectorId = collectors.some((c) => c.id === chosen) ? chosen : null;
  const sheet = await getRouteSheet(db, {
    date,
    viewer: user,
    collectorId,
    slots: config.slots.map((slot) => ({
      ...slot,
      label: slotChoices(lang, config).find((c) => c.start === slot.start)?.label ?? slot.label,
    })),
    lang,
  });
  return {
    sheet,
    lang,
    dateProblem: problem ? t(lang, problem.id, problem.values) : null,
    isCollector,
    collectors,
    collectorId,
    collectorProblem: chosen && !collectorId ? t(lang, "collector.route.filter.unknown") : null,
    notice: done in notices ? t(lang, notices[done] as string) : null,
    messages: messagesFor(lang, ["collector", "pickup.status", "pickup.reward"]),
  };
}

const visitSchema = z.object({
  intent: z.enum(["on_my_way", "arrived"], { error: UNKNOWN_ACTION }),
  pickupId: z.string().regex(/^[1-9][0-9]{0,9}$/, "collector.refusal.choosePickup"),
  date: z.string().max(20).optional(),
});

interface VisitResult {
  error: string;
  pickupId: number | null;
}

const languageSchema = z.object({
  intent: z.literal("language"),
  language: z.enum(languages, { error: UNKNOWN_ACTION }),
  date: z.string().max(20).optional(),
});

/**
 * intent = on_my_way | arrived for `pickupId`, or intent = language (the staff member's own
 * screen language, docs/languages.md "Staff language"); then back to the sheet of the posted
 * `date`. Refusals in the staff member's language.
 */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireStaff(request, "route");
  const form = await request.formData();
  const db = await getDb();
  const lang = await staffLanguageOf(db, user.id);
  if (form.get("intent") === "language") {
    const chosen = readIntentForm(languageSchema, form);
    if (!chosen.ok) {
      return data<VisitResult>(
        { error: refusalText(lang, chosen.ref), pickupId: null },
        { status: 400 },
      );
    }
    await setStaffLanguage(db, user, user.id, chosen.data.language);
    const { date } = routeSheetDate(chosen.data.date ?? null, new Date());
    return redirect(`/dashboard/route?date=${date}&done=language`);
  }
  const posted = readIntentForm(visitSchema, form);
  if (!posted.ok) {
    return data<VisitResult>(
      { error: refusalText(lang, posted.ref), pickupId: null },
      { status: 400 },
    );
  }
  const pickupId = Number(posted.data.pickupId);
  try {
    if (posted.data.intent === "on_my_way") await markOnTheWay(db, pickupId, user, new Date());
    else await markArrived(db, pickupId, user, new Date());
  } catch (error) {
    if (error instanceof ExchangeError) {
      const text = refusalText(error.id.startsWith("dashboard.") ? "en" : lang, error);
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
  const t = useT();
  const href = (date: string) =>
    `/dashboard/route?date=${date}${collectorId ? `&collector=${encodeURIComponent(collectorId)}` : ""}`;
  return (
    <nav className="route-days" aria-label={t("collector.route.days")}>
      <Link to={href(sheet.previousDate)} className="route-days__link">
        {t("collector.route.previousDay")}
      </Link>
      <Link to={href(sheet.nextDate)} className="route-days__link">
        {t("collector.route.nextDay")}
      </Link>
    </nav>
  );
}

/** The staff's GET form to narrow the sheet to one collector (the date is kept). */
function CollectorFilter({ data: loaderData }: { data: RouteData }) {
  const t = useT();
  return (
    <Form method="get" className="route-filter" aria-label={t("collector.route.filter.label")}>
      <input type="hidden" name="date" value={loaderData.sheet.date} />
      <SelectField
        id="collector"
        name="collector"
        label={t("collector.route.filter.collector")}
        placeholder={t("collector.route.filter.every")}
        options={loaderData.collectors.map((c) => ({ value: c.id, label: c.name }))}
        defaultValue={loaderData.collectorId ?? ""}
        error={loaderData.collectorProblem ?? undefined}
      />
      <button type="submit" className="button route-card__button">
        {t("collector.route.filter.show")}
      </button>
    </Form>
  );
}

/** The staff member's own language for these screens: a plain POST form (works without JS). */
function LanguageChoice({ lang, date }: { lang: Lang; date: string }) {
  const t = useT();
  return (
    <Form method="post" className="route-language">
      <input type="hidden" name="date" value={date} />
      <fieldset>
        <legend>{t("collector.language.legend")}</legend>
        {languages.map((option) => (
          <label key={option} className="route-language__option" lang={option}>
            <input type="radio" name="language" value={option} defaultChecked={option === lang} />{" "}
            {languageLabels[option]}
          </label>
        ))}
      </fieldset>
      <button type="submit" name="intent" value="language" className="button route-card__button">
        {t("collector.language.save")}
      </button>
    </Form>
  );
}

export default function RouteSheetPage({ loaderData, actionData }: Route.ComponentProps) {
  const { sheet } = loaderData;
  const t = useT();
  const refusedCard = actionData?.pickupId ?? null;
  const cardIds = new Set(sheet.groups.flatMap((g) => g.pickups.map((p) => p.id)));
  return (
    <div className="route-sheet" lang={loaderData.lang}>
      <h1>
        {t("collector.route.title", { date: formatCalendarDate(sheet.date, loaderData.lang) })}
      </h1>
      <StatusNotice message={actionData ? null : loaderData.notice} />
      <FormError message={loaderData.dateProblem} className="dash-error" />
      {actionData && (refusedCard === null || !cardIds.has(refusedCard)) ? (
        <FormError message={actionData.error} className="dash-error" />
      ) : null}
      <DayNav sheet={sheet} collectorId={loaderData.collectorId} />
      {loaderData.isCollector ? null : <CollectorFilter data={loaderData} />}
      {sheet.count === 0 ? (
        <p className="dash-notice">
          {loaderData.isCollector ? t("collector.route.none") : t("collector.route.noneAssigned")}
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
      <LanguageChoice lang={loaderData.lang} date={sheet.date} />
    </div>
  );
}
