/**
 * Reading a dashboard list's filters from its URL (docs/dashboard.md): the list page and
 * its CSV export parse the same query string with the same zod schema, so an export holds
 * exactly the rows the page shows. Bad filters come back as messages per field (the page shows
 * them next to the field with status 400; the export answers 400 with the first message). The
 * schemas' messages and this module's own are `dashboard.*` ids (ADR 0024), rendered in English
 * here: the dashboard is English.
 */
import type { z } from "zod";
import { fieldErrorTexts, refusalText } from "~/i18n/i18n.server";
import { isCalendarDate } from "~/utils/dates";
import { type MessageValues, message } from "~/utils/refusal";

/** A `dashboard.*` message as the dashboard shows it (English). */
function dashboardText(id: string, values: MessageValues = {}): string {
  return refusalText("en", message(id, values));
}

export type FilterResult<T> =
  | { ok: true; filters: T; values: Record<string, string> }
  | { ok: false; errors: Record<string, string>; values: Record<string, string> };

/**
 * Parses the keys of `schema` (its fields, in order) from `params`. `values` echoes what was
 * sent (NUL removed, at most 200 characters each) for the filter form.
 */
export function parseFilters<S extends z.ZodObject>(
  schema: S,
  params: URLSearchParams,
): FilterResult<z.output<S>> {
  const keys = Object.keys(schema.shape);
  const raw: Record<string, string> = {};
  const values: Record<string, string> = {};
  for (const key of keys) {
    const value = (params.get(key) ?? "").replaceAll("\u0000", "");
    raw[key] = value;
    values[key] = value.slice(0, 200);
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    return { ok: false, errors: fieldErrorTexts("en", parsed.error.issues), values };
  }
  return { ok: true, filters: parsed.data, values };
}

/** `path?key=value…` with the non-empty values only (for export links and pager links). */
export function withQuery(path: string, values: Record<string, string | null | undefined>) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value) query.set(key, value);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** The 400 answer of a CSV export whose filters are refused. */
export function badFiltersResponse(errors: Record<string, string>): Response {
  const text = Object.values(errors)[0] ?? dashboardText("dashboard.lists.filtersInvalid");
  return new Response(text, {
    status: 400,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}

// ---------------------------------------------------------------------------------------------
// Hand-checked filters of the pickups and orders lists (docs/dashboard.md): a bad value is
// ignored with a message for its field instead of refusing the page.

/** The longest text a hand-checked filter accepts (and echoes back). */
export const MAX_FILTER_TEXT = 100;

/** A filter check under way: values as typed, accepted filters, a message per ignored one. */
export interface FilterCheck<K extends string> {
  values: Record<K, string>;
  filters: Partial<Record<K, string>>;
  problems: Partial<Record<K, string>>;
}

/** Starts a check with `keys` read from `params` (NUL removed, trimmed; missing = ""). */
export function startFilterCheck<K extends string>(
  params: URLSearchParams,
  keys: readonly K[],
): FilterCheck<K> {
  const values = {} as Record<K, string>;
  for (const key of keys) values[key] = (params.get(key) ?? "").replaceAll("\u0000", "").trim();
  return { values, filters: {}, problems: {} };
}

/**
 * Accepts `key` when it is one of `allowed` ("" and "any" = not filtered), else notes `problem`:
 * a `dashboard.*` message id (rendered in English).
 */
export function checkChoice<K extends string>(
  check: FilterCheck<K>,
  key: K,
  allowed: readonly string[],
  problem: string,
): void {
  const value = check.values[key];
  if (!value || value === "any") return;
  if (allowed.includes(value)) check.filters[key] = value;
  else check.problems[key] = dashboardText(problem);
}

/** A calendar date in 2000–2099 (wider ones are typing mistakes and overflow date maths). */
function isFilterDate(value: string): boolean {
  return isCalendarDate(value) && value >= "2000-01-01" && value <= "2099-12-31";
}

/** Checks `from` and `to` (inclusive "YYYY-MM-DD"); an end before the start is ignored. */
export function checkDateRange<K extends string>(check: FilterCheck<K | "from" | "to">): void {
  for (const key of ["from", "to"] as const) {
    const value = check.values[key];
    if (!value) continue;
    if (isFilterDate(value)) check.filters[key] = value;
    else check.problems[key] = dashboardText("dashboard.lists.dateIgnored");
  }
  if (check.filters.from && check.filters.to && check.filters.from > check.filters.to) {
    check.problems.to = dashboardText("dashboard.lists.dateRangeIgnored");
    delete check.filters.to;
  }
}

/** Shortest search a hand-checked filter accepts. */
const MIN_SEARCH = 3;

/** Checks the search `q`: MIN_SEARCH to MAX_FILTER_TEXT characters. */
export function checkSearch<K extends string>(check: FilterCheck<K | "q">): void {
  const q = check.values.q;
  if (!q) return;
  // Under 3 characters no trigram index can help: the search would read the whole table.
  if (q.length < MIN_SEARCH) {
    check.problems.q = dashboardText("dashboard.lists.searchIgnoredTooShort", { min: MIN_SEARCH });
  } else if (q.length <= MAX_FILTER_TEXT) check.filters.q = q;
  else {
    check.problems.q = dashboardText("dashboard.lists.searchIgnoredTooLong", {
      max: MAX_FILTER_TEXT,
    });
  }
}

/**
 * Ends a check: the echoed values cut to MAX_FILTER_TEXT. `F` is the list's filter type (the
 * check functions above only accept values of it).
 */
export function finishFilterCheck<F, K extends string>(
  check: FilterCheck<K>,
): { filters: F; values: Record<K, string>; problems: Partial<Record<K, string>> } {
  const { values } = check;
  for (const key of Object.keys(values) as K[]) {
    if (values[key].length > MAX_FILTER_TEXT) values[key] = values[key].slice(0, MAX_FILTER_TEXT);
  }
  return { filters: check.filters as F, values, problems: check.problems };
}

/** The non-empty filters among `keys`, as URL parameters (for next-page and export links). */
export function filterSearchParams<K extends string>(
  filters: Partial<Record<K, string>>,
  keys: readonly K[],
): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of keys) {
    const value = filters[key];
    if (value) params.set(key, value);
  }
  return params;
}

// ---------------------------------------------------------------------------------------------
// Links of a list page (first page, next page, CSV export with the same filters).

/**
 * Links of a schema-checked list (registrations, reviews, audit): `path?values`, its export
 * `path/export?values`, and whether this is page 1 (no `after`).
 */
export function listLinks(path: string, values: Record<string, string>, params: URLSearchParams) {
  return {
    isFirstPage: !params.get("after"),
    firstPage: withQuery(path, values),
    exportHref: withQuery(`${path}/export`, values),
  };
}

/** The next page of a schema-checked list, or null on the last page. */
export function nextPageLink(
  path: string,
  values: Record<string, string>,
  next: string | null,
): string | null {
  return next ? withQuery(path, { ...values, after: next }) : null;
}

/**
 * Links of a hand-checked list (pickups, orders) from its accepted filters as URL parameters:
 * first page and next page as "?query" (same path), the export as `exportPath?query`.
 */
export function filteredListLinks(
  exportPath: string,
  filterParams: URLSearchParams,
  params: URLSearchParams,
  nextCursor: string | null,
) {
  const query = filterParams.toString();
  return {
    isFirstPage: !params.get("after"),
    firstPage: `?${query}`,
    next: nextCursor ? `?${new URLSearchParams([...filterParams, ["after", nextCursor]])}` : null,
    exportHref: `${exportPath}${query ? `?${query}` : ""}`,
  };
}
