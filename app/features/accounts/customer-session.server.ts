/**
 * Customer sessions (docs/accounts.md "Signing in"; ADR 0037): who is signed in at `/account`
 * and every page that shows what is held for a phone. Our own small table, not better-auth's
 * (staff keep better-auth; ADR 0037 says why):
 *
 * - the cookie holds 32 random bytes (base64url), signed with the session secret (React
 *   Router's `createCookie`, HMAC-SHA-256); the table keeps only the SHA-256 of the id;
 * - idle timeout 7 days (`last_seen_at`, moved forward at most every 5 minutes of use), absolute
 *   timeout 30 days from sign-in; an expired row is deleted when it is next presented;
 * - cookie HttpOnly, SameSite=Lax, path /, separate from the staff cookie: on HTTPS in
 *   production `__Host-customer_session` with Secure, otherwise `customer_session` (as the staff
 *   cookie, app/features/staff/auth.server.ts);
 * - sign-in issues a new id (and ends the session the browser carried); sign-out deletes the
 *   row; 'Sign out on all devices' deletes every session of the phone.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, lt } from "drizzle-orm";
import { type Cookie, createCookie, redirect } from "react-router";
import type { Database } from "~/db/client.server";
import { getDb } from "~/db/db.server";
import { customerSessions } from "~/db/schema/customer-sign-in";
import { type Lang, localePath } from "~/i18n/languages";
import { pageAddressOf } from "~/utils/data-request";
import { env } from "~/utils/env.server";
import { sessionSecret } from "~/utils/secrets.server";

/** A signed-in customer: their phone (`+91XXXXXXXXXX`) and the session's id (its hash). */
export interface Customer {
  phone: string;
  sessionId: string;
}

export const CUSTOMER_IDLE_TIMEOUT_SECONDS = 7 * 24 * 60 * 60;
export const CUSTOMER_ABSOLUTE_TIMEOUT_SECONDS = 30 * 24 * 60 * 60;
/** How often a used session's `last_seen_at` is moved forward (one write per 5 minutes). */
const TOUCH_EVERY_MS = 5 * 60 * 1000;
/** The sign-in page's path in English; `/hi/account` and `/kn/account` in the others. */
export const ACCOUNT_PATH = "/account";
const ID_FORMAT = /^[A-Za-z0-9_-]{43}$/;

const cookies: { plain?: Cookie; secure?: Cookie } = {};

/** True when the cookie must be `__Host-` + Secure: production over HTTPS (as for staff). */
function usesSecureCookie(request: Request): boolean {
  return env().isProduction && new URL(request.url).protocol === "https:";
}

function cookieFor(request: Request): Cookie {
  const secure = usesSecureCookie(request);
  const key = secure ? "secure" : "plain";
  cookies[key] ??= createCookie(secure ? "__Host-customer_session" : "customer_session", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure,
    // The cookie outlives idle periods; the database decides (idle and absolute limits).
    maxAge: CUSTOMER_ABSOLUTE_TIMEOUT_SECONDS,
    secrets: [sessionSecret()],
  });
  return cookies[key];
}

function hashOf(id: string): string {
  return createHash("sha256").update(id).digest("hex");
}

/** The session id hash the request's cookie names, or null (absent, unsigned, malformed). */
async function presentedIdHash(request: Request): Promise<string | null> {
  const header = request.headers.get("Cookie");
  if (!header?.includes("customer_session=")) return null;
  const value: unknown = await cookieFor(request).parse(header);
  return typeof value === "string" && ID_FORMAT.test(value) ? hashOf(value) : null;
}

/**
 * The signed-in customer of this request, or null (no cookie, tampered or unknown id, idle for
 * 7 days, older than 30 days). A session past either limit is deleted here.
 * @param now the request's time (timeouts are measured from it).
 */
export async function getCustomer(
  request: Request,
  db?: Database,
  now: Date = new Date(),
): Promise<Customer | null> {
  const idHash = await presentedIdHash(request);
  if (!idHash) return null;
  const database = db ?? (await getDb());
  const [row] = await database
    .select()
    .from(customerSessions)
    .where(eq(customerSessions.idHash, idHash));
  if (!row) return null;
  const idleMs = now.getTime() - row.lastSeenAt.getTime();
  const ageMs = now.getTime() - row.createdAt.getTime();
  if (
    idleMs > CUSTOMER_IDLE_TIMEOUT_SECONDS * 1000 ||
    ageMs > CUSTOMER_ABSOLUTE_TIMEOUT_SECONDS * 1000
  ) {
    await database.delete(customerSessions).where(eq(customerSessions.idHash, idHash));
    return null;
  }
  if (idleMs > TOUCH_EVERY_MS) {
    await database
      .update(customerSessions)
      .set({ lastSeenAt: now })
      .where(and(eq(customerSessions.idHash, idHash), lt(customerSessions.lastSeenAt, now)));
  }
  return { phone: row.phone, sessionId: idHash };
}

/**
 * The signed-in customer, or a redirect (thrown, 302) to the sign-in page in `lang` (`/account`,
 * `/hi/account`, `/kn/account`) that comes back to this page (`?redirectTo=`) once signed in.
 */
export async function requireCustomer(
  request: Request,
  lang: Lang,
  db?: Database,
): Promise<Customer> {
  const customer = await getCustomer(request, db);
  if (customer) return customer;
  const signIn = localePath(lang, ACCOUNT_PATH);
  const back = pageAddressOf(request);
  throw redirect(back === signIn ? signIn : `${signIn}?redirectTo=${encodeURIComponent(back)}`);
}

/**
 * Starts a session for `phone` (call only once its one-time code was accepted): a new random
 * id, any session the request carried deleted first.
 * @param phone `+91XXXXXXXXXX`.
 * @returns the Set-Cookie header value.
 */
export async function startCustomerSession(
  request: Request,
  phone: string,
  db?: Database,
  now: Date = new Date(),
): Promise<string> {
  const database = db ?? (await getDb());
  const previous = await presentedIdHash(request);
  if (previous)
    await database.delete(customerSessions).where(eq(customerSessions.idHash, previous));
  const id = randomBytes(32).toString("base64url");
  await database
    .insert(customerSessions)
    .values({ idHash: hashOf(id), phone, createdAt: now, lastSeenAt: now });
  return cookieFor(request).serialize(id);
}

/**
 * Signs out: with `everywhere`, every session of the signed-in phone is deleted, otherwise only
 * this request's. Safe without a session.
 * @returns the Set-Cookie header value that clears the cookie.
 */
export async function endCustomerSession(
  request: Request,
  options: { everywhere?: boolean } = {},
  db?: Database,
): Promise<string> {
  const database = db ?? (await getDb());
  const idHash = await presentedIdHash(request);
  if (idHash && options.everywhere) {
    const [row] = await database
      .select({ phone: customerSessions.phone })
      .from(customerSessions)
      .where(eq(customerSessions.idHash, idHash));
    if (row) await database.delete(customerSessions).where(eq(customerSessions.phone, row.phone));
  } else if (idHash) {
    await database.delete(customerSessions).where(eq(customerSessions.idHash, idHash));
  }
  return cookieFor(request).serialize("", { maxAge: 0, expires: new Date(0) });
}
