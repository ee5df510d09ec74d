/**
 * Walks the route table (docs/dashboard.md): every dashboard route's loader and
 * action refuses an anonymous visitor, every admin section refuses a staff-role member, and a
 * collector gets 403 everywhere but the frame, the overview (sent on to the route sheet) and
 * the route sheet (docs/exchange.md).
 * A route added to app/routes.ts under /dashboard is covered without editing this file.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { useDatabaseHandle } from "~/db/db.server";
import routes from "~/routes";
import { routeArgs, signedInStaff } from "../support/factories/staff";
import { createTestDatabase } from "../support/processes/test-database";

type RouteModule = {
  loader?: (args: unknown) => Promise<unknown>;
  action?: (args: unknown) => Promise<unknown>;
};
interface FlatRoute {
  path: string;
  file: string;
}

const modules = import.meta.glob<RouteModule>("../../app/routes/dashboard/*.{ts,tsx}");

function flatten(
  entries: readonly { path?: string; file: string; index?: boolean; children?: unknown[] }[],
  prefix = "",
): FlatRoute[] {
  const out: FlatRoute[] = [];
  for (const entry of entries) {
    const path = entry.path ? `${prefix}/${entry.path}` : prefix;
    out.push({ path: path || "/", file: entry.file });
    if (entry.children) out.push(...flatten(entry.children as typeof entries, path));
  }
  return out;
}

const publicEntrances = new Set(["/dashboard/login", "/dashboard/logout", "/dashboard/setup"]);
const dashboardRoutes = flatten(routes).filter(
  (r) => r.path.startsWith("/dashboard") && !publicEntrances.has(r.path),
);
const adminOnly = (path: string) =>
  /^\/dashboard\/(catalogue|rates|delivery|closed-days|settings|bills|staff|newsletter)(\/|$)/.test(
    path,
  );

function urlFor(path: string) {
  return `http://localhost${path.replace(/:id\b/, "1")}`;
}

async function load(file: string): Promise<RouteModule> {
  const importer = modules[`../../app/${file}`];
  if (!importer) throw new Error(`route file ${file} not found by the test's glob`);
  return importer();
}

/** The HTTP status a loader/action answered with, whether it returned or threw. */
async function statusOf(
  call: () => Promise<unknown>,
): Promise<{ status: number; location?: string }> {
  try {
    const result = await call();
    if (result instanceof Response) {
      return { status: result.status, location: result.headers.get("Location") ?? undefined };
    }
    const init = (result as { init?: ResponseInit } | null)?.init;
    return { status: init?.status ?? 200 };
  } catch (thrown) {
    if (thrown instanceof Response) {
      return { status: thrown.status, location: thrown.headers.get("Location") ?? undefined };
    }
    const init = (thrown as { init?: ResponseInit } | null)?.init;
    if (init?.status) return { status: init.status };
    throw thrown;
  }
}

/** The route's loader and action (whichever it has) answer 403 to the session in `cookie`. */
async function expectForbidden(file: string, path: string, cookie: string): Promise<void> {
  const module = await load(file);
  if (module.loader) {
    const loader = module.loader;
    const result = await statusOf(() =>
      loader(routeArgs(urlFor(path), { cookie, params: { id: "1" } })),
    );
    expect(result.status).toBe(403);
  }
  if (module.action) {
    const action = module.action;
    const result = await statusOf(() =>
      action(routeArgs(urlFor(path), { cookie, form: { intent: "x" }, params: { id: "1" } })),
    );
    expect(result.status).toBe(403);
  }
}

let handle: DatabaseHandle;
let staffCookie: string;
let adminCookie: string;
let collectorCookie: string;

beforeAll(async () => {
  handle = await createTestDatabase();
  useDatabaseHandle(handle);
  staffCookie = (await signedInStaff(handle.db, "staff")).cookie;
  adminCookie = (await signedInStaff(handle.db, "admin")).cookie;
  collectorCookie = (await signedInStaff(handle.db, "collector")).cookie;
});
afterAll(async () => {
  await handle?.close();
});

describe("the route table", () => {
  it("has the dashboard sections", () => {
    expect(dashboardRoutes.length).toBeGreaterThanOrEqual(20);
    expect(dashboardRoutes.map((r) => r.path)).toContain("/dashboard/staff");
    expect(dashboardRoutes.map((r) => r.path)).toContain("/dashboard/route");
    expect(dashboardRoutes.map((r) => r.path)).toContain("/dashboard/pickups/export");
  });
});

describe.each(dashboardRoutes)("$path", ({ path, file }) => {
  it("sends an anonymous visitor to the login page, and refuses its POST with 401", async () => {
    const module = await load(file);
    expect(
      module.loader ?? module.action,
      "a dashboard route must have a loader or action",
    ).toBeDefined();
    if (module.loader) {
      const loader = module.loader;
      const result = await statusOf(() => loader(routeArgs(urlFor(path), { params: { id: "1" } })));
      expect(result.status).toBe(302);
      expect(result.location).toMatch(/^\/dashboard\/login\?redirectTo=/);
    }
    if (module.action) {
      const action = module.action;
      const result = await statusOf(() =>
        action(routeArgs(urlFor(path), { form: { intent: "x" }, params: { id: "1" } })),
      );
      expect(result.status).toBe(401);
    }
  });

  it("refuses a tampered session cookie like an anonymous one", async () => {
    const module = await load(file);
    if (!module.loader) return;
    const loader = module.loader;
    const tampered = `${staffCookie.slice(0, -3)}xyz`;
    const result = await statusOf(() =>
      loader(routeArgs(urlFor(path), { cookie: tampered, params: { id: "1" } })),
    );
    expect(result.status).toBe(302);
  });

  if (adminOnly(path)) {
    it("refuses a staff-role member with 403 (admin section)", async () => {
      await expectForbidden(file, path, staffCookie);
    });
  }

  if (path === "/dashboard/route/:id" || path === "/dashboard/route/:id/handover") {
    // The weigh sheet and its handover code: a collector's own pages, with their own tests.
  } else if (file.endsWith("/layout.tsx") || path === "/dashboard/route") {
    it("lets a collector in (the frame, the route sheet)", async () => {
      const module = await load(file);
      const loader = module.loader;
      if (!loader) throw new Error(`${file} has no loader`);
      const result = await statusOf(() =>
        loader(routeArgs(urlFor(path), { cookie: collectorCookie, params: { id: "1" } })),
      );
      expect(result.status).toBe(200);
    });
  } else if (file.endsWith("/overview.tsx")) {
    it("sends a collector on to the route sheet", async () => {
      const module = await load(file);
      const loader = module.loader;
      if (!loader) throw new Error(`${file} has no loader`);
      const result = await statusOf(() =>
        loader(routeArgs(urlFor(path), { cookie: collectorCookie })),
      );
      expect(result).toEqual({ status: 302, location: "/dashboard/route" });
    });
  } else {
    it("refuses a collector with 403", async () => {
      await expectForbidden(file, path, collectorCookie);
    });
  }

  it("lets the right role in", async () => {
    const module = await load(file);
    if (!module.loader) return;
    const loader = module.loader;
    const cookie = adminOnly(path) ? adminCookie : staffCookie;
    const result = await statusOf(() =>
      loader(routeArgs(urlFor(path), { cookie, params: { id: "1" } })),
    );
    expect([401, 403]).not.toContain(result.status);
    expect(result.status === 302 && result.location?.startsWith("/dashboard/login")).toBe(false);
  });
});

describe("a session that ended during a client-side navigation", () => {
  it("comes back to the page after logging in, not to its single-fetch .data address", async () => {
    const module = await load("routes/dashboard/pickups.tsx");
    const loader = module.loader;
    if (!loader) throw new Error("the pickups list has no loader");
    const result = await statusOf(() =>
      loader(
        routeArgs(
          "http://localhost/dashboard/pickups.data?status=requested&_routes=routes%2Fdashboard%2Fpickups",
        ),
      ),
    );
    expect(result).toEqual({
      status: 302,
      location: `/dashboard/login?redirectTo=${encodeURIComponent("/dashboard/pickups?status=requested")}`,
    });
  });
});
