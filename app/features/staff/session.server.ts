/**
 * Staff sessions for loaders and actions (docs/dashboard.md): who is signed in, the guard every
 * dashboard route calls, login with its growing waits after failures, and logout.
 */
import { APIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import { redirect } from "react-router";
import type { Database } from "~/db/client.server";
import { getDb } from "~/db/db.server";
import { type StaffRole, staffRoles, staffSessions, staffUsers } from "~/db/schema/staff";
import { pageAddressOf } from "~/utils/data-request";
import { normaliseIndianMobile } from "~/utils/phone";
import { Refusal } from "~/utils/refusal";
import { safeRedirect } from "~/utils/safe-redirect";
import { ABSOLUTE_TIMEOUT_SECONDS, authFor, type StaffUser } from "./auth.server";
import { recordLoginEvent } from "./login-audit.server";
import {
  clearAccountFailures,
  loginThrottleKeys,
  loginWaitLeft,
  recordLoginFailure,
} from "./login-throttle.server";
import { NO_EMAIL_DOMAIN } from "./sign-in-name";

export const LOGIN_PATH = "/dashboard/login";
/** Message ids of a login refused while its account or address must wait (429, `{seconds}`). */
export const LOGIN_WAIT = { one: "dashboard.login.waitOne", many: "dashboard.login.waitMany" };
/** Message id of a wrong e-mail or password, the same for both (401). */
export const WRONG_CREDENTIALS = "dashboard.login.wrongCredentials";
/** Message id of a login to a disabled account (403). */
export const ACCOUNT_DISABLED = "dashboard.login.accountDisabled";

/**
 * The signed-in staff member for this request, or null (no cookie, tampered or unknown token,
 * idle for 8 hours, older than 7 days, disabled account). A session past the absolute limit is
 * deleted here.
 */
export async function getStaffUser(
  request: Request,
  db?: Database,
): Promise<(StaffUser & { sessionId: string }) | null> {
  const database = db ?? (await getDb());
  const auth = await authFor(request, database);
  const found = await auth.api.getSession({ headers: request.headers }).catch((error) => {
    if (error instanceof APIError) return null;
    throw error;
  });
  if (!found) return null;
  const ageSeconds = (Date.now() - new Date(found.session.createdAt).getTime()) / 1000;
  if (ageSeconds > ABSOLUTE_TIMEOUT_SECONDS) {
    await database.delete(staffSessions).where(eq(staffSessions.id, found.session.id));
    return null;
  }
  const role = found.user.role;
  if (found.user.banned || !staffRoles.includes(role as StaffRole)) return null;
  return {
    id: found.user.id,
    name: found.user.name,
    email: found.user.email,
    role: role as StaffRole,
    sessionId: found.session.id,
  };
}

/**
 * Who may open a dashboard page (docs/dashboard.md "Roles"): `office` (the default) is admins and
 * staff; `admin` admins only; `route` every role, collectors included (the route sheet and the
 * pickups assigned to them; docs/exchange.md).
 */
export type DashboardAccess = "office" | "admin" | "route";

/**
 * Guard for every dashboard loader and action (docs/dashboard.md, "Roles").
 * - anonymous GET/HEAD: throws a redirect to the login page that comes back to this URL;
 * - anonymous POST (expired or tampered session): throws 401;
 * - signed in without the access asked for: throws 403 (a collector on an office page, staff on
 *   an admin page).
 * @returns the staff member.
 */
export async function requireStaff(
  request: Request,
  access: DashboardAccess = "office",
): Promise<StaffUser> {
  const user = await getStaffUser(request);
  if (!user) {
    if (request.method === "GET" || request.method === "HEAD") {
      // The page's own address, never its single-fetch `.data` one (app/utils/data-request.ts).
      const back = pageAddressOf(request);
      throw redirect(`${LOGIN_PATH}?redirectTo=${encodeURIComponent(back)}`);
    }
    throw new Response("Your session has ended. Please log in again.", {
      status: 401,
      statusText: "Unauthorized",
    });
  }
  if (access === "admin" && user.role !== "admin") {
    throw new Response("Only an admin can do this.", { status: 403, statusText: "Forbidden" });
  }
  if (access === "office" && user.role === "collector") {
    throw new Response("A collector sees only the route sheet and their pickups.", {
      status: 403,
      statusText: "Forbidden",
    });
  }
  return user;
}

/**
 * Refused login: a refusal (ADR 0024) with a `dashboard.login.*` id for the form and the HTTP
 * status (401 wrong credentials, 403 disabled, 429 while the account or address must wait,
 * with `retryAfterSeconds` for the Retry-After header and the message's `{seconds}`).
 */
export class LoginError extends Refusal {
  override name = "LoginError";
  constructor(
    id: string,
    status: 401 | 403 | 429,
    readonly retryAfterSeconds?: number,
  ) {
    super(id, retryAfterSeconds === undefined ? {} : { seconds: retryAfterSeconds }, { status });
  }
}

/**
 * The account a login names (ADR 0032): `account`, the e-mail better-auth checks the password
 * of and the key its failures are counted under; `shown`, what the audit log calls the attempt.
 * - text with `@`: that e-mail, lower-case;
 * - an Indian mobile number (app/utils/phone.ts, any accepted spelling): the e-mail of the one
 *   account with that phone; when none or several have it, a stand-in under `.invalid` that no
 *   account has, so the attempt costs the same hash and gets the same answer as an unknown
 *   e-mail, and is counted per number;
 * - anything else: as typed, lower-case (refused as an unknown e-mail).
 */
export async function loginAccountOf(
  db: Database,
  typed: string,
): Promise<{ account: string; shown: string }> {
  const name = typed.trim().toLowerCase();
  const phone = name.includes("@") ? null : normaliseIndianMobile(name);
  if (!phone) return { account: name, shown: name };
  const owners = await db
    .select({ email: staffUsers.email })
    .from(staffUsers)
    .where(eq(staffUsers.phone, phone))
    .limit(2);
  const [owner] = owners;
  if (owners.length === 1 && owner) return { account: owner.email, shown: owner.email };
  return { account: `unknown-${phone.slice(1)}@${NO_EMAIL_DOMAIN}`, shown: phone };
}

/**
 * Signs a staff member in with an e-mail or a phone (`loginAccountOf`). Failed attempts make later ones wait, per account and per client
 * address (login-throttle.server.ts: 5 and 20 failures free, then 1 s doubling to 5 min); an
 * attempt made while it must wait is refused with 429 before the password is checked and is not
 * counted, and the right password is accepted once the wait is over, so nobody can lock an
 * account's owner out. A successful login forgets the account's failures (not the address's:
 * successes are not counted either, since a shop's staff share an office address). An unknown
 * e-mail costs the same hash as a wrong password and gets the same answer. A new session id is
 * issued; any session the browser carried before is ended. The login, each failed attempt (with
 * the wait it imposes) and the failure after which a key starts waiting
 * (`staff.login-throttled`) are written to the audit log (login-audit.server.ts); an attempt
 * refused during a wait is not (a bot's loop must not flood the log).
 * @param now the attempt's time (waits are measured from it).
 * @returns headers with the Set-Cookie of the new session.
 * @param emailOrPhone what the login form's 'Email or phone' holds.
 * @throws LoginError 401 wrong e-mail, phone or password, 403 disabled account, 429 wait first.
 */
export async function logIn(
  request: Request,
  clientAddress: string,
  emailOrPhone: string,
  password: string,
  now: Date = new Date(),
): Promise<Headers> {
  const db = await getDb();
  const { account, shown } = await loginAccountOf(db, emailOrPhone);
  const throttleKeys = loginThrottleKeys(clientAddress, account);
  const waitLeft = await loginWaitLeft(db, throttleKeys, now);
  if (waitLeft > 0) {
    throw new LoginError(waitLeft === 1 ? LOGIN_WAIT.one : LOGIN_WAIT.many, 429, waitLeft);
  }
  const auth = await authFor(request, db);
  const previous = await getStaffUser(request, db);
  try {
    const { headers, response } = await auth.api.signInEmail({
      body: { email: account, password, rememberMe: true },
      headers: request.headers,
      returnHeaders: true,
    });
    if (previous) {
      await db.delete(staffSessions).where(eq(staffSessions.id, previous.sessionId));
    }
    await clearAccountFailures(db, account);
    await recordLoginEvent(
      db,
      "staff.login",
      { id: response.user.id, email: response.user.email },
      clientAddress,
    );
    return headers;
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    if (error.body?.code === "BANNED_USER") {
      await recordLoginEvent(db, "staff.login-failed", { email: shown }, clientAddress, {
        reason: "account disabled",
      });
      throw new LoginError(ACCOUNT_DISABLED, 403);
    }
    const { waitSeconds, waitsBegan } = await recordLoginFailure(db, throttleKeys, now);
    await recordLoginEvent(db, "staff.login-failed", { email: shown }, clientAddress, {
      reason: "wrong e-mail or password",
      ...(waitSeconds > 0 ? { waitSeconds } : {}),
    });
    if (waitsBegan) {
      await recordLoginEvent(db, "staff.login-throttled", { email: shown }, clientAddress, {
        waitSeconds,
      });
    }
    throw new LoginError(WRONG_CREDENTIALS, 401);
  }
}

/**
 * Ends the session on the server (the row is deleted) and returns headers that clear the
 * cookie. Safe to call without a session. A signed-in staff member's logout is written to the
 * audit log with `clientAddress`.
 */
export async function logOut(request: Request, clientAddress = "unknown"): Promise<Headers> {
  const db = await getDb();
  const auth = await authFor(request, db);
  const user = await getStaffUser(request, db);
  try {
    const { headers } = await auth.api.signOut({ headers: request.headers, returnHeaders: true });
    if (user) {
      await recordLoginEvent(db, "staff.logout", { id: user.id, email: user.email }, clientAddress);
    }
    return headers;
  } catch (error) {
    if (error instanceof APIError) return new Headers();
    throw error;
  }
}

/** Where to go after login: a dashboard path from `redirectTo`, or the overview. */
export function afterLoginPath(redirectTo: unknown): string {
  const target = safeRedirect(redirectTo, "/dashboard");
  return target.startsWith("/dashboard") && !target.startsWith(LOGIN_PATH) ? target : "/dashboard";
}
