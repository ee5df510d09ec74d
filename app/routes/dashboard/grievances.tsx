import { Link } from "react-router";
import { DataTable, Row } from "~/components/dashboard/data-table";
import { getDb } from "~/db/db.server";
import { grievanceTopicLabels, listGrievances } from "~/features/privacy/grievance.server";
import { requireStaff } from "~/features/staff/session.server";
import { formatDateTimeIST } from "~/utils/dates";
import type { Route } from "./+types/grievances";

/**
 * Grievances (docs/accounts.md "Notice, consent and grievances"): every open one, oldest first,
 * with when it was received and when it must be acknowledged (received + 48 hours; overdue ones
 * marked), then the most recently resolved.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const rows = await listGrievances(await getDb(), new Date());
  return {
    rows: rows.map((row) => ({
      id: row.id,
      ticket: row.ticket,
      name: row.name,
      topic: grievanceTopicLabels[row.topic],
      receivedAt: formatDateTimeIST(row.receivedAt),
      acknowledgeBy: formatDateTimeIST(row.acknowledgeBy),
      state: row.resolvedAt ? "Resolved" : row.acknowledgedAt ? "Acknowledged" : "New",
      overdue: row.overdue,
    })),
  };
}

export const meta: Route.MetaFunction = () => [{ title: "Grievances | Staff dashboard" }];

export default function Grievances({ loaderData }: Route.ComponentProps) {
  const { rows } = loaderData;
  const overdue = rows.filter((row) => row.overdue).length;
  return (
    <>
      <h1>Grievances</h1>
      <p>
        Complaints and data requests from the grievance page. Acknowledge each within 48 hours and
        answer it within 90 days; open grievances come first, oldest on top.
      </p>
      {overdue > 0 ? (
        <p className="dash-error" role="status">
          {overdue === 1
            ? "1 grievance is past 48 hours without an acknowledgement."
            : `${overdue} grievances are past 48 hours without an acknowledgement.`}
        </p>
      ) : null}
      {rows.length === 0 ? (
        <p>No grievances yet.</p>
      ) : (
        <DataTable
          caption="Grievances, open first"
          cards
          columns={[
            "Ticket",
            "Name",
            "About",
            "Received",
            "Acknowledge by",
            { label: "State", card: "wide" },
          ]}
        >
          {rows.map((row) => (
            <Row key={row.id}>
              <th scope="row">
                <Link to={`/dashboard/grievances/${row.id}`}>{row.ticket}</Link>
              </th>
              <td>{row.name}</td>
              <td>{row.topic}</td>
              <td>{row.receivedAt}</td>
              <td>{row.acknowledgeBy}</td>
              <td>
                {row.state}
                {row.overdue ? <strong className="dash-overdue"> · Overdue</strong> : null}
              </td>
            </Row>
          ))}
        </DataTable>
      )}
    </>
  );
}
