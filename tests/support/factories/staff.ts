/**
 * Staff accounts and signed-in requests for dashboard tests: accounts are made with the real
 * `createStaffAccount` and sessions with the real login, so tests see real cookies. And the
 * calls of a route's loader or action with those requests, with what they answered.
 */
import { RouterContextProvider } from "react-router";
import type { Database } from "~/db/client.server";
import type { StaffRole } from "~/db/schema/staff";
import { createStaffAccount } from "~/features/staff/auth.server";
import { logIn } from "~/features/staff/session.server";
import { clientAddressContext } from "~/utils/request-context";

export const TEST_PASSWORD = "correct horse battery staple";
let counter = 0;

/** A new staff account with TEST_PASSWORD and a cookie header of a fresh session for it. */
export async function signedInStaff(db: Database, role: StaffRole) {
  counter += 1;
  const email = `${role}${counter}-${Date.now()}@staff.example`;
  const user = await createStaffAccount(db, {
    email,
    name: `${role === "admin" ? "Admin" : "Staff"} ${counter}`,
    role,
    password: TEST_PASSWORD,
  });
  const headers = await logIn(
    new Request("http://localhost/dashboard/login", { method: "POST" }),
    `198.51.100.${counter % 250}`,
    email,
    TEST_PASSWORD,
  );
  return { user, cookie: cookieHeaderFrom(headers) };
}

/** The `Cookie` request header that the browser would send back for these Set-Cookie headers. */
export function cookieHeaderFrom(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}

/** Loader/action arguments for a dashboard route, with an optional session cookie. */
export function routeArgs<T>(
  url: string,
  options: {
    cookie?: string;
    method?: string;
    /** The form's fields; as [name, value] pairs when a name repeats (ticked checkboxes). */
    form?: Record<string, string> | [string, string][];
    params?: Record<string, string>;
    address?: string;
  } = {},
): T {
  const context = new RouterContextProvider();
  context.set(clientAddressContext, options.address ?? "203.0.113.9");
  const headers = new Headers();
  if (options.cookie) headers.set("Cookie", options.cookie);
  const method = options.method ?? (options.form ? "POST" : "GET");
  const request = new Request(url, {
    method,
    headers,
    body: options.form ? new URLSearchParams(options.form) : undefined,
  });
  return { request, params: options.params ?? {}, context } as unknown as T;
}

/**
 * What a route's loader or action answered, whether it returned or threw: the status, the data
 * (of `data(…)` or a plain object; undefined for a Response) and the Location header.
 */
export async function routeAnswer<T>(
  call: () => Promise<unknown>,
): Promise<{ status: number; body: T; location: string | null }> {
  let result: unknown;
  try {
    result = await call();
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) {
    return {
      status: result.status,
      body: undefined as T,
      location: result.headers.get("Location"),
    };
  }
  if (result && typeof result === "object" && "init" in result && "data" in result) {
    const wrapped = result as { data: T; init: ResponseInit | null };
    return { status: wrapped.init?.status ?? 200, body: wrapped.data, location: null };
  }
  return { status: 200, body: result as T, location: null };
}

/** Calls a loader or action with `routeArgs(url, options)`; what it returned or threw. */
export async function callRoute(
  handler: (args: never) => Promise<unknown>,
  url: string,
  options: Parameters<typeof routeArgs>[1] = {},
): Promise<unknown> {
  try {
    return await handler(routeArgs<never>(url, options));
  } catch (thrown) {
    return thrown;
  }
}

/** The HTTP status of what a loader or action returned or threw: 200 for plain data. */
export function statusOf(result: unknown): number {
  if (result instanceof Response) return result.status;
  return (result as { init?: ResponseInit | null } | null)?.init?.status ?? 200;
}

/** The field errors of a refused form: `data({ errors }, …)`'s errors. */
export function errorsOf(result: unknown): Record<string, string> {
  return (result as { data: { errors: Record<string, string> } }).data.errors;
}

/** Status and Location of what a route answered, returned or thrown. */
export async function answerOf(call: () => Promise<unknown>) {
  try {
    const result = await call();
    if (result instanceof Response) {
      return { status: result.status, location: result.headers.get("Location"), data: null };
    }
    const shaped = result as { init?: ResponseInit; data?: unknown } | null;
    return { status: shaped?.init?.status ?? 200, location: null, data: shaped?.data ?? result };
  } catch (thrown) {
    if (thrown instanceof Response) {
      return { status: thrown.status, location: thrown.headers.get("Location"), data: null };
    }
    const shaped = thrown as { init?: ResponseInit; data?: unknown };
    if (shaped?.init?.status)
      return { status: shaped.init.status, location: null, data: shaped.data };
    throw thrown;
  }
}
