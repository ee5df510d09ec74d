/**
 * LIKE / ILIKE patterns built from what a person typed. PostgreSQL's LIKE treats `%` (any run
 * of characters) and `_` (any one character) as wildcards and `\` as the escape character by
 * default; a search for "50%" or "a_b" must mean exactly that text, so all three are escaped.
 * Browser-safe and driver-free: the result is a bound parameter, never spliced into SQL.
 */

/**
 * `%text%` with the LIKE wildcards of `text` taken literally: `x LIKE containsPattern(t)` holds
 * exactly when x contains t (ILIKE: the same, ignoring case). Pinned against PostgreSQL in
 * sql-like.test.ts.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, "\\$&")}%`;
}
