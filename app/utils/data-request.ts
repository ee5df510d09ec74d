/**
 * Requests React Router's browser code makes (single fetch): a loader or action call for the
 * page `/cart` goes to `/cart.data` (`/_root.data` for `/`), while a plain HTML form post or a
 * link goes to the page's own URL. An action that answers a form posted without JavaScript
 * with a redirect back (`redirectTo`) can answer the same form posted by JavaScript with data
 * instead, so the form need not change once hydrated (ADR 0021).
 */

/** True when `request` came from React Router's client code, i.e. JavaScript runs. */
export function isDataRequest(request: Request): boolean {
  return new URL(request.url).pathname.endsWith(".data");
}

/** The page's path of `request`, without the `.data` of a single-fetch call: "/kn.data" → "/kn". */
export function pagePathOf(request: Request): string {
  return new URL(request.url).pathname.replace(/\.data$/, "");
}

/**
 * The address of the page `request` is for, path and query, as a person would type it: the
 * `.data` of a single-fetch call and its `_routes` parameter taken off
 * ("/dashboard/pickups.data?status=requested&_routes=…" → "/dashboard/pickups?status=requested").
 * What a redirect back to the page (after logging in) must use.
 */
export function pageAddressOf(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("_routes");
  return `${pagePathOf(request)}${url.search}`;
}
