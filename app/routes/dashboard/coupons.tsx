import { Link } from "react-router";
import { Row } from "~/components/dashboard/data-table";
import {
  FilterForm,
  ListResults,
  SearchFilter,
  StatusFilter,
} from "~/components/dashboard/list-page";
import { getDb } from "~/db/db.server";
import { couponStateLabels } from "~/features/orders/coupon-status";
import { couponFiltersSchema, listCoupons } from "~/features/orders/coupons-admin.server";
import { requireStaff } from "~/features/staff/session.server";
import { formatDateTimeIST } from "~/utils/dates";
import { listPageData } from "~/utils/list-page.server";
import { formatPaise } from "~/utils/money";
import type { Route } from "./+types/coupons";

/**
 * Coupons (docs/exchange.md "Coupons"): staff and admins (collectors get 403), newest first,
 * keyset pages of 50, search by code or pickup reference, filter active / used up / expired.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const db = await getDb();
  const now = new Date();
  return listPageData(request, {
    path: "/dashboard/coupons",
    schema: couponFiltersSchema,
    read: (filters, after) => listCoupons(db, filters, now, after),
  });
}

export const meta: Route.MetaFunction = () => [{ title: "Coupons | Staff dashboard" }];

type CouponRowView = Route.ComponentProps["loaderData"]["rows"][number];

export default function Coupons({ loaderData }: Route.ComponentProps) {
  const { values, errors, rows } = loaderData;
  return (
    <>
      <h1>Coupons</h1>
      <p>
        Store credit issued for confirmed pickups. An order spends up to its total; cancelling it
        gives the amount back.
      </p>
      <FilterForm
        label="Filter coupons"
        clearHref="/dashboard/coupons"
        values={values}
        errors={errors}
        search={<SearchFilter label="Search code or pickup reference" />}
      >
        <StatusFilter labels={couponStateLabels} />
      </FilterForm>
      <ListResults
        page={loaderData}
        noun={{ one: "coupon", many: "coupons" }}
        caption="Coupons, newest first"
        columns={[
          "Code",
          "Issued for",
          { label: "Value", numeric: true },
          { label: "Balance", numeric: true },
          "Expires",
          "Status",
          { label: "Redemptions", card: "wide" },
        ]}
      >
        {rows.map((row) => (
          <Row key={row.id}>
            <th scope="row" className="dash-ref">
              {row.code}
            </th>
            <td>
              <Link
                to={`/dashboard/${row.issuedFor.kind === "pickup" ? "pickups" : "claims"}/${row.issuedFor.id}`}
                className="dash-ref"
              >
                {row.issuedFor.reference}
              </Link>
            </td>
            <td className="num">{formatPaise(row.valuePaise)}</td>
            <td className="num">{formatPaise(row.balancePaise)}</td>
            <td>{formatDateTimeIST(new Date(row.expiresAt))}</td>
            <td>{couponStateLabels[row.state]}</td>
            <td>
              <Redemptions row={row} />
            </td>
          </Row>
        ))}
      </ListResults>
    </>
  );
}

/** "2: OR-…, OR-… (refunded)" with links to the orders; "None" when never spent. */
function Redemptions({ row }: { row: CouponRowView }) {
  if (row.redemptions.length === 0) return <>None</>;
  return (
    <>
      {row.redemptions.length}:{" "}
      {row.redemptions.map((redemption, index) => (
        <span key={redemption.orderId}>
          {index > 0 ? ", " : null}
          <Link to={`/dashboard/orders/${redemption.orderId}`} className="dash-ref">
            {redemption.orderReference}
          </Link>{" "}
          ({formatPaise(redemption.amountPaise)}
          {redemption.refunded ? ", refunded" : ""})
        </span>
      ))}
    </>
  );
}
