import { Link } from "react-router";
import { DataTable, Row } from "~/components/dashboard/data-table";
import { PhoneLinks } from "~/components/dashboard/phone-links";
import { getDb } from "~/db/db.server";
import { organisationKindLabels } from "~/features/corporate/lead-labels";
import { listOrganisations } from "~/features/corporate/organisations.server";
import { requireStaff } from "~/features/staff/session.server";
import type { Route } from "./+types/organisations";

/**
 * Organisation accounts (docs/corporate.md "Organisation accounts"): each with its type,
 * contact, reward and number of sites, by name; the link to make a new one.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const rows = await listOrganisations(await getDb());
  return {
    rows: rows.map((row) => ({
      ...row,
      kind: organisationKindLabels[row.kind],
      reward: row.reward === "money" ? "Money" : "Coupons",
    })),
  };
}

export const meta: Route.MetaFunction = () => [{ title: "Organisations | Staff dashboard" }];

export default function Organisations({ loaderData }: Route.ComponentProps) {
  const { rows } = loaderData;
  return (
    <>
      <h1>Organisations</h1>
      <p>
        Offices, housing societies, schools and shops with a tie-up: their sites and the pickups
        their schedules book ahead. Make an account from a won lead (its page has the link) or{" "}
        <Link to="/dashboard/organisations/new">make one without a lead</Link>.
      </p>
      {rows.length === 0 ? (
        <p>No organisation accounts yet.</p>
      ) : (
        <DataTable
          caption="Organisation accounts"
          cards
          columns={["Organisation", "Type", "Contact", "Reward", "Sites"]}
        >
          {rows.map((row) => (
            <Row key={row.id}>
              <th scope="row">
                <Link to={`/dashboard/organisations/${row.id}`}>{row.name}</Link>
              </th>
              <td>{row.kind}</td>
              <td>
                {row.contactName} <PhoneLinks phone={row.contactPhone} name={row.contactName} />
              </td>
              <td>{row.reward}</td>
              <td>{row.sites}</td>
            </Row>
          ))}
        </DataTable>
      )}
    </>
  );
}
