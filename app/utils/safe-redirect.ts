/**
 * A same-site path to redirect to after a form post, or the fallback. Refuses absolute URLs,
 * protocol-relative `//host`, backslashes and control characters (open redirects).
 */
export function safeRedirect(to: unknown, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//")) return fallback;
  if (/[\\\p{Cc}]/u.test(to) || to.length > 2000) return fallback;
  return to;
}
