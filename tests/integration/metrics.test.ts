/**
 * GET /metrics (docs/operations.md "Metrics"): the token rule, route patterns instead of raw
 * URLs, job runs, outbox sends and depth, and the database readings, through the Express
 * middleware of server/metrics.ts mounted on a test app whose React Router handler serves the
 * app's real route table (with stand-in modules) and the app's instrumentation.
 * tests/e2e/metrics.spec.ts checks the same endpoint on the production build.
 */
import type http from "node:http";
import { createRequestHandler } from "@react-router/express";
import { eq, sql } from "drizzle-orm";
import express from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { messages } from "~/db/schema/messages";
import routeConfig from "~/routes";
import { recordJobRun, recordMatchedRoute, recordOutboxSend } from "~/utils/metrics.server";
import { matchedRouteContext } from "~/utils/request-context";
import { createMetrics, matchedRouteOf } from "../../server/metrics";
import { fakeWhatsAppDispatcher, insertWhatsAppMessages } from "../support/factories/outbox";
import { startFakeWhatsApp } from "../support/fakes/whatsapp";
import { createTestDatabase } from "../support/processes/test-database";

const TOKEN = "metrics-test-token-0123456789";

interface ConfigEntry {
  id?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  file: string;
  children?: ConfigEntry[];
}

/** A page module: a component and nothing else (no loader, so nothing touches a database). */
const pageModule = { default: () => null };

/**
 * app/routes.ts as a server build of stand-in page modules (ids as React Router derives them),
 * with the app's instrumentation; every document answers "page", 404 under `/nope`.
 */
function buildOf(entries: ConfigEntry[]): ServerBuild {
  const routes: ServerBuild["routes"] = {
    root: { id: "root", path: "", module: pageModule },
  };
  const add = (list: ConfigEntry[], parentId: string) => {
    for (const entry of list) {
      const id = entry.id ?? entry.file.replace(/\.[jt]sx?$/, "");
      routes[id] = { id, parentId, path: entry.path, index: entry.index, module: pageModule };
      add(entry.children ?? [], id);
    }
  };
  add(entries, "root");
  return {
    entry: {
      module: {
        default: (request: Request, status: number) =>
          new Response("page", {
            status: new URL(request.url).pathname.startsWith("/nope") ? 404 : status,
          }),
        instrumentations: [recordMatchedRoute],
      },
    },
    routes,
    assets: { entry: { imports: [], module: "" }, routes: {}, url: "", version: "test" },
    publicPath: "/",
    assetsBuildDirectory: "",
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "initial", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
}

async function listen(app: express.Express): Promise<{ base: string; server: http.Server }> {
  return new Promise((resolve) => {
    const server = app.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      resolve({ base: `http://127.0.0.1:${port}`, server });
    });
  });
}

let handle: DatabaseHandle;
let base: string;
const servers: http.Server[] = [];
const build = buildOf(routeConfig as ConfigEntry[]);

/** A test app shaped like server/app.ts: metrics, static assets, then React Router. */
async function startApp(token: string | null, outboxCacheMs = 0): Promise<string> {
  const metrics = createMetrics({ token, db: handle.db, outboxCacheMs });
  const app = express();
  app.use(metrics.measure, metrics.endpoint);
  app.get("/assets/app-123.js", (_req, res) => {
    res.type("text/javascript").send("export {}");
  });
  app.use(metrics.routed);
  app.use(
    createRequestHandler({
      build,
      getLoadContext(_req, res) {
        const context = new RouterContextProvider();
        context.set(matchedRouteContext, matchedRouteOf(res));
        return context;
      },
    }),
  );
  const started = await listen(app);
  servers.push(started.server);
  return started.base;
}

async function scrape(at = base, token = TOKEN): Promise<string> {
  const response = await fetch(`${at}/metrics`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  return response.text();
}

/** The value of the one sample line starting with `series` (labels in prom-client's order). */
function sample(text: string, series: string): number | undefined {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

beforeAll(async () => {
  handle = await createTestDatabase();
  base = await startApp(TOKEN);
});

afterAll(async () => {
  await Promise.all(
    servers.map((server) => new Promise((resolve) => server.close(() => resolve(null)))),
  );
  await handle.close();
});

describe("the token", () => {
  it("answers 404 when METRICS_TOKEN is not set", async () => {
    const bare = await startApp(null);
    const response = await fetch(`${bare}/metrics`, {
      headers: { Authorization: `Bearer ${TOKEN}` },
    });
    expect(response.status).toBe(404);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.text()).not.toContain("http_requests_total");
  });

  it("answers 401 with WWW-Authenticate: Bearer to a missing or wrong token", async () => {
    const attempts: Record<string, string>[] = [
      {},
      { Authorization: "Bearer metrics-test-token-0123456780" },
      { Authorization: `Basic ${TOKEN}` },
      { Authorization: `Bearer ${TOKEN}x` },
    ];
    for (const headers of attempts) {
      const response = await fetch(`${base}/metrics`, { headers });
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toMatch(/^Bearer\b/);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(await response.text()).not.toContain("http_requests_total");
    }
  });

  it("answers 200 in the Prometheus text format, never cached, with the right token", async () => {
    const response = await fetch(`${base}/metrics`, {
      headers: { Authorization: `bearer ${TOKEN}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const text = await response.text();
    expect(text).toContain("# TYPE http_requests_total counter");
    expect(text).toContain("process_resident_memory_bytes");
    expect(text).toContain("nodejs_eventloop_lag_seconds");
  });
});

describe("requests", () => {
  it("are labelled with the route pattern, never the raw URL", async () => {
    const secret = "trk9Qm2LxV7pZa4T";
    for (const path of [
      `/orders/${secret}`,
      `/orders/${secret}`,
      `/orders/${secret}.data`,
      `/pickups/${secret}/booked?x=1`,
      "/dashboard/orders",
      "/dashboard",
      "/_.data",
      "/assets/app-123.js",
      `/nope/${secret}`,
    ]) {
      // Read in full: a request is counted once its response has ended.
      const response = await fetch(`${base}${path}`);
      await response.arrayBuffer();
      expect(response.status).toBeLessThan(500);
    }
    const text = await scrape();
    expect(text).not.toContain(secret);
    const count = (route: string, status = 200) =>
      sample(text, `http_requests_total{method="GET",route="${route}",status="${status}"}`);
    expect(count("/orders/:token")).toBe(2);
    expect(count("/orders/:token.data")).toBe(1);
    expect(count("/pickups/:token/booked")).toBe(1);
    expect(count("/dashboard/orders")).toBe(1);
    expect(count("/dashboard")).toBe(1);
    expect(count("/_.data")).toBe(1);
    expect(count("assets")).toBe(1);
    expect(count("other", 404)).toBe(1);
    expect(
      sample(
        text,
        'http_request_duration_seconds_count{method="GET",route="/orders/:token",status="200"}',
      ),
    ).toBe(2);
  });
});

describe("jobs and outbox sends", () => {
  it("shows a job run recorded with recordJobRun", async () => {
    recordJobRun("expire-pending-payments", "done", 0.25);
    recordJobRun("expire-pending-payments", "failed", 2.5);
    const text = await scrape();
    const runs = (outcome: string) =>
      sample(text, `scheduled_job_runs_total{job="expire-pending-payments",outcome="${outcome}"}`);
    expect(runs("done")).toBe(1);
    expect(runs("failed")).toBe(1);
    expect(
      sample(
        text,
        'scheduled_job_duration_seconds_sum{job="expire-pending-payments",outcome="failed"}',
      ),
    ).toBe(2.5);
  });

  it("counts the dispatcher's sends per channel and outcome", async () => {
    const before = await scrape();
    const fake = await startFakeWhatsApp();
    try {
      await insertWhatsAppMessages(handle.db, 3);
      fake.failNext(400, 1, { code: 131026, message: "undeliverable" });
      const dispatcher = fakeWhatsAppDispatcher(handle.db, fake, {
        onSend: (row, outcome) => recordOutboxSend(row.channel, outcome),
      });
      const cycle = await dispatcher.runOnce();
      const text = await scrape();
      const delta = (outcome: string) => {
        const series = `outbox_sends_total{channel="whatsapp",outcome="${outcome}"}`;
        return (sample(text, series) ?? 0) - (sample(before, series) ?? 0);
      };
      expect(delta("sent")).toBe(cycle.sent);
      expect(delta("failed") + delta("retried")).toBe(cycle.failed + cycle.retried);
      expect(cycle.sent).toBe(2);
      expect(delta("sent") + delta("failed") + delta("retried")).toBe(3);
    } finally {
      await fake.close();
      await handle.db.delete(messages);
    }
  });
});

describe("outbox depth", () => {
  it("reflects pending rows: how many, how many due, how late the oldest", async () => {
    const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
    await insertWhatsAppMessages(handle.db, 2, minutesAgo(10));
    await insertWhatsAppMessages(handle.db, 1, new Date(Date.now() + 3_600_000));
    const [sent] = await insertWhatsAppMessages(handle.db, 1, minutesAgo(20));
    await handle.db
      .update(messages)
      .set({ status: "sent" })
      .where(eq(messages.id, sent as number));

    const text = await scrape();
    expect(sample(text, 'outbox_messages{status="pending"}')).toBe(3);
    expect(sample(text, "outbox_due_messages")).toBe(2);
    const oldest = sample(text, "outbox_oldest_due_age_seconds") ?? 0;
    expect(oldest).toBeGreaterThanOrEqual(595);
    expect(oldest).toBeLessThan(700);
  });

  it("reuses one reading for the cache window, so scrapes cannot load the database", async () => {
    const cached = await startApp(TOKEN, 60_000);
    const first = sample(await scrape(cached), 'outbox_messages{status="pending"}') ?? -1;
    await insertWhatsAppMessages(handle.db, 5);
    const second = sample(await scrape(cached), 'outbox_messages{status="pending"}');
    expect(second).toBe(first);
    const fresh = await startApp(TOKEN, 0);
    expect(sample(await scrape(fresh), 'outbox_messages{status="pending"}')).toBe(first + 5);
  });
});

describe("database", () => {
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    "PGlite: records how long a query waited for the one before it",
    async () => {
      const before = await scrape();
      await Promise.all([
        handle.db.execute(sql`select pg_sleep(0.3)`),
        handle.db.execute(sql`select 1`),
      ]);
      const text = await scrape();
      const delta = (series: string) => (sample(text, series) ?? 0) - (sample(before, series) ?? 0);
      // The `select 1` waited for the sleep: at least ~0.3 s of queueing was recorded.
      expect(delta("pglite_queue_wait_seconds_sum")).toBeGreaterThanOrEqual(0.25);
      expect(delta("pglite_hold_seconds_sum")).toBeGreaterThanOrEqual(0.3);
      expect(delta('pglite_queue_wait_seconds_bucket{le="0.1"}')).toBeGreaterThanOrEqual(1);
      expect(delta("pglite_queue_wait_seconds_count")).toBeGreaterThanOrEqual(2);
      // At most the scrape's own outbox query can be waiting while the gauge is read.
      expect(sample(text, "pglite_queue_waiting")).toBeLessThanOrEqual(1);
      // PGlite's WebAssembly memory: at least its initial 128 MiB (a whole number of 64 KiB pages).
      const wasmBytes = sample(text, "pglite_wasm_memory_bytes") ?? 0;
      expect(wasmBytes).toBeGreaterThanOrEqual(128 * 1024 * 1024);
      expect(wasmBytes % 65_536).toBe(0);
      expect(text).not.toContain("db_pool_clients");
    },
  );

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    "PostgreSQL: shows the pool's clients",
    async () => {
      const text = await scrape();
      expect(sample(text, 'db_pool_clients{state="total"}')).toBeGreaterThanOrEqual(1);
      // At most the scrape's own outbox query can be waiting for a connection.
      expect(sample(text, 'db_pool_clients{state="waiting"}')).toBeLessThanOrEqual(1);
      expect(sample(text, "db_pool_max_clients")).toBe(4);
      expect(text).not.toContain("pglite_");
    },
  );
});
