import { Link } from "react-router";
import { DataTable, Row } from "~/components/dashboard/data-table";
import { getDb } from "~/db/db.server";
import {
  leadServicesText,
  leadStatusLabels,
  organisationKindLabels,
} from "~/features/corporate/lead-labels";
import { listLeads } from "~/features/corporate/leads.server";
import { requireStaff } from "~/features/staff/session.server";
import { formatDateTimeIST } from "~/utils/dates";
import type { Route } from "./+types/leads";

/**
 * Tie-up enquiries (docs/corporate.md "Leads"): every open lead (new first, then contacted,
 * oldest on top), then the most recently closed, with the organisation, its kind, services and
 * expected scrap a week.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const rows = await listLeads(await getDb());
  return {
    rows: rows.map((row) => ({
      id: row.id,
      reference: row.reference,
      organisation: row.organisation,
      kind: organisationKindLabels[row.kind],
      services: leadServicesText(row.services),
      kgPerWeek: row.kgPerWeek,
      pinCode: row.pinCode,
      receivedAt: formatDateTimeIST(row.receivedAt),
      status: leadStatusLabels[row.status],
      isNew: row.status === "new",
    })),
  };
}

export const meta: Route.MetaFunction = () => [{ title: "Leads | Staff dashboard" }];

export default function Leads({ loaderData }: Route.ComponentProps) {
  const { rows } = loaderData;
  const fresh = rows.filter((row) => row.isNew).length;
  return (
    <>
      <h1>Leads</h1>
      <p>
        Tie-up enquiries from offices, housing societies, schools and shops (the tie-ups page). Call
        each new one back within 2 working days, as its acknowledgement promises.
      </p>
      {fresh > 0 ? (
        <p role="status">{fresh === 1 ? "1 new lead to call." : `${fresh} new leads to call.`}</p>
      ) : null}
      {rows.length === 0 ? (
        <p>No enquiries yet.</p>
      ) : (
        <DataTable
          caption="Leads, open first"
          cards
          columns={[
            "Reference",
            "Organisation",
            "Type",
            "Services",
            "Scrap a week",
            "PIN code",
            "Received",
            { label: "Status", card: "wide" },
          ]}
        >
          {rows.map((row) => (
            <Row key={row.id}>
              <th scope="row">
                <Link to={`/dashboard/leads/${row.id}`} className="dash-ref">
                  {row.reference}
                </Link>
              </th>
              <td>{row.organisation}</td>
              <td>{row.kind}</td>
              <td>{row.services}</td>
              <td>{row.kgPerWeek} kg</td>
              <td>{row.pinCode}</td>
              <td>{row.receivedAt}</td>
              <td>{row.isNew ? <strong>{row.status}</strong> : row.status}</td>
            </Row>
          ))}
        </DataTable>
      )}
    </>
  );
}
