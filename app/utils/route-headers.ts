/**
 * The `headers` export every route with an action or a rate-limited loader re-exports
 * (`export { headers } from "~/utils/route-headers"`): React Router sends a loader's or an
 * action's headers on a document response only through this export (reactrouter.com "HTTP
 * Headers"), so without it a 429 loses its Retry-After and a personal page its Cache-Control.
 *
 * Merges, later winning: the parent route's headers, the loader's, the action's, and a thrown
 * response's (errorHeaders). Set-Cookie is preserved by React Router itself.
 */
import type { HeadersFunction } from "react-router";

/** The headers a response of this route carries (see the module comment for the order). */
export const headers: HeadersFunction = ({
  parentHeaders,
  loaderHeaders,
  actionHeaders,
  errorHeaders,
}) => {
  const merged = new Headers(parentHeaders);
  for (const source of [loaderHeaders, actionHeaders, errorHeaders]) {
    if (!source) continue;
    for (const [name, value] of source) {
      if (name.toLowerCase() !== "set-cookie") merged.set(name, value);
    }
  }
  return merged;
};
