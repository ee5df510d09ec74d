/**
 * A same-site path to redirect to after a form post, or the fallback. Refuses absolute URLs,
 * protocol-relative `//host`, backslashes and control characters (open redirects), and any
 * character outside Latin-1 (e.g. `€`): a Location header cannot carry it, so React Router would
 * answer 500 (docs/operations.md "Security"). Percent-encoded paths are fine.
 */
export function safeRedirect(to: unknown, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//")) return fallback;
  if (/[\\\p{Cc}\u{100}-\u{10FFFF}]/u.test(to) || to.length > 2000) return fallback;
  return to;
}
