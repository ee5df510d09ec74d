import { Form, Link } from "react-router";
import { DataTable, Row } from "~/components/dashboard/data-table";
import { FormError } from "~/components/ui/form-messages";
import { getDb } from "~/db/db.server";
import { billTitles } from "~/features/orders/bill-titles";
import { billsIssuedBetween } from "~/features/orders/bills.server";
import { monthBounds, monthOf } from "~/features/orders/gst-summary.server";
import { requireStaff } from "~/features/staff/session.server";
import { formatDateTimeIST } from "~/utils/dates";
import { formatPaise } from "~/utils/money";
import type { Route } from "./+types/bills";

/**
 * Bills (docs/tax.md): the documents issued in a month (Asia/Kolkata; this month by default),
 * each with its order, and the month's GST summary as CSV for the accountant. Admin only.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "admin");
  const asked = new URL(request.url).searchParams.get("month");
  const month = asked ?? monthOf(new Date());
  const bounds = monthBounds(month);
  if (!bounds) {
    return { month, error: "Choose a month (YYYY-MM), like 2026-11.", rows: [] };
  }
  const issued = await billsIssuedBetween(await getDb(), bounds.from, bounds.to);
  return {
    month,
    error: null,
    rows: issued.map((bill) => ({
      number: bill.number,
      title: billTitles[bill.content.kind],
      issuedAt: formatDateTimeIST(bill.issuedAt),
      order: bill.content.orderReference,
      orderId: bill.orderId,
      state: bill.content.buyer.state,
      totalPaise: bill.content.totals.totalPaise,
      taxPaise:
        bill.content.totals.cgstPaise +
        bill.content.totals.sgstPaise +
        bill.content.totals.igstPaise,
    })),
  };
}

export const meta: Route.MetaFunction = () => [{ title: "Bills | Staff dashboard" }];

export default function Bills({ loaderData }: Route.ComponentProps) {
  const { month, error, rows } = loaderData;
  return (
    <>
      <h1>Bills</h1>
      <p>
        Every tax invoice, bill of supply, invoice-cum-bill of supply, receipt and credit note
        issued in a month. The GST summary lists each document by HSN code and rate with its taxable
        value and CGST, SGST or IGST, credit notes negative, for the monthly return.
      </p>
      <Form method="get" className="dash-filters">
        <label htmlFor="month">Month</label>{" "}
        <input id="month" type="month" name="month" defaultValue={month} />{" "}
        <button type="submit" className="button button--small">
          Show
        </button>
      </Form>
      <FormError message={error} className="dash-error" />
      {error ? null : (
        <p>
          <a href={`/dashboard/bills/export?month=${month}`} download>
            Download the GST summary for {month} (CSV)
          </a>
        </p>
      )}
      {rows.length === 0 ? (
        <p>No documents issued in this month.</p>
      ) : (
        <DataTable
          caption={`Documents issued in ${month}`}
          cards
          columns={[
            "Number",
            "Type",
            "Issued",
            "Order",
            "Buyer State",
            { label: "Tax", numeric: true },
            { label: "Total", numeric: true },
          ]}
        >
          {rows.map((row) => (
            <Row key={row.number}>
              <th scope="row" className="dash-ref">
                {row.number}
              </th>
              <td>{row.title}</td>
              <td>{row.issuedAt}</td>
              <td>
                <Link to={`/dashboard/orders/${row.orderId}`} className="dash-ref">
                  {row.order}
                </Link>
              </td>
              <td>{row.state}</td>
              <td className="num">{formatPaise(row.taxPaise)}</td>
              <td className="num">{formatPaise(row.totalPaise)}</td>
            </Row>
          ))}
        </DataTable>
      )}
    </>
  );
}
