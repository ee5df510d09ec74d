/**
 * Staff sessions for loaders and actions (docs/dashboard.md): who is signed in, the guard every
 * dashboard route calls, login with its rate limits, and logout.
 */
import { APIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import { redirect } from "react-router";
import type { Database } from "~/db/client.server";
import { getDb } from "~/db/db.server";
import { type StaffRole, staffRoles, staffSessions } from "~/db/schema/staff";
import {
  assertRateLimitNotReached,
  consumeRateLimit,
  RateLimitedError,
} from "~/utils/rate-limit.server";
import { Refusal } from "~/utils/refusal";
import { safeRedirect } from "~/utils/safe-redirect";
import { ABSOLUTE_TIMEOUT_SECONDS, authFor, type StaffUser } from "./auth.server";
import { recordLoginEvent } from "./login-audit.server";

export const LOGIN_PATH = "/dashboard/login";
export const LOGIN_ATTEMPTS_PER_MINUTE = 10;
/** Message id of a login refused by the rate limits (429). */
export const TOO_MANY_LOGIN_ATTEMPTS = "dashboard.login.tooManyAttempts";
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
      const url = new URL(request.url);
      const back = `${url.pathname}${url.search}`;
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
 * status (401 wrong credentials, 403 disabled, 429 limited, with `retryAfterSeconds` for the
 * Retry-After header).
 */
export class LoginError extends Refusal {
  override name = "LoginError";
  constructor(
    id: string,
    status: 401 | 403 | 429,
    readonly retryAfterSeconds?: number,
  ) {
    super(id, {}, { status });
  }
}

/**
 * Runs `step` for both login limits (per client address, per account), turning a refusal into
 * LoginError 429 with its Retry-After.
 */
async function limitLogin(
  clientAddress: string,
  account: string,
  step: (action: string, key: string) => Promise<unknown>,
): Promise<void> {
  try {
    await step("login-address", clientAddress);
    await step("login-account", account);
  } catch (error) {
    if (error instanceof RateLimitedError) {
      throw new LoginError(TOO_MANY_LOGIN_ATTEMPTS, 429, error.retryAfterSeconds);
    }
    throw error;
  }
}

/**
 * Signs a staff member in: at most 10 FAILED attempts per minute per client address and per
 * account (a shop's staff and collectors often share one office address, so successful logins
 * are not counted), then checks the password (an unknown e-mail costs the same hash as a wrong
 * password and gets the same answer). A new session id is issued; any session the browser
 * carried before is ended. The login, a failed attempt and the failed attempt that locks the
 * account or address out are written to the audit log (login-audit.server.ts); an attempt
 * refused while locked out is not (a bot's loop must not flood the log).
 * @returns headers with the Set-Cookie of the new session.
 * @throws LoginError 401 wrong e-mail or password, 403 disabled account, 429 rate limited.
 */
export async function logIn(
  request: Request,
  clientAddress: string,
  email: string,
  password: string,
): Promise<Headers> {
  const account = email.trim().toLowerCase();
  const loginLimits = (step: (action: string, key: string) => Promise<unknown>) =>
    limitLogin(clientAddress, account, step);
  const assertNotLocked = () =>
    loginLimits((action, key) =>
      assertRateLimitNotReached(action, key, LOGIN_ATTEMPTS_PER_MINUTE, 60),
    );
  await assertNotLocked();
  const db = await getDb();
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
    await recordLoginEvent(
      db,
      "staff.login",
      { id: response.user.id, email: response.user.email },
      clientAddress,
    );
    return headers;
  } catch (error) {
    if (error instanceof APIError) {
      if (error.body?.code === "BANNED_USER") {
        await recordLoginEvent(db, "staff.login-failed", { email: account }, clientAddress, {
          reason: "account disabled",
        });
        throw new LoginError(ACCOUNT_DISABLED, 403);
      }
      await recordLoginEvent(db, "staff.login-failed", { email: account }, clientAddress, {
        reason: "wrong e-mail or password",
      });
      const lockedOut = (limited: LoginError) =>
        recordLoginEvent(db, "staff.lockout", { email: account }, clientAddress, {
          retryAfterSeconds: limited.retryAfterSeconds ?? null,
        });
      try {
        await loginLimits((action, key) =>
          consumeRateLimit(action, key, LOGIN_ATTEMPTS_PER_MINUTE, 60),
        );
      } catch (limited) {
        // Another attempt used up the limit meanwhile: this one is refused (429).
        if (limited instanceof LoginError) await lockedOut(limited);
        throw limited;
      }
      // This attempt used up the limit: it keeps its own answer (401); the next ones get 429.
      await assertNotLocked().catch(async (limited) => {
        if (!(limited instanceof LoginError)) throw limited;
        await lockedOut(limited);
      });
      throw new LoginError(WRONG_CREDENTIALS, 401);
    }
    throw error;
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
