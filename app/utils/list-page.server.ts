/**
 * The loader data of a filtered, keyset-paged dashboard list (docs/dashboard.md): the filters
 * read from the URL, links to the first page, the next page and the CSV export with the same
 * filters, and one page of rows. Two kinds of list:
 * - schema-checked (`listPageData`: registrations, reviews, audit): bad filters answer 400 with
 *   a message per field and no rows, so a list never shows rows the filter form does not
 *   describe;
 * - hand-checked (`checkedListPageData`: pickups, orders): a bad filter is ignored with a
 *   message next to it and the rows of the other filters are shown.
 */
import { data } from "react-router";
import type { z } from "zod";
import { filteredListLinks, listLinks, nextPageLink, parseFilters } from "./list-filters.server";

export interface ListSource<S extends z.ZodObject, Row> {
  /** The list's URL path, e.g. "/dashboard/reviews"; its export is at `${path}/export`. */
  path: string;
  /** The filters: its keys are the query-string keys the filter form sends. */
  schema: S;
  /** One page after the cursor `after` (null: the first page), and the next page's cursor. */
  read: (
    filters: z.output<S>,
    after: string | null,
  ) => Promise<{ rows: Row[]; next: string | null }>;
}

/**
 * @param extra shown with the page whatever the filters (e.g. suggestions for a filter field).
 * @returns the page's loader data, wrapped in a 400 response when a filter is invalid.
 */
export async function listPageData<S extends z.ZodObject, Row, E extends object = object>(
  request: Request,
  source: ListSource<S, Row>,
  extra?: E,
) {
  const params = new URL(request.url).searchParams;
  const parsed = parseFilters(source.schema, params);
  const base = {
    ...(extra as E),
    values: parsed.values,
    ...listLinks(source.path, parsed.values, params),
  };
  if (!parsed.ok) {
    return data({ ...base, errors: parsed.errors, rows: [] as Row[], next: null }, { status: 400 });
  }
  const page = await source.read(parsed.filters, params.get("after"));
  return {
    ...base,
    errors: {} as Record<string, string>,
    rows: page.rows,
    next: nextPageLink(source.path, parsed.values, page.next),
  };
}

/** A hand-checked list: its filter check, the accepted filters as URL parameters, its pages. */
export interface CheckedListSource<F, K extends string, Row> {
  /** The CSV export's path, e.g. "/dashboard/orders/export". */
  exportPath: string;
  /** The filters as typed (`values`), the accepted ones and a message per ignored one. */
  parse: (params: URLSearchParams) => {
    filters: F;
    values: Record<K, string>;
    problems: Partial<Record<K, string>>;
  };
  /** The accepted filters as URL parameters, for the next-page and export links. */
  filterParams: (filters: F) => URLSearchParams;
  /** One page after the cursor `after` (null: the first page), and the next page's cursor. */
  read: (filters: F, after: string | null) => Promise<{ rows: Row[]; nextCursor: string | null }>;
}

/**
 * @returns the page's loader data (status 200 whatever the filters): `values` as typed,
 * `problems` per ignored filter, the rows, and the links (first and next page as "?query",
 * the export with the accepted filters).
 */
export async function checkedListPageData<F, K extends string, Row>(
  request: Request,
  source: CheckedListSource<F, K, Row>,
) {
  const params = new URL(request.url).searchParams;
  const { filters, values, problems } = source.parse(params);
  const page = await source.read(filters, params.get("after"));
  return {
    values,
    problems,
    rows: page.rows,
    ...filteredListLinks(source.exportPath, source.filterParams(filters), params, page.nextCursor),
  };
}
