import { data, Link, redirect } from "react-router";
import { DetailMessages } from "~/components/dashboard/detail-page";
import { getDb } from "~/db/db.server";
import { awaitsApproval } from "~/features/exchange/approval";
import { doorActionProblem } from "~/features/exchange/collector-access";
import { HandoverCodeForm } from "~/features/exchange/handover-code-form";
import {
  DISPUTED_STAFF_ONLY,
  pickupAtTheDoor,
  submitWeighSheetForm,
  weighSheetFormData,
  weighSheetSettingsFromEnv,
} from "~/features/exchange/weigh-sheet.server";
import { WeighSheetCard } from "~/features/exchange/weigh-sheet-card";
import { WeighSheetForm } from "~/features/exchange/weigh-sheet-form";
import { pickupConfigFromEnv, slotChoices } from "~/features/pickups/pickup-config";
import { requireStaff } from "~/features/staff/session.server";
import { staffLanguageOf } from "~/features/staff/staff-language.server";
import { messagesFor, refusalText, t } from "~/i18n/i18n.server";
import { useContentLang, useT } from "~/i18n/i18n-react";
import type { Lang } from "~/i18n/languages";
import { formatCalendarDate } from "~/utils/dates";
import { parseEntityId } from "~/utils/entity-history.server";
import { formStrings } from "~/utils/intent-form";
import { formatPaise } from "~/utils/money";
import { formatIndianMobile } from "~/utils/phone";
import { formatKg } from "~/utils/units";
import type { Route } from "./+types/route-pickup";

// Loader and action headers (Retry-After of a 429) reach document responses too.
export { headers } from "~/utils/route-headers";

/** The notices after a save (`?done=`), as message ids. */
const notices: Record<string, string> = {
  weighed: "collector.door.notice.weighed",
  held: "collector.door.notice.held",
};

/**
 * The pickup a collector weighs at the door (docs/exchange.md): every role may open it, a
 * collector only when it is assigned to them (403 otherwise); 404 for an unknown id.
 */
async function doorPickup(request: Request, rawId: string | undefined) {
  const user = await requireStaff(request, "route");
  const id = parseEntityId(rawId);
  const db = await getDb();
  const lang = await staffLanguageOf(db, user.id);
  const pickup = id === null ? null : await pickupAtTheDoor(db, id, lang);
  if (!pickup) throw data("This pickup does not exist.", { status: 404 });
  const problem = doorActionProblem(pickup, user);
  if (problem?.status === 403) throw data(refusalText(lang, problem.message), { status: 403 });
  return { user, db, pickup, problem, lang };
}

/**
 * Why the weigh sheet form is not offered, as text in `lang`, or null: the door rule's answer,
 * or, for a collector, a disputed sheet (only staff save over it; docs/exchange.md).
 */
function whyNoForm(
  pickup: { status: string },
  user: { role: string },
  problem: ReturnType<typeof doorActionProblem>,
  lang: Lang,
): string | null {
  if (problem) return refusalText(lang, problem.message);
  if (pickup.status === "disputed" && user.role === "collector") {
    return refusalText(lang, { id: DISPUTED_STAFF_ONLY, values: {} });
  }
  return null;
}

/**
 * The weigh sheet at the door, in the staff member's language (docs/languages.md "Staff
 * language"): its words, material and plant names, dates and its refusals.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { db, pickup, problem, user, lang } = await doorPickup(request, params.id);
  const { pricing } = weighSheetSettingsFromEnv();
  const form = await weighSheetFormData(db, pickup.id, pickup.rewardPreference, lang);
  const done = new URL(request.url).searchParams.get("done") ?? "";
  const slot = slotChoices(lang, pickupConfigFromEnv()).find((s) => s.start === pickup.slotStart);
  return {
    pickup,
    ...form,
    pricing,
    lang,
    slotLabel: slot?.label ?? pickup.slotStart,
    closed: whyNoForm(pickup, user, problem, lang),
    notice: done in notices ? t(lang, notices[done] as string) : null,
    messages: messagesFor(lang, ["collector", "pickup.status", "pickup.reward"]),
  };
}

/**
 * intent=weigh saves the weigh sheet (422 with messages next to the fields, 409 for a stale
 * version or a closed pickup) and redirects back with a notice. Other intents: 400.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const { user, db, pickup, lang } = await doorPickup(request, params.id);
  const form = await request.formData();
  // Echoed back into the form after a refusal (at most 500 characters a field).
  const values = Object.fromEntries(
    Object.entries(formStrings(form)).map(([key, value]) => [key, value.slice(0, 500)]),
  );
  if (values.intent !== "weigh") {
    const error = refusalText(lang, { id: "errors.pickup.unknownAction", values: {} });
    return data({ error, fieldErrors: {}, values }, { status: 400 });
  }
  const { settings, minimumKg } = weighSheetSettingsFromEnv();
  const result = await submitWeighSheetForm(db, pickup.id, form, user, {
    settings,
    minimumKg,
    now: new Date(),
    lang,
  });
  if (result.ok) {
    const done = result.approvalRequired ? "held" : "weighed";
    return redirect(`/dashboard/route/${pickup.id}?done=${done}`);
  }
  if (result.status === 404) throw data(result.error, { status: 404 });
  return data(
    { error: result.error, fieldErrors: result.fieldErrors, values },
    { status: result.status },
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.pickup.reference ?? "Pickup"} weigh sheet | Staff dashboard` },
];

type LoaderData = Route.ComponentProps["loaderData"];

/** Who, where, when, what was estimated and the reward chosen. */
function DoorFacts({ pickup, slotLabel }: { pickup: LoaderData["pickup"]; slotLabel: string }) {
  const t = useT();
  const lang = useContentLang();
  const address = [pickup.addressLine1, pickup.addressLine2, pickup.city, pickup.pinCode]
    .filter(Boolean)
    .join(", ");
  return (
    <dl className="dash-details">
      <dt>{t("collector.door.name")}</dt>
      <dd>{pickup.name}</dd>
      <dt>{t("collector.door.phone")}</dt>
      <dd>
        <a href={`tel:${pickup.phone}`}>{formatIndianMobile(pickup.phone)}</a>
      </dd>
      <dt>{t("collector.door.address")}</dt>
      <dd>{address}</dd>
      <dt>{t("collector.door.when")}</dt>
      <dd>
        {lang === "en"
          ? t("collector.door.whenValue", {
              date: formatCalendarDate(pickup.pickupDate),
              time: pickup.slotStart,
            })
          : `${formatCalendarDate(pickup.pickupDate, lang)}, ${slotLabel}`}
      </dd>
      <dt>{t("collector.card.estimate")}</dt>
      <dd>
        {pickup.estimate.length === 0
          ? t("collector.door.noEstimate")
          : pickup.estimate
              .map((line) =>
                line.estimatedGrams === null
                  ? line.material
                  : `${line.material} ${formatKg(line.estimatedGrams, lang)}`,
              )
              .join(", ")}{" "}
        ({formatPaise(pickup.estimatePaise)})
      </dd>
      <dt>{t("collector.door.rewardChosen")}</dt>
      <dd>{t(`pickup.reward.${pickup.rewardPreference}`)}</dd>
    </dl>
  );
}

export default function RoutePickup({ loaderData, actionData }: Route.ComponentProps) {
  const { pickup, sheets, closed, notice } = loaderData;
  const latest = sheets[0] ?? null;
  const t = useT();
  return (
    <div lang={loaderData.lang}>
      <p>
        <Link to="/dashboard/route">{t("collector.door.back")}</Link>
      </p>
      <h1>
        {pickup.reference}: {pickup.name} ({t(`pickup.status.${pickup.status}`)})
      </h1>
      <DetailMessages notice={notice} error={actionData?.error} answered={Boolean(actionData)} />
      <DoorFacts pickup={pickup} slotLabel={loaderData.slotLabel} />
      {latest ? <WeighSheetCard sheet={latest} headingLevel={2} /> : null}
      {latest?.status === "pending" && awaitsApproval(latest) ? (
        <p role="status">{t("collector.door.awaitingApproval")}</p>
      ) : (
        <HandoverCodeForm
          pickupId={pickup.id}
          version={latest?.status === "pending" ? latest.version : null}
        />
      )}
      {closed ? (
        <p>{closed}</p>
      ) : (
        <section aria-labelledby="weigh-heading">
          <h2 id="weigh-heading">
            {latest ? t("collector.door.weighAgain") : t("collector.card.weighSheet")}
          </h2>
          <WeighSheetForm
            data={loaderData}
            latest={latest}
            reward={pickup.rewardPreference}
            pricing={loaderData.pricing}
            errors={actionData?.fieldErrors ?? {}}
            values={actionData ? actionData.values : null}
          />
        </section>
      )}
    </div>
  );
}
