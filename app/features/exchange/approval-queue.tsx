/**
 * The overview's 'Weigh sheets to approve' queue (docs/exchange.md "Approval of a large sheet"):
 * pending sheets worth more than WEIGH_SHEET_APPROVAL_ABOVE_PAISE that no admin has approved
 * yet, the oldest first, each linking to its pickup page where an admin approves it. Rows come
 * from `listAwaitingApproval`; nothing is shown while the queue is empty.
 */
import { Link } from "react-router";
import { formatDateTimeIST } from "~/utils/dates";
import { formatPaise } from "~/utils/money";

export interface ApprovalQueueRow {
  pickupId: number;
  reference: string;
  name: string;
  version: number;
  /** The sheet's reward value, paise. */
  rewardValuePaise: number;
  /** When the sheet was saved (an instant; shown in Asia/Kolkata). */
  savedAt: Date | string;
}

export function ApprovalQueue({ sheets }: { sheets: readonly ApprovalQueueRow[] }) {
  if (sheets.length === 0) return null;
  return (
    <section aria-labelledby="approvals-heading">
      <h2 id="approvals-heading">Weigh sheets to approve: {sheets.length}</h2>
      <ul className="dash-list">
        {sheets.map((s) => (
          <li key={s.pickupId}>
            <Link to={`/dashboard/pickups/${s.pickupId}`}>{s.reference}</Link> {s.name}, version{" "}
            {s.version}, {formatPaise(s.rewardValuePaise)}, saved{" "}
            {formatDateTimeIST(new Date(s.savedAt))}
          </li>
        ))}
      </ul>
    </section>
  );
}
