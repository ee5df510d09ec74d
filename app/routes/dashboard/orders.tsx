import { Form, Link } from "react-router";
import { Row } from "~/components/dashboard/data-table";
import {
  ChoiceFilter,
  DateRangeFilters,
  FilterForm,
  ListResults,
  SearchFilter,
  StatusFilter,
} from "~/components/dashboard/list-page";
import { getDb } from "~/db/db.server";
import { orderStatusLabels } from "~/features/orders/order-status";
import {
  listOrders,
  orderFilterParams,
  parseOrderFilters,
} from "~/features/orders/orders-admin.server";
import { MAX_PACKING_SLIPS } from "~/features/orders/packing-slip-fields";
import { requireStaff } from "~/features/staff/session.server";
import { formatDateTimeIST } from "~/utils/dates";
import { checkedListPageData } from "~/utils/list-page.server";
import { formatPaise } from "~/utils/money";
import { formatIndianMobile } from "~/utils/phone";
import type { Route } from "./+types/orders";

/** Orders list (docs/dashboard.md): filters, search and keyset pages of 50, newest first. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const db = await getDb();
  return checkedListPageData(request, {
    exportPath: "/dashboard/orders/export",
    parse: parseOrderFilters,
    filterParams: orderFilterParams,
    read: async (filters, after) => {
      const page = await listOrders(db, filters, after);
      const rows = page.rows.map((row) => ({ ...row, placedAt: formatDateTimeIST(row.createdAt) }));
      return { rows, nextCursor: page.nextCursor };
    },
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Orders | Staff dashboard" }];

const paymentLabels: Record<string, string> = {
  unpaid: "Unpaid",
  pending: "Pending",
  paid: "Paid",
  failed: "Failed",
};
const methodLabels: Record<string, string> = { cod: "Cash on delivery", online: "Online" };

type OrdersData = Route.ComponentProps["loaderData"];

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { rows } = loaderData;
  return (
    <>
      <h1>Orders</h1>
      <OrderFilters values={loaderData.values} problems={loaderData.problems} />
      {rows.length > 0 ? <PackingSlipControls /> : null}
      <ListResults
        page={loaderData}
        noun={{ one: "order", many: "orders" }}
        caption="Orders, newest first"
        columns={[
          { label: "Choose", card: "bare" },
          "Reference",
          "Placed (IST)",
          "Name",
          "Phone",
          "City",
          "Status",
          "Payment method",
          "Payment status",
          { label: "Total", numeric: true },
        ]}
      >
        {rows.map((row) => (
          <Row key={row.id}>
            <td>
              <label className="dash-choose">
                <input type="checkbox" name="id" value={row.id} form="packing-slips" /> Choose
                <span className="visually-hidden"> {row.reference}</span>
              </label>
            </td>
            <th scope="row">
              <Link to={`/dashboard/orders/${row.id}`} className="dash-ref">
                {row.reference}
              </Link>
            </th>
            <td>{row.placedAt}</td>
            <td>{row.name}</td>
            <td>{formatIndianMobile(row.phone)}</td>
            <td>{row.city}</td>
            <td>{orderStatusLabels[row.status]}</td>
            <td>{methodLabels[row.paymentMethod] ?? row.paymentMethod}</td>
            <td>{paymentLabels[row.paymentStatus] ?? row.paymentStatus}</td>
            <td className="num">{formatPaise(row.totalPaise)}</td>
          </Row>
        ))}
      </ListResults>
    </>
  );
}

/**
 * Packing slips of the ticked orders (ADR 0035): a GET form to /dashboard/orders/slips that the
 * rows' checkboxes (`name="id"`, `form="packing-slips"`) belong to; each button names the paper.
 * Works without JavaScript.
 */
function PackingSlipControls() {
  return (
    <Form
      method="get"
      action="/dashboard/orders/slips"
      id="packing-slips"
      className="dash-actions"
      aria-label="Packing slips"
    >
      <p>Tick orders below (at most {MAX_PACKING_SLIPS}) to print their packing slips:</p>
      <button type="submit" name="width" value="a4" className="button">
        Print packing slips (A4)
      </button>
      <button type="submit" name="width" value="80mm" className="button">
        Print packing slips (80 mm)
      </button>
    </Form>
  );
}

/** Status, payment status, dates placed, and a search of reference, name, phone or e-mail. */
function OrderFilters({ values, problems }: Pick<OrdersData, "values" | "problems">) {
  return (
    <FilterForm
      label="Filter orders"
      clearHref="/dashboard/orders"
      values={values}
      errors={problems}
      search={<SearchFilter label="Search reference, name, phone or e-mail" />}
    >
      <StatusFilter labels={orderStatusLabels} />
      <ChoiceFilter
        name="payment"
        label="Payment"
        placeholder="Any payment status"
        choices={paymentLabels}
      />
      <DateRangeFilters fromLabel="Placed from" toLabel="Placed to" />
    </FilterForm>
  );
}
