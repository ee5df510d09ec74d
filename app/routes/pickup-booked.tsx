import { data, Link } from "react-router";
import { ShareLink } from "~/components/ui/share-link";
import { getDb } from "~/db/db.server";
import { pickupConfigFromEnv, slotChoices } from "~/features/pickups/pickup-config";
import { presentPickup } from "~/features/pickups/pickup-view.server";
import { getPickupByToken } from "~/features/pickups/pickups.server";
import { localisedPageMeta } from "~/features/site/meta";
import { langOf, messagesFor } from "~/i18n/i18n.server";
import { Trans, useLocalePath, useT } from "~/i18n/i18n-react";
import { formatCalendarDate } from "~/utils/dates";
import { formatPaise } from "~/utils/money";
import { kgNumber } from "~/utils/units";
import type { Route } from "./+types/pickup-booked";

export async function loader({ params, request }: Route.LoaderArgs) {
  const lang = langOf(request);
  const pickup = await getPickupByToken(await getDb(), params.token, lang);
  if (!pickup) throw data(null, { status: 404 });
  const config = pickupConfigFromEnv();
  const view = presentPickup(pickup, new Date(), config);
  const slot = slotChoices(lang, config).find((s) => s.start === view.slotStart);
  return {
    ...view,
    dateLabel: formatCalendarDate(view.date, lang),
    slotLabel: slot?.label ?? view.slotLabel,
    trackingPath: `/pickups/${params.token}`,
    messages: messagesFor(lang, ["pickup", "share"]),
  };
}

export const meta: Route.MetaFunction = (args) => [
  ...localisedPageMeta(args, "pickup.booked.meta.title", "pickup.booked.meta.description"),
  { name: "robots", content: "noindex" },
];

export default function PickupBooked({ loaderData: pickup }: Route.ComponentProps) {
  const t = useT();
  const to = useLocalePath();
  return (
    <div className="page page--narrow">
      <h1>{t("pickup.booked.heading")}</h1>
      <div role="status" className="success-message">
        <p>{t("pickup.booked.scheduled")}</p>
        <p>
          <Trans
            id="pickup.booked.reference"
            values={{ reference: pickup.reference, date: pickup.dateLabel, slot: pickup.slotLabel }}
            components={{ 0: <strong /> }}
          />
        </p>
        {pickup.items.length > 0 ? (
          <p>
            {t("pickup.booked.estimate", {
              value: formatPaise(pickup.estimatePaise),
              kg: kgNumber(pickup.totalKg),
            })}
          </p>
        ) : null}
        {pickup.items.length > 0 && pickup.totalKg < pickup.minimumKg ? (
          <p>{t("pickup.belowMinimum", { minimumKg: pickup.minimumKg })}</p>
        ) : null}
      </div>
      <p>
        <Trans id="pickup.booked.track" components={{ 0: <Link to={to(pickup.trackingPath)} /> }} />
      </p>
      <ShareLink
        path={pickup.trackingPath}
        shareText={t("pickup.share.text", { reference: pickup.reference })}
      />
    </div>
  );
}
