/**
 * Redaction of secrets in access-log URLs (docs/operations.md "Security"; docs/budgets.md): the
 * tracking tokens of `/orders/<token>`, `/pickups/<token>`, `/subscribe/<token>` and
 * `/unsubscribe/<token>` (in any language, `/hi/orders/<token>`; and their child pages and
 * `.data` requests) keep their first 6 characters followed by '…', enough to
 * tell two requests apart without letting a log reader open the page. The query string is
 * dropped (the setup link's token travels there, and search text is not kept).
 */
import { routedPath } from "./routed-path";

/** Characters of a token kept in logs. */
export const KEPT_TOKEN_CHARACTERS = 6;

const TOKEN_PATH = /^((?:\/hi|\/kn)?\/(?:orders|pickups|subscribe|unsubscribe))\/([^/.?#]+)/i;

/**
 * The URL as it may be logged: path only, as the router reads it (`routedPath`: any case,
 * percent-escapes and dot segments, so `/x/%2e%2e/Orders/<token>` is redacted too), the token
 * segment cut to its first 6 characters and '…'. A segment of 6 characters or fewer is kept
 * (it is no real token).
 * @example redactedLogUrl("/orders/AbCdEf123456.data?_routes=x") === "/orders/AbCdEf….data"
 */
export function redactedLogUrl(url: string): string {
  const path = routedPath(url.split("?")[0] ?? "");
  return path.replace(TOKEN_PATH, (whole, kind: string, token: string) =>
    token.length > KEPT_TOKEN_CHARACTERS
      ? `${kind}/${token.slice(0, KEPT_TOKEN_CHARACTERS)}…`
      : whole,
  );
}
