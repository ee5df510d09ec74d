import { Row } from "~/components/dashboard/data-table";
import { FilterForm, ListResults, SearchFilter } from "~/components/dashboard/list-page";
import { getDb } from "~/db/db.server";
import {
  listRegistrations,
  registrationFiltersSchema,
} from "~/features/community/community-admin.server";
import { mailingListStateLabels } from "~/features/community/mailing-list-state";
import { requireStaff } from "~/features/staff/session.server";
import { formatDateTimeIST } from "~/utils/dates";
import { listPageData } from "~/utils/list-page.server";
import { formatIndianMobile } from "~/utils/phone";
import type { Route } from "./+types/registrations";

/**
 * Mailing-list registrations (docs/dashboard.md): search and keyset pages of 50, newest first,
 * each with its double opt-in state ('Waiting for confirmation' until the link is used).
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const db = await getDb();
  const now = new Date();
  return listPageData(request, {
    path: "/dashboard/registrations",
    schema: registrationFiltersSchema,
    read: (filters, after) => listRegistrations(db, filters, after, undefined, now),
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Registrations | Staff dashboard" }];

export default function Registrations({ loaderData }: Route.ComponentProps) {
  const { values, errors, rows } = loaderData;
  return (
    <>
      <h1>Registrations</h1>
      <p>People who joined the mailing list with ‘Join us’, newest first.</p>
      <FilterForm
        label="Search registrations"
        submitLabel="Search"
        clearHref="/dashboard/registrations"
        clearLabel="Clear search"
        values={values}
        errors={errors}
        search={<SearchFilter label="Search name, email or phone" />}
      />
      <ListResults
        page={loaderData}
        noun={{ one: "registration", many: "registrations" }}
        filteredBy="this search"
        caption="Registrations, newest first"
        columns={["Name", { label: "Email", card: "wide" }, "Contact", "Mailing list", "Joined"]}
      >
        {rows.map((row) => (
          <Row key={row.id}>
            <th scope="row">{row.name}</th>
            <td>{row.email}</td>
            <td>{formatIndianMobile(row.phone)}</td>
            <td>{mailingListStateLabels[row.state]}</td>
            <td>{formatDateTimeIST(new Date(row.createdAt))}</td>
          </Row>
        ))}
      </ListResults>
    </>
  );
}
