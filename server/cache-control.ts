/**
 * `Cache-Control: private, no-store` on every response that carries personal data
 * (docs/operations.md "Security"): the staff dashboard, the order and pickup tracking pages
 * with their success pages, the mailing list's confirmation and unsubscribe links, the cart,
 * checkout and payment pages, the customer's account, the grievance page (its answer carries the ticket), the tie-ups page (its answer carries the enquiry's reference) — each as a document and as React Router's single-fetch `.data` request
 * (`/dashboard.data`, `/orders/<token>.data`, `/dashboard/orders.data?_routes=…`).
 * Public catalogue pages (/, /plant, /ratelist …) keep their own caching.
 */
import type { RequestHandler } from "express";
import { routedPath } from "./routed-path";

/** The header value personal responses carry. */
export const PERSONAL_CACHE_CONTROL = "private, no-store";

/**
 * Path prefixes of personal pages. A path matches when it equals the prefix, continues with
 * `/` (a child page) or with `.` (`.data` single-fetch requests).
 */
export const PERSONAL_PATH_PREFIXES = [
  "/dashboard",
  "/orders",
  "/pickups",
  "/subscribe",
  "/unsubscribe",
  "/cart",
  "/checkout",
  "/orderpage",
  "/payment",
  "/account",
  // A filed grievance's answer repeats its ticket (docs/accounts.md).
  "/grievance",
  // An enquiry's answer repeats its reference (docs/corporate.md).
  "/corporate",
  // An organisation's monthly statement and certificates (docs/corporate.md).
  "/organisation-documents",
] as const;

/**
 * True when `pathname` (no query) is one of the personal pages, document or `.data`, in any
 * language (`/hi/cart`, `/kn/orders/…`), or the language switch (it sets a cookie); in any
 * spelling the router accepts (case, percent-escapes, dot segments: `routedPath`).
 */
export function isPersonalPath(pathname: string): boolean {
  pathname = routedPath(pathname).toLowerCase();
  if (pathname.startsWith("/language/")) return true;
  const path = /^\/(hi|kn)\//.test(pathname) ? pathname.slice(3) : pathname;
  return PERSONAL_PATH_PREFIXES.some(
    (prefix) => path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}.`),
  );
}

/**
 * Express middleware: on a personal path, the response's Cache-Control is forced to
 * PERSONAL_CACHE_CONTROL just before its headers are written (so a loader's own
 * Cache-Control cannot loosen it, and it is never sent twice).
 */
export const personalNoStore: RequestHandler = (req, res, next) => {
  if (!isPersonalPath(req.path)) return next();
  const writeHead = res.writeHead;
  res.writeHead = function (this: typeof res, ...args: Parameters<typeof writeHead>) {
    this.setHeader("Cache-Control", PERSONAL_CACHE_CONTROL);
    return writeHead.apply(this, args);
  } as typeof writeHead;
  next();
};
