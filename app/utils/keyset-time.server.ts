/**
 * Keyset pagination on (timestamptz desc, id desc) for newest-first dashboard lists (docs/dashboard.md
 * items 5, 8). The timestamp travels in the cursor as whole epoch microseconds, not as a JS
 * Date: PostgreSQL keeps microseconds, and a cursor rounded to milliseconds would skip rows.
 */
import { and, lt, lte, or, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { decodeCursor, encodeCursor } from "./keyset.server";

/** Select this as the row's sort key: exact epoch microseconds, as text. */
export function epochMicros(column: PgColumn): SQL<string> {
  return sql<string>`((extract(epoch from ${column}) * 1000000)::bigint)::text`;
}

/**
 * The condition "comes after the cursor's row" in a (timestamp desc, id desc) list, written so
 * that an index on the timestamp serves it. Undefined (page 1) for a missing or bad cursor.
 */
export function olderThanCursor(
  at: PgColumn,
  id: PgColumn,
  cursor: string | null | undefined,
): SQL | undefined {
  const key = decodeCursor<[number, number]>(cursor, ["number", "number"]);
  if (!key) return undefined;
  const [micros, lastId] = key;
  const instant = sql`(timestamptz 'epoch' + (${micros}::bigint * interval '1 microsecond'))`;
  return and(lte(at, instant), or(lt(at, instant), lt(id, lastId)));
}

/**
 * Splits `found` (queried with limit + 1) into the page and the next page's cursor (null on
 * the last page).
 */
export function pageOf<T extends { id: number; sortMicros: string }>(
  found: T[],
  limit: number,
): { rows: Omit<T, "sortMicros">[]; next: string | null } {
  const page = found.slice(0, limit);
  const last = page[page.length - 1];
  return {
    rows: page.map(({ sortMicros: _s, ...row }) => row),
    next: found.length > limit && last ? encodeCursor([Number(last.sortMicros), last.id]) : null,
  };
}
