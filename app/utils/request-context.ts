/**
 * Values the HTTP server hands to React Router for each request (docs/architecture.md): the CSP nonce
 * and the request id used in logs. Read in entry.server.tsx, loaders and actions.
 */
import { createContext } from "react-router";

/** Per-request CSP nonce (base64). Empty under `react-router dev`, which sets no CSP. */
export const cspNonceContext = createContext<string>("");

/** Request id that also appears in the JSON logs and the X-Request-Id header. */
export const requestIdContext = createContext<string>("");

/** The client's address as the HTTP server sees it (TRUST_PROXY decides), for rate limits. */
export const clientAddressContext = createContext<string>("unknown");

/**
 * Set only when the page store (server/page-cache.ts) renders a public page for a cart of this
 * many items: the root loader then shows this count instead of reading the request's cart
 * cookie (a stored render has no cookies). Null: read the cookie.
 */
export const storedCartCountContext = createContext<number | null>(null);

/** The route React Router matched for one request (filled by `recordMatchedRoute`). */
export interface MatchedRoute {
  /**
   * React Router's pattern of the matched routes, their paths joined (`orders/:token`,
   * `dashboard` for the overview, `/` for the home page, `*` for the not-found page); "" when
   * nothing matched; null until React Router has answered.
   */
  pattern: string | null;
}

/**
 * Set by the HTTP server (server/metrics.ts) for requests it hands to React Router, so the
 * `route` label of its metrics is the pattern React Router itself matched. Null: not measured.
 */
export const matchedRouteContext = createContext<MatchedRoute | null>(null);
