/**
 * Keyset ("seek") pagination for dashboard lists (docs/dashboard.md): the page after a row is
 * asked for by that row's sort key, so page 1,000 costs what page 1 costs (an index range
 * scan), unlike OFFSET. The cursor travels in the URL as `after=<base64url JSON array>`.
 */

/** Rows per dashboard list page. */
export const PAGE_SIZE = 50;

/** Encodes a sort key (e.g. [createdAtIso, id]) into a URL-safe cursor. */
export function encodeCursor(key: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify(key), "utf8").toString("base64url");
}

/**
 * Decodes a cursor made by `encodeCursor` and checks its shape against `kinds`
 * (e.g. ['string', 'number']). Returns null for anything else (a tampered or stale cursor
 * simply shows the first page).
 */
export function decodeCursor<T extends (string | number)[]>(
  cursor: string | null | undefined,
  kinds: readonly ("string" | "number")[],
): T | null {
  if (!cursor || cursor.length > 500) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
    if (!Array.isArray(value) || value.length !== kinds.length) return null;
    for (let i = 0; i < kinds.length; i++) {
      const item = value[i];
      if (typeof item !== kinds[i]) return null;
      if (typeof item === "number" && !Number.isSafeInteger(item)) return null;
      if (typeof item === "string" && item.length > 100) return null;
    }
    return value as T;
  } catch {
    return null;
  }
}

/**
 * One list page from `fetch(cursor, limit)` (rows in keyset order): at most PAGE_SIZE rows and
 * the cursor of the page after them (`keyOf` the last row; null on the last page).
 */
export async function keysetPage<R, K extends (string | number)[]>(
  fetch: (cursor: K | null, limit: number) => Promise<R[]>,
  cursor: K | null,
  keyOf: (row: R) => K,
): Promise<{ page: R[]; nextCursor: string | null }> {
  const found = await fetch(cursor, PAGE_SIZE + 1);
  const page = found.slice(0, PAGE_SIZE);
  const last = page.at(-1);
  return {
    page,
    nextCursor: found.length > PAGE_SIZE && last ? encodeCursor(keyOf(last)) : null,
  };
}

/**
 * Every row `fetch(cursor, limit)` gives, read in keyset batches of `batchSize` (docs/dashboard.md
 * "Lists": a CSV export of a million rows never holds more than one batch).
 */
export async function* keysetBatches<R, K extends (string | number)[]>(
  fetch: (cursor: K | null, limit: number) => Promise<R[]>,
  keyOf: (row: R) => K,
  batchSize: number,
): AsyncGenerator<R> {
  let cursor: K | null = null;
  for (;;) {
    const batch = await fetch(cursor, batchSize);
    yield* batch;
    const last = batch.at(-1);
    if (batch.length < batchSize || !last) return;
    cursor = keyOf(last);
  }
}

/**
 * Every row of a list read page after page: `read(after)` answers one page after the cursor
 * (null: the first) and the next page's cursor (null after the last page). For the CSV exports
 * of the newest-first lists (registrations, reviews, audit log), whose pages end in a cursor.
 */
export async function* rowsOfEveryPage<R>(
  read: (after: string | null) => Promise<{ rows: R[]; next: string | null }>,
): AsyncGenerator<R> {
  let after: string | null = null;
  do {
    const page = await read(after);
    yield* page.rows;
    after = page.next;
  } while (after);
}
