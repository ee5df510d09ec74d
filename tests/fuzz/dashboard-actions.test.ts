/**
 * Property-based fuzzing of the staff side (issue 6 "Bad input"): the login form, the staff
 * management form and every dashboard list and CSV export with odd query strings. No 5xx;
 * refused requests write nothing.
 */
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { useDatabaseHandle } from "~/db/db.server";
import { action as loginAction } from "~/routes/dashboard/login";
import { action as staffAction } from "~/routes/dashboard/staff";
import { resetRateLimits } from "~/utils/rate-limit.server";
import { createTestDatabase, queryRows } from "../db";
import { routeArgs, signedInStaff } from "../support/staff";

type Loader = (args: unknown) => Promise<unknown>;
const listModules = import.meta.glob<{ loader: Loader }>([
  "../../app/routes/dashboard/{pickups,orders,registrations,reviews,audit,catalogue}.tsx",
  "../../app/routes/dashboard/*-export.ts",
]);

let handle: DatabaseHandle;
let adminCookie: string;

beforeAll(async () => {
  handle = await createTestDatabase();
  useDatabaseHandle(handle);
  adminCookie = (await signedInStaff(handle.db, "admin")).cookie;
}, 120_000);
afterAll(async () => {
  await handle?.close();
});

/** The HTTP status an action/loader answered with, thrown or returned. */
async function statusOf(call: () => Promise<unknown>): Promise<number> {
  try {
    const result = await call();
    if (result instanceof Response) return result.status;
    return (result as { init?: ResponseInit } | null)?.init?.status ?? 200;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    const status = (thrown as { init?: ResponseInit } | null)?.init?.status;
    if (status) return status;
    throw thrown;
  }
}

const odd = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom(
    "",
    " ",
    "any",
    "placed",
    "requested",
    "2026-02-31",
    "2026-11-22",
    "99999-01-01",
    "0000-00-00",
    "-1",
    "1e12",
    "NaN",
    "PU-",
    "OR-ABC123",
    "+91 98450 12345",
    "%",
    "_",
    "'; drop table orders; --",
    '=HYPERLINK("x")',
    "\u0000",
    "a".repeat(5000),
  ),
);

async function staffRows() {
  const [row] = await queryRows<{ users: string; audit: number }>(
    handle.db,
    sql`select (select string_agg(email || role || banned::text, ',' order by email) from staff_user) as users,
      (select count(*)::int from audit_log) as audit`,
  );
  return row;
}

describe("dashboard fuzz", () => {
  it("list pages and CSV exports answer odd filters and cursors without a 5xx", async () => {
    const paths = Object.keys(listModules);
    expect(paths.length).toBeGreaterThanOrEqual(14);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...paths),
        fc.dictionary(
          fc.constantFrom(
            "status",
            "payment",
            "from",
            "to",
            "city",
            "pin",
            "q",
            "after",
            "entity",
            "entityId",
            "actor",
            "kind",
          ),
          odd,
          { maxKeys: 5 },
        ),
        async (path, params) => {
          const importer = listModules[path];
          if (!importer) throw new Error(`no module ${path}`);
          const module = await importer();
          const url = `http://localhost/dashboard/x?${new URLSearchParams(params)}`;
          const status = await statusOf(() =>
            module.loader(routeArgs(url, { cookie: adminCookie })),
          );
          expect(status).toBeLessThan(500);
          if (status === 200 && path.endsWith("-export.ts")) {
            const response = (await module.loader(
              routeArgs(url, { cookie: adminCookie }),
            )) as Response;
            await response.text();
          }
        },
      ),
      { numRuns: 2_000 },
    );
  }, 300_000);

  it("the login form never answers 5xx and never creates a session for a wrong password", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({ email: odd, password: odd, redirectTo: odd }, { requiredKeys: [] }),
        async (form) => {
          resetRateLimits();
          const before = await queryRows<{ n: number }>(
            handle.db,
            sql`select count(*)::int as n from staff_session`,
          );
          const status = await statusOf(() =>
            loginAction(routeArgs("http://localhost/dashboard/login", { form })),
          );
          expect([400, 401]).toContain(status);
          const after = await queryRows<{ n: number }>(
            handle.db,
            sql`select count(*)::int as n from staff_session`,
          );
          expect(after).toEqual(before);
        },
      ),
      { numRuns: 300 },
    );
  }, 300_000);

  it("the staff form refuses odd input with 4xx and changes nothing", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            intent: fc.constantFrom("create", "disable", "enable", "reset-password", "x", ""),
            userId: odd,
            name: odd,
            email: odd,
            role: fc.oneof(odd, fc.constantFrom("admin", "staff")),
            password: fc.oneof(odd, fc.constantFrom("password", "12345678", "short")),
          },
          { requiredKeys: ["intent"] },
        ),
        async (form) => {
          const before = await staffRows();
          const status = await statusOf(() =>
            staffAction(
              routeArgs("http://localhost/dashboard/staff", { form, cookie: adminCookie }),
            ),
          );
          expect(status).toBeLessThan(500);
          if (status >= 400) expect(await staffRows()).toEqual(before);
        },
      ),
      { numRuns: 1_000 },
    );
  }, 300_000);
});
