/**
 * Pieces shared by the dashboard list pages (docs/dashboard.md): the GET filter form and its
 * fields, then the results: the CSV export link, the table with its empty message, and the
 * keyset pager.
 * Plain links and GET forms, so every list works without JavaScript. No server code here.
 */
import { createContext, type InputHTMLAttributes, type ReactNode, use } from "react";
import { Form, Link, useLocation } from "react-router";
import {
  type BoundField,
  type FormState,
  fieldsOf,
  InputField,
  SelectField,
} from "~/components/ui/field";
import type { ColumnHead } from "~/components/ui/table-head";
import { DataTable } from "./data-table";

/** The filter form's fields (`fieldsOf` its values as typed and a message per refused filter). */
const FilterFieldsContext = createContext<(name: string) => BoundField>(fieldsOf({}));

/** The name of the search box's parameter; the one filter never folded away. */
const SEARCH_NAME = "q";

/**
 * How many filters other than the search are set: non-empty `values` except `q`.
 * @returns a count, 0 when none.
 */
export function activeFilterCount(values: FormState["values"]): number {
  return Object.entries(values ?? {}).filter(
    ([name, value]) => name !== SEARCH_NAME && typeof value === "string" && value.trim() !== "",
  ).length;
}

/**
 * The GET filter form (`role="search"`): the filters (`children`), the search box (`search`,
 * never folded), then the submit button and, with `clearHref`, a link back to the unfiltered
 * list while anything is filtered. The fields inside show `values` and `errors` (their own key each).
 *
 * The filters sit in a `<details>` whose summary reads "Filters (2 active)" (the non-empty
 * values other than `q`): on a phone it starts closed unless one of them was refused; from
 * 600 px dashboard.css hides the summary and shows the filters, open or not (docs/dashboard.md
 * "Phone layout"). It works without JavaScript; with it, it closes again after each search.
 */
export function FilterForm({
  label,
  submitLabel = "Filter",
  clearHref,
  clearLabel = "Clear filters",
  values,
  errors,
  search,
  children,
}: FormState & {
  /** The form's accessible name, e.g. "Filter pickups". */
  label?: string;
  submitLabel?: string;
  clearHref?: string;
  clearLabel?: string;
  /** The search box, e.g. `<SearchFilter label="Search name" />`, shown outside the fold. */
  search?: ReactNode;
  children?: ReactNode;
}) {
  const active = activeFilterCount(values);
  const refused = Object.keys(errors ?? {}).some((name) => name !== SEARCH_NAME);
  const filtered = active > 0 || (values?.[SEARCH_NAME] ?? "").trim() !== "";
  const query = useLocation().search;
  return (
    <Form method="get" className="dash-filters" role="search" aria-label={label}>
      <FilterFieldsContext value={fieldsOf({ values, errors })}>
        {children ? (
          <details className="dash-filters__more" open={refused} key={query}>
            <summary className="dash-disclosure">
              Filters{active > 0 ? ` (${active} active)` : ""}
            </summary>
            <div className="dash-filters__fields">{children}</div>
          </details>
        ) : null}
        {search}
      </FilterFieldsContext>
      <div className="dash-filters__submit">
        <button type="submit" className="button">
          {submitLabel}
        </button>
        {clearHref && filtered ? <Link to={clearHref}>{clearLabel}</Link> : null}
      </div>
    </Form>
  );
}

/** A text filter whose id and name are `name`, showing the typed value and its error. */
export function TextFilter({
  name,
  label,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, "name" | "id" | "defaultValue"> & {
  name: string;
  label: string;
}) {
  const field = use(FilterFieldsContext);
  return <InputField {...field(name)} label={label} {...input} />;
}

/** The list's search box: the text filter `q`. */
export function SearchFilter({ label }: { label: string }) {
  return <TextFilter name="q" label={label} type="search" />;
}

/**
 * A choice filter ("" = any): `choices` maps each value to its label, in the order shown. A
 * refused value shows the placeholder and the error.
 */
export function ChoiceFilter({
  name,
  label,
  placeholder,
  choices,
}: {
  name: string;
  label: string;
  placeholder: string;
  choices: Readonly<Record<string, string>>;
}) {
  const field = use(FilterFieldsContext)(name);
  return (
    <SelectField
      {...field}
      label={label}
      placeholder={placeholder}
      options={Object.entries(choices).map(([value, text]) => ({ value, label: text }))}
      defaultValue={field.error ? "" : field.defaultValue}
    />
  );
}

/** The `status` filter: "Any status", then each status by its label (`labels`, in order). */
export function StatusFilter({ labels }: { labels: Readonly<Record<string, string>> }) {
  return <ChoiceFilter name="status" label="Status" placeholder="Any status" choices={labels} />;
}

/** The `from` and `to` date filters (inclusive calendar dates). */
export function DateRangeFilters({ fromLabel, toLabel }: { fromLabel: string; toLabel: string }) {
  return (
    <>
      <TextFilter name="from" label={fromLabel} type="date" />
      <TextFilter name="to" label={toLabel} type="date" />
    </>
  );
}

/** "Export CSV (every … matching these filters)": the export takes the page's filters. */
function ExportLink({ href, scope }: { href: string; scope: string }) {
  return (
    <p>
      <a href={href} download>
        Export CSV
      </a>{" "}
      ({scope})
    </p>
  );
}

/**
 * The list's table ({@link DataTable}, cards on a phone: its rows are `Row`s), or
 * `emptyMessage` when there are no rows.
 */
function ListTable({
  isEmpty,
  emptyMessage,
  caption,
  columns,
  children,
}: {
  isEmpty: boolean;
  emptyMessage: string;
  caption: string;
  columns: readonly ColumnHead[];
  children: ReactNode;
}) {
  if (isEmpty) return <p className="dash-notice">{emptyMessage}</p>;
  return (
    <DataTable caption={caption} columns={columns} cards>
      {children}
    </DataTable>
  );
}

/** Keyset pager: "First page" (null on page 1) and "Next page" (null on the last page). */
export function Pager({
  firstHref,
  nextHref,
}: {
  firstHref: string | null;
  nextHref: string | null;
}) {
  return (
    <nav className="dash-pager" aria-label="Pages">
      {firstHref === null ? null : <Link to={firstHref}>First page</Link>}
      {nextHref ? <Link to={nextHref}>Next page</Link> : null}
    </nav>
  );
}

/** The links and rows of a list page's loader data (`listPageData`, `checkedListPageData`). */
export interface ListPage {
  /** The refused filters of a schema-checked list (`listPageData`), whose export answers 400. */
  errors?: Partial<Record<string, string>>;
  rows: readonly unknown[];
  exportHref: string;
  isFirstPage: boolean;
  firstPage: string;
  next: string | null;
}

/**
 * What a list page shows under its filters: the CSV export link ("Export CSV (every order
 * matching these filters)"), the table of `page.rows` (`children`, one row each) or "No orders
 * match these filters.", and the pager. The export link is left out while `page.errors` has a
 * refused filter (that export answers 400).
 */
export function ListResults({
  page,
  noun,
  filteredBy = "these filters",
  caption,
  columns,
  children,
}: {
  page: ListPage;
  /** What the rows are, e.g. `{ one: "order", many: "orders" }`. */
  noun: { one: string; many: string };
  /** How the rows were chosen: "these filters", or "this search" for a search-only list. */
  filteredBy?: string;
  caption: string;
  columns: readonly ColumnHead[];
  children: ReactNode;
}) {
  return (
    <>
      {Object.keys(page.errors ?? {}).length > 0 ? null : (
        <ExportLink href={page.exportHref} scope={`every ${noun.one} matching ${filteredBy}`} />
      )}
      <ListTable
        isEmpty={page.rows.length === 0}
        emptyMessage={`No ${noun.many} match ${filteredBy}.`}
        caption={caption}
        columns={columns}
      >
        {children}
      </ListTable>
      <Pager firstHref={page.isFirstPage ? null : page.firstPage} nextHref={page.next} />
    </>
  );
}
