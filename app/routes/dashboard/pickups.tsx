import { Link } from "react-router";
import { Row } from "~/components/dashboard/data-table";
import {
  ChoiceFilter,
  DateRangeFilters,
  FilterForm,
  ListResults,
  SearchFilter,
  StatusFilter,
  TextFilter,
} from "~/components/dashboard/list-page";
import { StatusNotice } from "~/components/ui/form-messages";
import { getDb } from "~/db/db.server";
import { BulkAssignControls } from "~/features/exchange/assign-collector-form";
import { listCollectors } from "~/features/exchange/assignment.server";
import { MAX_ASSIGN_PICKUPS } from "~/features/exchange/assignment-fields";
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
  const page = await checkedListPageData(request, {
    exportPath: "/dashboard/pickups/export",
    parse: parsePickupFilters,
    filterParams: pickupFilterParams,
    read: (filters, after) => listPickups(db, filters, after),
  });
  const url = new URL(request.url);
  const assigned = url.searchParams.get("assigned");
  return {
    ...page,
    collectors: await listCollectors(db),
    query: url.search.replace(/^\?/, ""),
    notice:
      assigned && /^[0-9]+$/.test(assigned)
        ? `Collector changed on ${assigned} pickup${assigned === "1" ? "" : "s"}.`
        : null,
  };
}

export const meta: Route.MetaFunction = () => [{ title: "Pickups | Staff dashboard" }];

type PickupsData = Route.ComponentProps["loaderData"];

export default function Pickups({ loaderData }: Route.ComponentProps) {
  const { rows } = loaderData;
  return (
    <>
      <h1>Pickups</h1>
      <StatusNotice message={loaderData.notice} />
      <PickupFilters
        values={loaderData.values}
        problems={loaderData.problems}
        collectors={loaderData.collectors}
      />
      <BulkAssignControls
        formId="bulk-assign"
        back={loaderData.query}
        collectors={loaderData.collectors}
        max={MAX_ASSIGN_PICKUPS}
      />
      <ListResults
        page={loaderData}
        noun={{ one: "pickup", many: "pickups" }}
        caption="Pickups, latest pickup date first"
        columns={[
          { label: "Choose", card: "bare" },
          "Reference",
          "Date and slot",
          "Name",
          "Phone",
          "City",
          "PIN code",
          "Status",
          "Collector",
          { label: "Estimate", numeric: true },
        ]}
      >
        {rows.map((row) => (
          <Row key={row.id}>
            <td>
              <label className="dash-choose">
                <input type="checkbox" name="pickupId" value={row.id} form="bulk-assign" /> Choose
                <span className="visually-hidden"> {row.reference}</span>
              </label>
            </td>
            <th scope="row">
              <Link to={`/dashboard/pickups/${row.id}`} className="dash-ref">
                {row.reference}
              </Link>
            </th>
            <td>
              {formatCalendarDate(row.pickupDate)} {row.pickupDate.slice(0, 4)}, {row.slotStart}
            </td>
            <td>{row.name}</td>
            <td>{formatIndianMobile(row.phone)}</td>
            <td>{row.city}</td>
            <td>{row.pinCode}</td>
            <td>{pickupStatusLabels[row.status]}</td>
            <td>{row.collectorName ?? "–"}</td>
            <td className="num">{formatPaise(row.estimatePaise)}</td>
          </Row>
        ))}
      </ListResults>
    </>
  );
}

/** Status, pickup dates, city, PIN code, collector, and a search of name, phone or reference. */
function PickupFilters({
  values,
  problems,
  collectors,
}: Pick<PickupsData, "values" | "problems" | "collectors">) {
  return (
    <FilterForm
      label="Filter pickups"
      clearHref="/dashboard/pickups"
      values={values}
      errors={problems}
      search={<SearchFilter label="Search name, phone or reference" />}
    >
      <StatusFilter labels={pickupStatusLabels} />
      <DateRangeFilters fromLabel="Pickup date from" toLabel="Pickup date to" />
      <TextFilter name="city" label="City" />
      <TextFilter name="pin" label="PIN code" inputMode="numeric" />
      <ChoiceFilter
        name="collector"
        label="Collector"
        placeholder="Any collector"
        choices={Object.fromEntries([
          ["none", "Not assigned"],
          ...collectors.map((c) => [c.id, c.name]),
        ])}
      />
    </FilterForm>
  );
}
