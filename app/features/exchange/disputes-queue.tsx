/**
 * The overview's 'Disputes' queue (docs/exchange.md "Disputes"): pickups whose customer disputed
 * the weigh sheet, the oldest first, each linking to its pickup page where staff correct the
 * sheet or close the dispute. Rows come from `listDisputes`.
 */
import { Link } from "react-router";
import { formatDateTimeIST } from "~/utils/dates";

export interface DisputeQueueRow {
  pickupId: number;
  reference: string;
  name: string;
  version: number;
  reason: string;
  /** When the customer disputed (an instant; shown in Asia/Kolkata). */
  disputedAt: Date | string;
}

export function DisputesQueue({ disputes }: { disputes: readonly DisputeQueueRow[] }) {
  return (
    <section aria-labelledby="disputes-heading">
      <h2 id="disputes-heading">Disputes: {disputes.length}</h2>
      {disputes.length === 0 ? (
        <p>No disputed weigh sheets.</p>
      ) : (
        <ul className="dash-list">
          {disputes.map((d) => (
            <li key={d.pickupId}>
              <Link to={`/dashboard/pickups/${d.pickupId}`}>{d.reference}</Link> {d.name}, sheet
              version {d.version}, disputed {formatDateTimeIST(new Date(d.disputedAt))}: “{d.reason}
              ”
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
