import { Link } from "react-router";
import { DataTable, Row } from "~/components/dashboard/data-table";
import { getDb } from "~/db/db.server";
import { claimStatusLabels } from "~/features/claims/claim-labels";
import { listClaims } from "~/features/claims/claims-admin.server";
import { requireStaff } from "~/features/staff/session.server";
import { formatDateTimeIST } from "~/utils/dates";
import { formatPaise } from "~/utils/money";
import type { Route } from "./+types/claims";

/**
 * Claims (docs/claims.md "Deciding"): every open claim, oldest first, then the last 50 decided,
 * each with its order, the claimed goods' value and whether a refund still waits.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const rows = await listClaims(await getDb());
  return {
    rows: rows.map((row) => ({
      ...row,
      createdAt: formatDateTimeIST(row.createdAt),
      status: claimStatusLabels[row.status],
    })),
  };
}

export const meta: Route.MetaFunction = () => [{ title: "Claims | Staff dashboard" }];

export default function Claims({ loaderData }: Route.ComponentProps) {
  const { rows } = loaderData;
  const open = rows.filter((row) => row.status === claimStatusLabels.open).length;
  return (
    <>
      <h1>Claims</h1>
      <p>
        Plants reported damaged, dead, wrong or missing from the order's page, with photos. Decide
        each within 2 working days: replace, refund, store credit or reject. Open claims come first,
        oldest on top.
      </p>
      <p role="status">{open === 1 ? "1 open claim." : `${open} open claims.`}</p>
      {rows.length === 0 ? (
        <p>No claims yet.</p>
      ) : (
        <DataTable
          caption="Claims, open first"
          cards
          columns={[
            "Claim",
            "Order",
            "Customer",
            "Filed",
            { label: "Value", numeric: true },
            { label: "Status", card: "wide" },
          ]}
        >
          {rows.map((row) => (
            <Row key={row.id}>
              <th scope="row">
                <Link to={`/dashboard/claims/${row.id}`} className="dash-ref">
                  {row.reference}
                </Link>
              </th>
              <td>
                <Link to={`/dashboard/orders/${row.orderId}`} className="dash-ref">
                  {row.orderReference}
                </Link>
              </td>
              <td>{row.name}</td>
              <td>{row.createdAt}</td>
              <td className="num">{formatPaise(row.valuePaise)}</td>
              <td>
                {row.status}
                {row.refundToPay ? (
                  <strong className="dash-overdue"> · Refund to pay</strong>
                ) : null}
              </td>
            </Row>
          ))}
        </DataTable>
      )}
    </>
  );
}
