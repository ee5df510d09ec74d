import { Form, Link } from "react-router";
import { InputField, SelectField } from "~/components/ui/field";
import { getDb } from "~/db/db.server";
import { pickupStatuses } from "~/db/schema/pickups";
import { pickupStatusLabels } from "~/features/pickups/pickup-status";
import {
  listPickups,
  parsePickupFilters,
  pickupFilterParams,
} from "~/features/pickups/pickups-admin.server";
import { requireStaff } from "~/features/staff/session.server";
import { formatCalendarDate } from "~/utils/dates";
import { formatPaise } from "~/utils/money";
import { formatIndianMobile } from "~/utils/phone";
import type { Route } from "./+types/pickups";

/** Pickups list (issue 6 item 3): filters, search and keyset pages of 50. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const params = new URL(request.url).searchParams;
  const { filters, values, problems } = parsePickupFilters(params);
  const page = await listPickups(await getDb(), filters, params.get("after"));
  const query = pickupFilterParams(filters).toString();
  const next = page.nextCursor
    ? `?${new URLSearchParams([...pickupFilterParams(filters), ["after", page.nextCursor]])}`
    : null;
  return {
    values,
    problems,
    rows: page.rows,
    isFirstPage: !params.get("after"),
    firstPage: `?${query}`,
    next,
    exportHref: `/dashboard/pickups/export${query ? `?${query}` : ""}`,
  };
}

export const meta: Route.MetaFunction = () => [{ title: "Pickups | Staff dashboard" }];

export default function Pickups({ loaderData }: Route.ComponentProps) {
  const { values, problems, rows } = loaderData;
  return (
    <>
      <h1>Pickups</h1>
      <Form method="get" className="dash-filters" role="search" aria-label="Filter pickups">
        <SelectField
          id="status"
          name="status"
          label="Status"
          placeholder="Any status"
          options={pickupStatuses}
          optionLabel={(value) => pickupStatusLabels[value as keyof typeof pickupStatusLabels]}
          defaultValue={problems.status ? "" : values.status}
          error={problems.status}
        />
        <InputField
          id="from"
          name="from"
          label="Pickup date from"
          type="date"
          defaultValue={values.from}
          error={problems.from}
        />
        <InputField
          id="to"
          name="to"
          label="Pickup date to"
          type="date"
          defaultValue={values.to}
          error={problems.to}
        />
        <InputField
          id="city"
          name="city"
          label="City"
          defaultValue={values.city}
          error={problems.city}
        />
        <InputField
          id="pin"
          name="pin"
          label="PIN code"
          inputMode="numeric"
          defaultValue={values.pin}
          error={problems.pin}
        />
        <InputField
          id="q"
          name="q"
          label="Search name, phone or reference"
          type="search"
          defaultValue={values.q}
          error={problems.q}
        />
        <button type="submit" className="button">
          Filter
        </button>
        <Link to="/dashboard/pickups">Clear filters</Link>
      </Form>
      <p>
        <a href={loaderData.exportHref} download>
          Export CSV
        </a>{" "}
        (every pickup matching these filters)
      </p>
      {rows.length === 0 ? (
        <p className="dash-notice">No pickups match these filters.</p>
      ) : (
        <div className="dash-table-wrap">
          <table className="dash-table">
            <caption className="visually-hidden">Pickups, latest pickup date first</caption>
            <thead>
              <tr>
                <th scope="col">Reference</th>
                <th scope="col">Date and slot</th>
                <th scope="col">Name</th>
                <th scope="col">Phone</th>
                <th scope="col">City</th>
                <th scope="col">PIN code</th>
                <th scope="col">Status</th>
                <th scope="col" className="num">
                  Estimate
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <th scope="row">
                    <Link to={`/dashboard/pickups/${row.id}`}>{row.reference}</Link>
                  </th>
                  <td>
                    {formatCalendarDate(row.pickupDate)} {row.pickupDate.slice(0, 4)},{" "}
                    {row.slotStart}
                  </td>
                  <td>{row.name}</td>
                  <td>{formatIndianMobile(row.phone)}</td>
                  <td>{row.city}</td>
                  <td>{row.pinCode}</td>
                  <td>{pickupStatusLabels[row.status]}</td>
                  <td className="num">{formatPaise(row.estimatePaise)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav className="dash-pager" aria-label="Pages">
        {loaderData.isFirstPage ? null : <Link to={loaderData.firstPage}>First page</Link>}
        {loaderData.next ? <Link to={loaderData.next}>Next page</Link> : null}
      </nav>
    </>
  );
}
