import { data, Link } from "react-router";
import { getDb } from "~/db/db.server";
import { pickupConfigFromEnv } from "~/features/pickups/pickup-config";
import { presentPickup } from "~/features/pickups/pickup-view.server";
import { getPickupByToken } from "~/features/pickups/pickups.server";
import { pageMeta } from "~/features/site/meta";
import { formatPaise } from "~/utils/money";
import type { Route } from "./+types/pickup-booked";

export async function loader({ params }: Route.LoaderArgs) {
  const pickup = await getPickupByToken(await getDb(), params.token);
  if (!pickup) throw data(null, { status: 404 });
  return {
    ...presentPickup(pickup, new Date(), pickupConfigFromEnv()),
    trackingPath: `/pickups/${params.token}`,
  };
}

export const meta: Route.MetaFunction = () => [
  ...pageMeta("Pickup scheduled", "Your scrap pickup has been scheduled."),
  { name: "robots", content: "noindex" },
];

export default function PickupBooked({ loaderData: pickup }: Route.ComponentProps) {
  return (
    <div className="page page--narrow">
      <h1>Thank you</h1>
      <div role="status" className="success-message">
        <p>Your order has been scheduled</p>
        <p>
          Booking reference <strong>{pickup.reference}</strong>: {pickup.dateLabel},{" "}
          {pickup.slotLabel}.
        </p>
        {pickup.items.length > 0 ? (
          <p>
            Estimated value {formatPaise(pickup.estimatePaise)} for{" "}
            {pickup.totalKg.toLocaleString("en-IN")} kg.
          </p>
        ) : null}
        {pickup.items.length > 0 && pickup.totalKg < pickup.minimumKg ? (
          <p>Below {pickup.minimumKg} kg in total, pickup charges may apply.</p>
        ) : null}
      </div>
      <p>
        <Link to={pickup.trackingPath}>Track your pickup</Link> (keep this link to see, move or
        cancel it).
      </p>
    </div>
  );
}
