/**
 * The one row an insert or update `… returning (…)` gives back. PostgreSQL always returns the
 * written row, so an empty result is a bug, not a case to handle: it throws.
 */

/**
 * @param rows what `.returning()` answered.
 * @param write what was written, for the error, e.g. "Product insert".
 * @throws Error "`write` returned nothing" when `rows` is empty.
 */
export function returnedRow<T>(rows: readonly T[], write: string): T {
  const [row] = rows;
  if (row === undefined) throw new Error(`${write} returned nothing`);
  return row;
}
