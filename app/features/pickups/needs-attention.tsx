import { Link } from "react-router";
import { formatCalendarDate } from "~/utils/dates";
import type { OverduePickup } from "./needs-attention.server";
import { pickupStatusLabels } from "./pickup-status";

/**
 * The overview's 'Needs attention' section: how many pickups are overdue (slot ended over a day
 * ago, still requested or confirmed) and links to the oldest of them (needs-attention.server.ts).
 */
export function NeedsAttention({ count, pickups }: { count: number; pickups: OverduePickup[] }) {
  return (
    <section aria-labelledby="attention-heading">
      <h2 id="attention-heading">Needs attention: {count}</h2>
      {count === 0 ? (
        <p>No pickup is overdue.</p>
      ) : (
        <>
          <p>
            Pickups whose slot ended more than a day ago but are still requested or confirmed:
            record the visit (collected or missed) or cancel them.
            {count > pickups.length ? ` The ${pickups.length} oldest:` : ""}
          </p>
          <ul className="dash-list">
            {pickups.map((p) => (
              <li key={p.id}>
                <Link to={`/dashboard/pickups/${p.id}`}>{p.reference}</Link> {p.name}, {p.city},{" "}
                {formatCalendarDate(p.pickupDate)} {p.slotStart} ({pickupStatusLabels[p.status]})
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
