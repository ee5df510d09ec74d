/**
 * One pickup on the collector's route sheet (docs/exchange.md "Collectors and the route
 * sheet"): who, where, how to reach them, what to expect, and the visit's buttons. Phone-first:
 * one column, every link and button at least 44 px tall. The buttons are plain POST forms, so
 * they work without JavaScript. No server code here.
 */
import { Form, Link, useNavigation } from "react-router";
import { pickupStatusLabels } from "~/features/pickups/pickup-status";
import { formatPaise } from "~/utils/money";
import { formatIndianMobile } from "~/utils/phone";
import { formatKg } from "~/utils/units";
import type { RouteCard as RouteCardData } from "./route-sheet.server";

/** The visit's two steps, as posted `intent`s and button labels. */
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
        {visitIntents[intent]}
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
  return (
    <article className="route-card" aria-labelledby={headingId}>
      <h3 id={headingId} className="route-card__title">
        {pickup.reference}{" "}
        <span className="route-card__status">{pickupStatusLabels[pickup.status]}</span>
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
        {pickup.city}, PIN code {pickup.pinCode}
      </address>
      <ul className="route-card__links">
        <li>
          <a href={pickup.links.tel}>Call {formatIndianMobile(pickup.phone)}</a>
        </li>
        <li>
          <a href={pickup.links.whatsapp} rel="noopener noreferrer" target="_blank">
            WhatsApp
          </a>
        </li>
        <li>
          <a href={pickup.links.map} rel="noopener noreferrer" target="_blank">
            Map
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
            Weigh sheet
          </Link>
        </div>
      ) : null}
    </article>
  );
}

/** Estimate, reward, collector and visit times as a description list. */
function CardFacts({ pickup, showCollector }: { pickup: RouteCardData; showCollector: boolean }) {
  return (
    <dl className="route-card__facts">
      <dt>Estimate</dt>
      <dd>
        {formatPaise(pickup.estimatePaise)}
        {pickup.estimate.length > 0
          ? `: ${pickup.estimate.map((line) => `${line.material} ${formatKg(line.grams)}`).join(", ")}`
          : ""}
      </dd>
      <dt>Reward</dt>
      <dd>{pickup.reward}</dd>
      {showCollector ? (
        <>
          <dt>Collector</dt>
          <dd>{pickup.collectorName ?? "–"}</dd>
        </>
      ) : null}
      {pickup.onTheWayAt ? (
        <>
          <dt>On my way</dt>
          <dd>{pickup.onTheWayAt}</dd>
        </>
      ) : null}
      {pickup.arrivedAt ? (
        <>
          <dt>Arrived</dt>
          <dd>{pickup.arrivedAt}</dd>
        </>
      ) : null}
    </dl>
  );
}
