import { Link } from "react-router";
import {
  DateRangeFilters,
  FilterForm,
  ListResults,
  SearchFilter,
  StatusFilter,
  TextFilter,
} from "~/components/dashboard/list-page";
import { getDb } from "~/db/db.server";
import { pickupStatusLabels } from "~/features/pickups/pickup-status";
import {
  listPickups,
  parsePickupFilters,
  pickupFilterParams,
} from "~/features/pickups/pickups-admin.server";
import { requireStaff } from "~/features/staff/session.server";
import { formatCalendarDate } from "~/utils/dates";
import { checkedListPageData } from "~/utils/list-page.server";
import { formatPaise } from "~/utils/money";
import { formatIndianMobile } from "~/utils/phone";
import type { Route } from "./+types/pickups";

/** Pickups list (docs/dashboard.md): filters, search and keyset pages of 50. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const db = await getDb();
  return checkedListPageData(request, {
    exportPath: "/dashboard/pickups/export",
    parse: parsePickupFilters,
    filterParams: pickupFilterParams,
    read: (filters, after) => listPickups(db, filters, after),
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Pickups | Staff dashboard" }];

type PickupsData = Route.ComponentProps["loaderData"];

export default function Pickups({ loaderData }: Route.ComponentProps) {
  const { rows } = loaderData;
  return (
    <>
      <h1>Pickups</h1>
      <PickupFilters values={loaderData.values} problems={loaderData.problems} />
      <ListResults
        page={loaderData}
        noun={{ one: "pickup", many: "pickups" }}
        caption="Pickups, latest pickup date first"
        columns={[
          "Reference",
          "Date and slot",
          "Name",
          "Phone",
          "City",
          "PIN code",
          "Status",
          { label: "Estimate", numeric: true },
        ]}
      >
        {rows.map((row) => (
          <tr key={row.id}>
            <th scope="row">
              <Link to={`/dashboard/pickups/${row.id}`}>{row.reference}</Link>
            </th>
            <td>
              {formatCalendarDate(row.pickupDate)} {row.pickupDate.slice(0, 4)}, {row.slotStart}
            </td>
            <td>{row.name}</td>
            <td>{formatIndianMobile(row.phone)}</td>
            <td>{row.city}</td>
            <td>{row.pinCode}</td>
            <td>{pickupStatusLabels[row.status]}</td>
            <td className="num">{formatPaise(row.estimatePaise)}</td>
          </tr>
        ))}
      </ListResults>
    </>
  );
}

/** Status, pickup dates, city, PIN code, and a search of name, phone or reference. */
function PickupFilters({ values, problems }: Pick<PickupsData, "values" | "problems">) {
  return (
    <FilterForm
      label="Filter pickups"
      clearHref="/dashboard/pickups"
      values={values}
      errors={problems}
    >
      <StatusFilter labels={pickupStatusLabels} />
      <DateRangeFilters fromLabel="Pickup date from" toLabel="Pickup date to" />
      <TextFilter name="city" label="City" />
      <TextFilter name="pin" label="PIN code" inputMode="numeric" />
      <SearchFilter label="Search name, phone or reference" />
    </FilterForm>
  );
}
