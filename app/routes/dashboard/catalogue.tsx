import { data, Form, Link, redirect, useNavigation } from "react-router";
import { bulkCell } from "~/components/dashboard/bulk-cell";
import { DataTable, Row } from "~/components/dashboard/data-table";
import { ChoiceFilter, FilterForm, Pager, TextFilter } from "~/components/dashboard/list-page";
import { ErrorSummary, summaryItems } from "~/components/ui/error-summary";
import { StatusNotice } from "~/components/ui/form-messages";
import { getDb } from "~/db/db.server";
import {
  applyStockSheet,
  catalogueFilterParams,
  listProductsForAdmin,
  parseCatalogueFilters,
} from "~/features/catalogue/catalogue-admin.server";
import { LOW_STOCK_AT, stockLevel } from "~/features/catalogue/stock-levels";
import { requireStaff } from "~/features/staff/session.server";
import type { RefusedSheet } from "~/utils/bulk-form";
import { sheetRefusedWhole } from "~/utils/bulk-form.server";
import { pagePathOf } from "~/utils/data-request";
import { formStrings, UNKNOWN_ACTION } from "~/utils/intent-form";
import { formatPaise } from "~/utils/money";
import type { Route } from "./+types/catalogue";

// Loader and action headers (Retry-After of a 429) reach document responses too.
export { headers } from "~/utils/route-headers";

/** The notice of a saved stock sheet (`?done=stock&count=N`). */
function stockNotice(params: URLSearchParams): string | null {
  if (params.get("done") !== "stock") return null;
  const count = Number(/^\d{1,3}$/.exec(params.get("count") ?? "")?.[0] ?? 0);
  if (count === 0) return "Nothing changed: every stock is as it was.";
  return `Stock saved for ${count} ${count === 1 ? "product" : "products"}.`;
}

/** Every product, active and inactive, for admins (docs/dashboard.md). */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "admin");
  const params = new URL(request.url).searchParams;
  const filters = parseCatalogueFilters(params);
  const { rows, next } = await listProductsForAdmin(await getDb(), filters, params.get("after"));
  const query = catalogueFilterParams(filters);
  const nextParams = new URLSearchParams(query);
  if (next) nextParams.set("after", next);
  return {
    filters,
    rows,
    paged: params.has("after"),
    exportHref: `/dashboard/catalogue/export${query.size ? `?${query}` : ""}`,
    firstHref: `/dashboard/catalogue${query.size ? `?${query}` : ""}`,
    nextHref: next ? `/dashboard/catalogue?${nextParams}` : null,
    notice: stockNotice(params),
  };
}

/**
 * The stock sheet (intent save-stock: the stock of every product on the page, one Save, all or
 * nothing; ADR 0031). Back to the same page and filters with `?done=stock&count=N`.
 */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireStaff(request, "admin");
  const posted = formStrings(await request.formData());
  if (posted.intent !== "save-stock") {
    return data({ sheet: sheetRefusedWhole(UNKNOWN_ACTION) }, { status: 400 });
  }
  const result = await applyStockSheet(await getDb(), { email: user.email }, posted);
  if (!result.ok) return data({ sheet: result }, { status: result.status });
  const params = new URL(request.url).searchParams;
  for (const name of ["done", "count", "_routes", "index"]) params.delete(name);
  params.set("done", "stock");
  params.set("count", String(result.saved.length));
  return redirect(`${pagePathOf(request)}?${params}`);
}

export const meta: Route.MetaFunction = () => [{ title: "Catalogue | Staff dashboard" }];

const kindLabel = { plant: "Plant", fertiliser: "Fertiliser" } as const;
const stockLabel = { low: `Low (${LOW_STOCK_AT} or fewer)`, out: "Out of stock" } as const;

type ProductRow = Route.ComponentProps["loaderData"]["rows"][number];

export default function Catalogue({ loaderData, actionData }: Route.ComponentProps) {
  const { filters, rows, paged, exportHref, firstHref, nextHref, notice } = loaderData;
  const sheet = actionData?.sheet;
  const submitting = useNavigation().state === "submitting";
  return (
    <>
      <h1>Catalogue</h1>
      <div className="dash-actions">
        <Link to="/dashboard/catalogue/new" className="button">
          Add a product
        </Link>
        <a href={exportHref} className="button button--small" download>
          Download CSV
        </a>
      </div>
      <FilterForm
        values={{ kind: filters.kind ?? "", q: filters.q, stock: filters.stock ?? "" }}
        search={<TextFilter name="q" label="Name" type="search" maxLength={100} />}
      >
        <ChoiceFilter name="kind" label="Kind" placeholder="All kinds" choices={kindLabel} />
        <ChoiceFilter name="stock" label="Stock" placeholder="Any stock" choices={stockLabel} />
      </FilterForm>
      <StatusNotice message={actionData ? null : notice} />
      {rows.length === 0 ? (
        <p>No products match these filters.</p>
      ) : (
        <StockSheet rows={rows} sheet={sheet} submitting={submitting} />
      )}
      {paged || nextHref ? (
        <Pager firstHref={paged ? firstHref : null} nextHref={nextHref} />
      ) : null}
    </>
  );
}

/**
 * The products of the page with their stock in one form and one Save (intent save-stock): each
 * stock input has a hidden twin with the stock shown (app/utils/bulk-form.ts). The column header
 * "Stock" is the inputs' visible label. A refused sheet shows what was posted again, with a
 * message next to each refused stock and a summary linking to them at the top.
 */
function StockSheet({
  rows,
  sheet,
  submitting,
}: {
  rows: readonly ProductRow[];
  sheet: RefusedSheet | undefined;
  submitting: boolean;
}) {
  return (
    <Form method="post" className="stock-sheet" noValidate>
      <ErrorSummary items={summaryItems(sheet?.errors ?? {})} formError={sheet?.formError} />
      <input type="hidden" name="intent" value="save-stock" />
      <DataTable
        caption="Products"
        className="dash-compact"
        cards
        columns={[
          "Product",
          { label: "Price", numeric: true },
          { label: "Stock", numeric: true },
          "Active",
        ]}
      >
        {rows.map((row) => {
          const stock = bulkCell(sheet, "stock", row.id, String(row.stock), String(row.stock));
          const name = `${row.name}${row.size ? ` ${row.size}` : ""}`;
          return (
            <Row key={row.id}>
              <th scope="row">
                <Link to={`/dashboard/catalogue/${row.id}`}>{name}</Link>
                <span className="dash-sub">{kindLabel[row.kind]}</span>
              </th>
              <td className="num">{formatPaise(row.pricePaise)}</td>
              <td className="num stock-cell">
                <label htmlFor={stock.input.id} className="visually-hidden">
                  Stock of {name}
                </label>
                <input
                  key={stock.key}
                  {...stock.input}
                  inputMode="numeric"
                  maxLength={5}
                  size={5}
                />
                {stock.after}
                <StockMark stock={row.stock} active={row.active} />
              </td>
              <td>{row.active ? "Yes" : "No"}</td>
            </Row>
          );
        })}
      </DataTable>
      <button type="submit" className="button" disabled={submitting}>
        Save stock
      </button>
    </Form>
  );
}

/** 'Out of stock' or 'Low stock' under an active product's stock box (stock-levels.ts). */
function StockMark({ stock, active }: { stock: number; active: boolean }) {
  const level = stockLevel(stock, active);
  if (level === null) return null;
  return (
    <span className={`stock-mark stock-mark--${level}`}>
      {level === "out" ? "Out of stock" : "Low stock"}
    </span>
  );
}
