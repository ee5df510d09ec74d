/**
 * The loader data of a filtered, keyset-paged dashboard list (docs/dashboard.md): the filters
 * read from the URL with the list's zod schema, links to the first page, the next page and the
 * CSV export with the same filters, and one page of rows. Bad filters answer 400 with a message
 * per field and no rows, so a list never shows rows the filter form does not describe.
 */
import { data } from "react-router";
import type { z } from "zod";
import { listLinks, nextPageLink, parseFilters } from "./list-filters.server";

export interface ListSource<S extends z.ZodType, Row> {
  /** The list's URL path, e.g. "/dashboard/reviews"; its export is at `${path}/export`. */
  path: string;
  schema: S;
  /** The query-string keys the filter form sends. */
  keys: readonly string[];
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
export async function listPageData<S extends z.ZodType, Row, E extends object = object>(
  request: Request,
  source: ListSource<S, Row>,
  extra?: E,
) {
  const params = new URL(request.url).searchParams;
  const parsed = parseFilters(source.schema, params, source.keys);
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
