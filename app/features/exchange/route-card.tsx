/**
 * One pickup on the collector's route sheet (docs/exchange.md "Collectors and the route
 * sheet"): who, where, how to reach them, what to expect, and the visit's buttons. Phone-first:
 * one column, every link and button at least 44 px tall. The buttons are plain POST forms, so
 * they work without JavaScript. No server code here.
 */
import { Form, Link, useNavigation } from "react-router";
import { useContentLang, useT } from "~/i18n/i18n-react";
import { formatPaise } from "~/utils/money";
import { formatIndianMobile } from "~/utils/phone";
import { formatKg } from "~/utils/units";
import type { RouteCard as RouteCardData } from "./route-sheet.server";

/** The visit's two steps, as posted `intent`s and English button labels. */
export const visitIntents = { on_my_way: "On my way", arrived: "Arrived" } as const;

/** A POST form with one visit button for pickup `pickupId`, keeping the sheet's `date`. */
function VisitButton({
  pickupId,
  date,
  intent,
}: {
  pickupId: number;
  date: string;
  intent: keyof typeof visitIntents;
}) {
  const navigation = useNavigation();
  const t = useT();
  return (
    <Form method="post" className="route-card__form">
      <input type="hidden" name="pickupId" value={pickupId} />
      <input type="hidden" name="date" value={date} />
      <button
        type="submit"
        name="intent"
        value={intent}
        className="button route-card__button"
        disabled={navigation.state === "submitting"}
        aria-describedby={`route-card-${pickupId}-ref`}
      >
        {t(`collector.visit.${intent}`)}
      </button>
    </Form>
  );
}

/**
 * The card of `pickup`: reference and status, name, address, PIN code, call / WhatsApp / map
 * links, estimate (₹ and kg per material), reward, visit times, and, when the viewer may act,
 * 'On my way', 'Arrived' and the weigh sheet link. `showCollector` adds the collector's name
 * (the staff's view). `error` is a refused visit step of this card.
 */
export function RouteCard({
  pickup,
  date,
  showCollector,
  error,
}: {
  pickup: RouteCardData;
  date: string;
  showCollector: boolean;
  error?: string;
}) {
  const headingId = `route-card-${pickup.id}-ref`;
  const t = useT();
  return (
    <article className="route-card" aria-labelledby={headingId}>
      <h3 id={headingId} className="route-card__title">
        {pickup.reference}{" "}
        <span className="route-card__status">{t(`pickup.status.${pickup.status}`)}</span>
      </h3>
      {error ? (
        <p className="dash-error" role="alert">
          {error}
        </p>
      ) : null}
      <p className="route-card__name">{pickup.name}</p>
      <address className="route-card__address">
        {pickup.addressLine1}
        {pickup.addressLine2 ? (
          <>
            <br />
            {pickup.addressLine2}
          </>
        ) : null}
        <br />
        {t("collector.card.pinCode", { city: pickup.city, pinCode: pickup.pinCode })}
      </address>
      <ul className="route-card__links">
        <li>
          <a href={pickup.links.tel}>
            {t("collector.card.call", { phone: formatIndianMobile(pickup.phone) })}
          </a>
        </li>
        <li>
          <a href={pickup.links.whatsapp} rel="noopener noreferrer" target="_blank">
            {t("collector.card.whatsapp")}
          </a>
        </li>
        <li>
          <a href={pickup.links.map} rel="noopener noreferrer" target="_blank">
            {t("collector.card.map")}
          </a>
        </li>
      </ul>
      <CardFacts pickup={pickup} showCollector={showCollector} />
      {pickup.canAct ? (
        <div className="route-card__actions">
          <VisitButton pickupId={pickup.id} date={date} intent="on_my_way" />
          <VisitButton pickupId={pickup.id} date={date} intent="arrived" />
          <Link
            className="button route-card__button"
            to={`/dashboard/route/${pickup.id}`}
            aria-describedby={headingId}
          >
            {t("collector.card.weighSheet")}
          </Link>
        </div>
      ) : null}
    </article>
  );
}

/** Estimate, reward, collector and visit times as a description list. */
function CardFacts({ pickup, showCollector }: { pickup: RouteCardData; showCollector: boolean }) {
  const t = useT();
  const lang = useContentLang();
  return (
    <dl className="route-card__facts">
      <dt>{t("collector.card.estimate")}</dt>
      <dd>
        {formatPaise(pickup.estimatePaise)}
        {pickup.estimate.length > 0
          ? `: ${pickup.estimate.map((line) => `${line.material} ${formatKg(line.grams, lang)}`).join(", ")}`
          : ""}
      </dd>
      <dt>{t("collector.card.reward")}</dt>
      <dd>{t(`pickup.reward.${pickup.rewardPreference}`)}</dd>
      {showCollector ? (
        <>
          <dt>{t("collector.card.collector")}</dt>
          <dd>{pickup.collectorName ?? "–"}</dd>
        </>
      ) : null}
      {pickup.onTheWayAt ? (
        <>
          <dt>{t("collector.visit.on_my_way")}</dt>
          <dd>{pickup.onTheWayAt}</dd>
        </>
      ) : null}
      {pickup.arrivedAt ? (
        <>
          <dt>{t("collector.visit.arrived")}</dt>
          <dd>{pickup.arrivedAt}</dd>
        </>
      ) : null}
    </dl>
  );
}
