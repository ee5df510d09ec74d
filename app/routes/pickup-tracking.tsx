import { data, Form, redirect, useNavigation } from "react-router";
import { ErrorSummary, PageTitle } from "~/components/ui/error-summary";
import { SelectField } from "~/components/ui/field";
import { ShareLink } from "~/components/ui/share-link";
import { getDb } from "~/db/db.server";
import {
  confirmWeighSheetByToken,
  disputeWeighSheetByToken,
} from "~/features/exchange/confirmation.server";
import { ExchangeError } from "~/features/exchange/exchange-error";
import { exchangeRecordsOf, presentExchange } from "~/features/exchange/exchange-view.server";
import {
  EarlierVersions,
  RewardSection,
  VisitStatus,
  WeighSheetSection,
} from "~/features/exchange/tracking-exchange";
import {
  presentCollector,
  presentTrackingSteps,
  trackingRecordsOf,
} from "~/features/exchange/tracking-progress.server";
import { TrackingSteps } from "~/features/exchange/tracking-steps";
import { trackingActionSchema } from "~/features/pickups/pickup.schema";
import { pickupConfigFromEnv, slotChoices } from "~/features/pickups/pickup-config";
import { presentPickup } from "~/features/pickups/pickup-view.server";
import {
  cancelPickupByToken,
  getPickupByToken,
  getSlotAvailability,
  PickupRejectedError,
  reschedulePickup,
} from "~/features/pickups/pickups.server";
import { ERASED_NAME } from "~/features/privacy/personal-data";
import { countAttempt } from "~/features/site/anti-automation.server";
import { brandedTitle, localisedPageMeta, pageMeta } from "~/features/site/meta";
import { langOf, messagesFor, refusalText } from "~/i18n/i18n.server";
import { Trans, useLang, useT } from "~/i18n/i18n-react";
import { localePath } from "~/i18n/languages";
import { formatCalendarDate } from "~/utils/dates";
import { env } from "~/utils/env.server";
import { readIntentForm } from "~/utils/intent-form";
import { formatPaise, formatRatePerKg } from "~/utils/money";
import { clientAddressContext } from "~/utils/request-context";
import { kgNumber } from "~/utils/units";
import type { Route } from "./+types/pickup-tracking";

export { headers } from "~/utils/route-headers";

export async function loader({ params, request }: Route.LoaderArgs) {
  const lang = langOf(request);
  const db = await getDb();
  const pickup = await getPickupByToken(db, params.token, lang);
  if (!pickup) throw data(null, { status: 404 });
  const config = pickupConfigFromEnv();
  const now = new Date();
  const view = presentPickup(pickup, now, config);
  const records = await exchangeRecordsOf(db, pickup.id, lang);
  const progress = { ...pickup, ...records, ...(await trackingRecordsOf(db, pickup)) };
  const availability = view.canChange ? await getSlotAvailability(db, now, config) : [];
  const slots = slotChoices(lang, config);
  return {
    ...view,
    dateLabel: formatCalendarDate(view.date, lang),
    slotLabel: slots.find((s) => s.start === view.slotStart)?.label ?? view.slotLabel,
    exchange: presentExchange({ ...pickup, ...records }, now, lang),
    steps: presentTrackingSteps(progress, lang),
    collector: presentCollector(progress),
    rescheduleDates: availability.filter((d) => d.slots.some((s) => s.open)).map((d) => d.date),
    slots,
    trackingPath: `/pickups/${params.token}`,
    messages: messagesFor(lang, ["pickup", "exchange", "form", "share"]),
  };
}

/**
 * Confirm or dispute the weigh sheet (docs/exchange.md), cancel or reschedule until the slot
 * starts (docs/pickups.md), read by `trackingActionSchema`; an unknown intent or a malformed
 * version answers 400, a refusal names its field ("form" for the page as a whole). Moves and
 * cancellations count against the client address's allowance (docs/operations.md
 * "Anti-automation"): over it, 429 with Retry-After and nothing changed. Messages in the page's
 * language (ids rendered by `refusalText`); the redirect keeps it (/hi/pickups/<token>).
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const lang = langOf(request);
  const posted = readIntentForm(trackingActionSchema, await request.formData());
  if (!posted.ok) {
    return data({ error: refusalText(lang, posted.ref), field: "form" }, { status: posted.status });
  }
  const form = posted.data;
  if (form.intent === "cancel" || form.intent === "reschedule") {
    const overLimit = await countAttempt("pickupChange", context.get(clientAddressContext));
    if (overLimit) {
      return data(
        { error: refusalText(lang, overLimit.refusal), field: "form" },
        { status: 429, headers: overLimit.headers },
      );
    }
  }
  const db = await getDb();
  const now = new Date();
  try {
    if (form.intent === "confirm") {
      await confirmWeighSheetByToken(db, params.token, form.version, now, env().exchange);
    } else if (form.intent === "dispute") {
      await disputeWeighSheetByToken(db, params.token, form.version, form.reason, now);
    } else if (form.intent === "cancel") await cancelPickupByToken(db, params.token, now);
    else {
      const config = pickupConfigFromEnv();
      await reschedulePickup(db, params.token, form.pickupDate, form.pickupTime, now, config);
    }
  } catch (error) {
    if (error instanceof PickupRejectedError) {
      return data(
        { error: refusalText(lang, error), field: error.field },
        { status: error.status },
      );
    }
    if (error instanceof ExchangeError) {
      if (error.status === 404) throw data(null, { status: 404 });
      const field = error.field === "reason" ? "reason" : "form";
      return data({ error: refusalText(lang, error), field }, { status: error.status });
    }
    throw error;
  }
  return redirect(localePath(lang, `/pickups/${params.token}`), { status: 303 });
}

// With a pickup the title is the page's <PageTitle> ("Error: …" after a refused change).
export const meta: Route.MetaFunction = (args) => [
  ...(args.loaderData
    ? localisedPageMeta(args, "pickup.tracking.meta.title", "pickup.tracking.meta.description", {
        reference: args.loaderData.reference,
      }).filter((descriptor) => !("title" in descriptor))
    : pageMeta("Pickup", "The status and time of your scrap pickup.")),
  { name: "robots", content: "noindex" },
];

type Pickup = Route.ComponentProps["loaderData"];

/**
 * Name, address lines and phone of the booking; once erased at the customer's request
 * (docs/accounts.md "Personal data and erasure"), a sentence saying so instead of the tombstone.
 */
function PickupAddress({ pickup }: { pickup: Pickup }) {
  const t = useT();
  return (
    <section aria-labelledby="where-title">
      <h2 id="where-title">{t("pickup.tracking.where")}</h2>
      {pickup.name === ERASED_NAME ? (
        <p>{t("pickup.tracking.erased")}</p>
      ) : (
        <address>
          {pickup.name}
          {pickup.address.map((line) => (
            <span key={line}>
              <br />
              {line}
            </span>
          ))}
          <br />
          {pickup.phone}
        </address>
      )}
    </section>
  );
}

/** The estimate lines (approx. kg × rate at booking) and the total in rupees. */
function PickupEstimate({ pickup }: { pickup: Pickup }) {
  const t = useT();
  const lang = useLang();
  return (
    <section aria-labelledby="estimate-title">
      <h2 id="estimate-title">{t("pickup.tracking.estimate")}</h2>
      {pickup.items.length === 0 ? (
        <p>{t("pickup.tracking.noEstimate")}</p>
      ) : (
        <table className="order-lines compact-lines">
          <thead>
            <tr>
              <th scope="col">{t("pickup.tracking.material")}</th>
              <th scope="col">{t("pickup.form.approxKg")}</th>
              <th scope="col">{t("pickup.tracking.rate")}</th>
              <th scope="col">{t("pickup.tracking.value")}</th>
            </tr>
          </thead>
          <tbody>
            {pickup.items.map((item) => (
              <tr key={item.id}>
                <th scope="row">{item.material}</th>
                <td>{kgNumber(item.kg)}</td>
                <td>{formatRatePerKg(item.ratePaisePerKg, lang)}</td>
                <td>{formatPaise(Math.round(item.ratePaisePerKg * item.kg))}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row" colSpan={3}>
                {t("pickup.tracking.estimatedValue")}
              </th>
              <td>{formatPaise(pickup.estimatePaise)}</td>
            </tr>
          </tfoot>
        </table>
      )}
      {pickup.items.length > 0 && pickup.totalKg < pickup.minimumKg ? (
        <p>{t("pickup.belowMinimum", { minimumKg: pickup.minimumKg })}</p>
      ) : null}
    </section>
  );
}

/** Moving to another open date and slot, and cancelling; shown until the slot starts. */
function ChangePickupForms({
  pickup,
  fieldError,
}: {
  pickup: Pickup;
  fieldError: (field: string) => string | undefined;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const t = useT();
  const lang = useLang();
  return (
    <>
      <section aria-labelledby="move-title">
        <h2 id="move-title">{t("pickup.tracking.move")}</h2>
        <Form method="post" className="form">
          <SelectField
            id="pickupDate"
            name="pickupDate"
            label={t("pickup.form.date")}
            required
            options={pickup.rescheduleDates}
            optionLabel={(date) => formatCalendarDate(date, lang)}
            placeholder={t("pickup.form.datePlaceholder")}
            defaultValue=""
            error={fieldError("pickupDate")}
          />
          <SelectField
            id="pickupTime"
            name="pickupTime"
            label={t("pickup.form.time")}
            required
            options={pickup.slots.map((s) => s.start)}
            optionLabel={(start) => pickup.slots.find((s) => s.start === start)?.label ?? start}
            placeholder={t("pickup.form.timePlaceholder")}
            defaultValue=""
            error={fieldError("pickupTime")}
          />
          <button type="submit" name="intent" value="reschedule" className="button" disabled={busy}>
            {t("pickup.tracking.moveSubmit")}
          </button>
        </Form>
      </section>
      <Form method="post" className="order-cancel">
        <p>{t("pickup.tracking.cancelHint")}</p>
        <button
          type="submit"
          name="intent"
          value="cancel"
          className="button button--secondary"
          disabled={busy}
        >
          {t("pickup.tracking.cancel")}
        </button>
      </Form>
    </>
  );
}

export default function PickupTracking({ loaderData: pickup, actionData }: Route.ComponentProps) {
  const fieldError = (field: string) =>
    actionData?.field === field ? actionData.error : undefined;
  const t = useT();
  return (
    <div className="page page--narrow">
      <PageTitle
        title={brandedTitle(t("pickup.tracking.meta.title", { reference: pickup.reference }))}
        hasErrors={Boolean(actionData?.error)}
      />
      <h1>{t("pickup.tracking.heading", { reference: pickup.reference })}</h1>
      <p className="order-status">
        <Trans
          id="pickup.tracking.status"
          values={{ status: t(`pickup.status.${pickup.status}`) }}
          components={{ 0: <strong /> }}
        />
      </p>
      <p>
        {t("pickup.tracking.when", {
          date: pickup.dateLabel,
          slot: pickup.slotLabel,
          reward: t(`pickup.reward.${pickup.reward}`),
        })}
      </p>
      {/* A refused change is summed up here, at the top where the page opens again without
          JavaScript; the field's own message stays next to it further down. */}
      <ErrorSummary
        items={
          actionData && actionData.field !== "form"
            ? [{ target: actionData.field, message: actionData.error }]
            : []
        }
        formError={actionData?.field === "form" ? actionData.error : null}
      />
      <TrackingSteps steps={pickup.steps} />
      <RewardSection reward={pickup.exchange.reward} />
      <VisitStatus visit={pickup.exchange.visit} collector={pickup.collector} />
      <WeighSheetSection
        exchange={pickup.exchange}
        reward={pickup.reward}
        reasonError={fieldError("reason")}
      />
      <EarlierVersions sheets={pickup.exchange.earlierSheets} />
      <PickupAddress pickup={pickup} />
      <PickupEstimate pickup={pickup} />
      {pickup.canChange ? <ChangePickupForms pickup={pickup} fieldError={fieldError} /> : null}
      <ShareLink
        path={pickup.trackingPath}
        shareText={t("pickup.share.text", { reference: pickup.reference })}
      />
    </div>
  );
}
