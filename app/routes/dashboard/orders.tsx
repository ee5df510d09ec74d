import { Form, Link } from "react-router";
import { InputField, SelectField } from "~/components/ui/field";
import { getDb } from "~/db/db.server";
import { orderStatuses, paymentStatuses } from "~/db/schema/shop";
import { orderStatusLabels } from "~/features/orders/order-status";
import {
  listOrders,
  orderFilterParams,
  parseOrderFilters,
} from "~/features/orders/orders-admin.server";
import { requireStaff } from "~/features/staff/session.server";
import { formatDateTimeIST } from "~/utils/dates";
import { formatPaise } from "~/utils/money";
import { formatIndianMobile } from "~/utils/phone";
import type { Route } from "./+types/orders";

/** Orders list (issue 6 item 4): filters, search and keyset pages of 50, newest first. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const params = new URL(request.url).searchParams;
  const { filters, values, problems } = parseOrderFilters(params);
  const page = await listOrders(await getDb(), filters, params.get("after"));
  const query = orderFilterParams(filters).toString();
  const next = page.nextCursor
    ? `?${new URLSearchParams([...orderFilterParams(filters), ["after", page.nextCursor]])}`
    : null;
  return {
    values,
    problems,
    rows: page.rows.map((row) => ({ ...row, placedAt: formatDateTimeIST(row.createdAt) })),
    isFirstPage: !params.get("after"),
    firstPage: `?${query}`,
    next,
    exportHref: `/dashboard/orders/export${query ? `?${query}` : ""}`,
  };
}

export const meta: Route.MetaFunction = () => [{ title: "Orders | Staff dashboard" }];

const paymentLabels: Record<string, string> = {
  unpaid: "Unpaid",
  pending: "Pending",
  paid: "Paid",
  failed: "Failed",
};
const methodLabels: Record<string, string> = { cod: "Cash on delivery", online: "Online" };

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { values, problems, rows } = loaderData;
  return (
    <>
      <h1>Orders</h1>
      <Form method="get" className="dash-filters" role="search" aria-label="Filter orders">
        <SelectField
          id="status"
          name="status"
          label="Status"
          placeholder="Any status"
          options={orderStatuses}
          optionLabel={(value) => orderStatusLabels[value as keyof typeof orderStatusLabels]}
          defaultValue={problems.status ? "" : values.status}
          error={problems.status}
        />
        <SelectField
          id="payment"
          name="payment"
          label="Payment"
          placeholder="Any payment status"
          options={paymentStatuses}
          optionLabel={(value) => paymentLabels[value] ?? value}
          defaultValue={problems.payment ? "" : values.payment}
          error={problems.payment}
        />
        <InputField
          id="from"
          name="from"
          label="Placed from"
          type="date"
          defaultValue={values.from}
          error={problems.from}
        />
        <InputField
          id="to"
          name="to"
          label="Placed to"
          type="date"
          defaultValue={values.to}
          error={problems.to}
        />
        <InputField
          id="q"
          name="q"
          label="Search reference, name, phone or e-mail"
          type="search"
          defaultValue={values.q}
          error={problems.q}
        />
        <button type="submit" className="button">
          Filter
        </button>
        <Link to="/dashboard/orders">Clear filters</Link>
      </Form>
      <p>
        <a href={loaderData.exportHref} download>
          Export CSV
        </a>{" "}
        (every order matching these filters)
      </p>
      {rows.length === 0 ? (
        <p className="dash-notice">No orders match these filters.</p>
      ) : (
        <div className="dash-table-wrap">
          <table className="dash-table">
            <caption className="visually-hidden">Orders, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Reference</th>
                <th scope="col">Placed (IST)</th>
                <th scope="col">Name</th>
                <th scope="col">Phone</th>
                <th scope="col">City</th>
                <th scope="col">Status</th>
                <th scope="col">Payment method</th>
                <th scope="col">Payment status</th>
                <th scope="col" className="num">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <th scope="row">
                    <Link to={`/dashboard/orders/${row.id}`}>{row.reference}</Link>
                  </th>
                  <td>{row.placedAt}</td>
                  <td>{row.name}</td>
                  <td>{formatIndianMobile(row.phone)}</td>
                  <td>{row.city}</td>
                  <td>{orderStatusLabels[row.status]}</td>
                  <td>{methodLabels[row.paymentMethod] ?? row.paymentMethod}</td>
                  <td>{paymentLabels[row.paymentStatus] ?? row.paymentStatus}</td>
                  <td className="num">{formatPaise(row.totalPaise)}</td>
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
