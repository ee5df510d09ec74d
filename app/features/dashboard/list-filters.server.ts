/**
 * Reading a dashboard list's filters from its URL (issue 6 items 3–5, 8, 9): the list page and
 * its CSV export parse the same query string with the same zod schema, so an export holds
 * exactly the rows the page shows. Bad filters come back as messages per field (the page shows
 * them next to the field with status 400; the export answers 400 with the first message).
 */
import type { z } from "zod";
import { firstIssuePerField } from "~/utils/form-data";

export type FilterResult<T> =
  | { ok: true; filters: T; values: Record<string, string> }
  | { ok: false; errors: Record<string, string>; values: Record<string, string> };

/**
 * Parses `keys` of `params` with `schema`. `values` echoes what was sent (NUL removed, at most
 * 200 characters each) for the filter form.
 */
export function parseFilters<S extends z.ZodType>(
  schema: S,
  params: URLSearchParams,
  keys: readonly string[],
): FilterResult<z.output<S>> {
  const values: Record<string, string> = {};
  for (const key of keys) {
    values[key] = (params.get(key) ?? "").replaceAll("\u0000", "").slice(0, 200);
  }
  const raw: Record<string, string> = {};
  for (const key of keys) raw[key] = (params.get(key) ?? "").replaceAll("\u0000", "");
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    return { ok: false, errors: firstIssuePerField(parsed.error.issues), values };
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
  const message = Object.values(errors)[0] ?? "These filters are not valid.";
  return new Response(message, {
    status: 400,
    headers: { "Content-Type": "text/plain; charset=utf-8" },
  });
}
