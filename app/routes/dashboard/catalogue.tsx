import { Link } from "react-router";
import { DataTable } from "~/components/dashboard/data-table";
import { ChoiceFilter, FilterForm, Pager, TextFilter } from "~/components/dashboard/list-page";
import { getDb } from "~/db/db.server";
import {
  catalogueFilterParams,
  listProductsForAdmin,
  parseCatalogueFilters,
} from "~/features/catalogue/catalogue-admin.server";
import { requireStaff } from "~/features/staff/session.server";
import { formatPaise } from "~/utils/money";
import type { Route } from "./+types/catalogue";

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
  };
}

export const meta: Route.MetaFunction = () => [{ title: "Catalogue | Staff dashboard" }];

const kindLabel = { plant: "Plant", fertiliser: "Fertiliser" } as const;

export default function Catalogue({ loaderData }: Route.ComponentProps) {
  const { filters, rows, paged, exportHref, firstHref, nextHref } = loaderData;
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
      <FilterForm values={{ kind: filters.kind ?? "", q: filters.q }}>
        <ChoiceFilter name="kind" label="Kind" placeholder="All kinds" choices={kindLabel} />
        <TextFilter name="q" label="Name" type="search" maxLength={100} />
      </FilterForm>
      {rows.length === 0 ? (
        <p>No products match these filters.</p>
      ) : (
        <DataTable
          caption="Products"
          className="dash-compact"
          columns={[
            "Product",
            { label: "Price", numeric: true },
            { label: "Stock", numeric: true },
            "Active",
          ]}
        >
          {rows.map((row) => (
            <tr key={row.id}>
              <th scope="row">
                <Link to={`/dashboard/catalogue/${row.id}`}>
                  {row.name}
                  {row.size ? ` ${row.size}` : ""}
                </Link>
                <span className="dash-sub">{kindLabel[row.kind]}</span>
              </th>
              <td className="num">{formatPaise(row.pricePaise)}</td>
              <td className="num">{row.stock}</td>
              <td>{row.active ? "Yes" : "No"}</td>
            </tr>
          ))}
        </DataTable>
      )}
      {paged || nextHref ? (
        <Pager firstHref={paged ? firstHref : null} nextHref={nextHref} />
      ) : null}
    </>
  );
}
