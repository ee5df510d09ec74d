/**
 * `GET /metrics` in the Prometheus text format (docs/operations.md "Metrics"), served only with
 * `Authorization: Bearer <METRICS_TOKEN>`; without METRICS_TOKEN it answers 404 and nothing is
 * measured. Registered on the registry of `~/utils/metrics.server` (job runs, outbox sends):
 *
 * - `http_requests_total` and `http_request_duration_seconds{method,route,status}`: `route` is
 *   the pattern React Router matched (`/orders/:token`, `/dashboard/orders`, `.data` appended for
 *   data requests), as its instrumentation reports it (`recordMatchedRoute` in
 *   ~/utils/metrics.server); `assets` for hashed files, `static` for other public files, `other`
 *   for unknown URLs (the not-found page) and requests refused before routing. Never the raw URL.
 * - PostgreSQL: `db_pool_clients{state="total"|"idle"|"waiting"}` and `db_pool_max_clients`.
 * - PGlite (one query at a time): `pglite_queue_wait_seconds`, the time each query, exec or
 *   transaction waits for the database before it starts; `pglite_hold_seconds`, how long it then
 *   holds it; `pglite_queue_waiting`, callers waiting now.
 * - Outbox depth at scrape time (one indexed query, cached 5 s): `outbox_messages{status="pending"}`,
 *   `outbox_due_messages`, `outbox_oldest_due_age_seconds`.
 * - prom-client's default process metrics (memory, CPU, event loop lag, GC, handles).
 *
 * The endpoint is mounted before the access log, security headers and React Router.
 */
import crypto from "node:crypto";
import compression from "compression";
import { eq, sql } from "drizzle-orm";
import express, { type RequestHandler, type Response } from "express";
import { Counter, collectDefaultMetrics, Gauge, Histogram } from "prom-client";
import type { Database } from "~/db/client.server";
import { messages } from "~/db/schema/messages";
import { logger } from "~/utils/logger.server";
import { metricsRegistry } from "~/utils/metrics.server";
import type { MatchedRoute } from "~/utils/request-context";

export interface MetricsOptions {
  /** The bearer token (env().operations.metricsToken); null: `/metrics` answers 404. */
  token: string | null;
  /** The open database: pool stats or PGlite queue time, and the outbox depth. */
  db: Database;
  /** How long one outbox-depth reading is reused, ms (default 5000). */
  outboxCacheMs?: number;
}

export interface Metrics {
  /** Times every request; mount first. */
  measure: RequestHandler;
  /** `GET /metrics` (with gzip when asked for); mount before the access log. */
  endpoint: express.Router;
  /**
   * Marks a request as handed to React Router; mount right before its handler, and give
   * `matchedRouteOf(res)` to React Router as `matchedRouteContext` (getLoadContext).
   */
  routed: RequestHandler;
}

/**
 * Where React Router's instrumentation puts the pattern it matched for this response: set by
 * `routed` (or by the page store for a page it serves), null for requests not handed to
 * React Router or when `/metrics` is off.
 */
export function matchedRouteOf(res: Response): MatchedRoute | null {
  const matched: unknown = res.locals.matchedRoute;
  return matched && typeof matched === "object" ? (matched as MatchedRoute) : null;
}

/** Marks `res` as answered by React Router for the routes matching `pattern` (see above). */
export function markRouted(res: Response, pattern: string | null = null): MatchedRoute {
  const matched: MatchedRoute = { pattern };
  res.locals.matchedRoute = matched;
  return matched;
}

const passThrough: RequestHandler = (_req, _res, next) => next();
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const OUTBOX_CACHE_MS = 5_000;

/**
 * The metrics middleware and endpoint. Without a token: `/metrics` answers 404 and the other
 * two handlers do nothing. Metrics are process-wide: a second call (tests) reuses them and points
 * the database readings at the newest `db`.
 */
export function createMetrics(options: MetricsOptions): Metrics {
  const endpoint = express.Router();
  if (!options.token) {
    endpoint.get("/metrics", (_req, res) => {
      res.set("Cache-Control", "no-store").status(404).type("text/plain").send("Not found");
    });
    return { measure: passThrough, endpoint, routed: passThrough };
  }
  const token = options.token;
  const metrics = processMetrics();
  watchDatabase(options.db, options.outboxCacheMs ?? OUTBOX_CACHE_MS);

  const measure: RequestHandler = (req, res, next) => {
    const started = process.hrtime.bigint();
    res.once("close", () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const labels = {
        method: METHODS.has(req.method) ? req.method : "other",
        route: requestRoute(req.originalUrl, res),
        status: res.writableFinished ? String(res.statusCode) : "aborted",
      };
      metrics.requests.inc(labels);
      metrics.duration.observe(labels, seconds);
    });
    next();
  };

  endpoint.get("/metrics", compression(), async (req, res) => {
    res.locals.metricsRoute = "/metrics";
    res.set({ "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" });
    if (!bearerMatches(req.headers.authorization, token)) {
      res.status(401).set("WWW-Authenticate", 'Bearer realm="metrics"');
      res.type("text/plain").send("GET /metrics needs Authorization: Bearer <METRICS_TOKEN>.");
      return;
    }
    try {
      const text = await metricsRegistry.metrics();
      res.type(metricsRegistry.contentType).send(text);
    } catch (error) {
      logger().warn({ err: error }, "could not collect metrics");
      res.status(503).type("text/plain").send("Metrics are unavailable; try again.");
    }
  });

  const routed: RequestHandler = (_req, res, next) => {
    markRouted(res);
    next();
  };
  return { measure, endpoint, routed };
}

/** Compares the Authorization header with `Bearer <token>` in constant time. */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer +(\S+) *$/i.exec(header ?? "")?.[1] ?? "";
  const digest = (text: string) => crypto.createHash("sha256").update(text).digest();
  return crypto.timingSafeEqual(digest(given), digest(token));
}

/** The `route` label of a finished request (see the module comment). */
function requestRoute(originalUrl: string, res: Response): string {
  const fixed = res.locals.metricsRoute;
  if (typeof fixed === "string") return fixed;
  let pathname: string;
  try {
    pathname = new URL(originalUrl, "http://localhost").pathname;
  } catch {
    return "other";
  }
  const matched = matchedRouteOf(res);
  if (matched) return routeLabel(matched.pattern, pathname);
  if (pathname.startsWith("/assets/")) return "assets";
  return res.statusCode < 400 ? "static" : "other";
}

/**
 * The `route` label of a request React Router answered, from the pattern it matched
 * (`orders/:token`; see `MatchedRoute`) and the request's path: the pattern with a leading
 * slash, `.data` appended for a single-fetch data request (`/_.data` for the home page);
 * `other` for no match, no answer, and the catch-all `*` (the not-found page).
 */
export function routeLabel(pattern: string | null, pathname: string): string {
  if (!pattern) return "other";
  const route = pattern.startsWith("/") ? pattern : `/${pattern}`;
  if (route === "/*") return "other";
  if (!pathname.endsWith(".data")) return route;
  return route === "/" ? "/_.data" : `${route}.data`;
}

type ProcessMetrics = ReturnType<typeof createProcessMetrics>;
let registered: ProcessMetrics | undefined;

function processMetrics(): ProcessMetrics {
  registered ??= createProcessMetrics();
  return registered;
}

function createProcessMetrics() {
  collectDefaultMetrics({ register: metricsRegistry });
  const labelNames = ["method", "route", "status"] as const;
  return {
    requests: new Counter({
      name: "http_requests_total",
      help: "HTTP requests answered, by method, route pattern and status (aborted: the client left first).",
      labelNames,
      registers: [metricsRegistry],
    }),
    duration: new Histogram({
      name: "http_request_duration_seconds",
      help: "Time from the request's arrival to the end of its response, in seconds.",
      labelNames,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [metricsRegistry],
    }),
    ...outboxMetrics(),
  };
}

// ---- Database ----------------------------------------------------------------------------

interface PoolStats {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  options: { max?: number };
}

/** PGlite's internal entry point shared by query, exec, describeQuery and transaction. */
type ExclusiveRunner = <T>(work: (...args: unknown[]) => Promise<T>) => Promise<T>;
interface PgliteInternals {
  _runExclusiveTransaction?: ExclusiveRunner;
  /** The Emscripten module: HEAPU8 views the whole WebAssembly memory. */
  Module?: { HEAPU8?: Uint8Array };
}

let watchedPool: PoolStats | undefined;
let watchedPglite: PgliteInternals | undefined;
let outboxDb: Database | undefined;
let outboxCacheMs = OUTBOX_CACHE_MS;
const instrumented = new WeakSet<object>();

let poolMetricsRegistered = false;

/** The pool gauges, registered once and only on PostgreSQL; read `watchedPool` at scrape time. */
function registerPoolMetrics(): void {
  if (poolMetricsRegistered) return;
  poolMetricsRegistered = true;
  new Gauge({
    name: "db_pool_clients",
    help: "PostgreSQL pool clients: total open, idle, and queries waiting for one.",
    labelNames: ["state"] as const,
    registers: [metricsRegistry],
    collect() {
      if (!watchedPool) return;
      this.set({ state: "total" }, watchedPool.totalCount);
      this.set({ state: "idle" }, watchedPool.idleCount);
      this.set({ state: "waiting" }, watchedPool.waitingCount);
    },
  });
  new Gauge({
    name: "db_pool_max_clients",
    help: "The PostgreSQL pool's size limit.",
    registers: [metricsRegistry],
    collect() {
      if (watchedPool?.options.max !== undefined) this.set(watchedPool.options.max);
    },
  });
}

type PgliteMetrics = ReturnType<typeof createPgliteMetrics>;
let pgliteMetrics: PgliteMetrics | undefined;

function createPgliteMetrics() {
  const buckets = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
  return {
    pgliteWait: new Histogram({
      name: "pglite_queue_wait_seconds",
      help: "Embedded database: time a query, exec or transaction waited for the one before it to finish, in seconds.",
      buckets,
      registers: [metricsRegistry],
    }),
    pgliteHold: new Histogram({
      name: "pglite_hold_seconds",
      help: "Embedded database: time a query, exec or transaction held the database once started, in seconds.",
      buckets,
      registers: [metricsRegistry],
    }),
    pgliteWaiting: new Gauge({
      name: "pglite_queue_waiting",
      help: "Embedded database: queries and transactions waiting for the database right now.",
      registers: [metricsRegistry],
    }),
    pgliteMemory: new Gauge({
      name: "pglite_wasm_memory_bytes",
      help: "Embedded database: size of PGlite's WebAssembly memory (reserved; it only grows, and only the pages PostgreSQL touched are resident).",
      registers: [metricsRegistry],
      collect() {
        const bytes = watchedPglite?.Module?.HEAPU8?.buffer.byteLength;
        if (bytes !== undefined) this.set(bytes);
      },
    }),
  };
}

/**
 * Points the database readings at `db`: the node-postgres pool's counters are read at scrape
 * time; a PGlite client gets its exclusive runner wrapped once so every query, exec and
 * transaction records its wait and hold time.
 */
function watchDatabase(db: Database, cacheMs: number): void {
  outboxDb = db;
  outboxCacheMs = cacheMs;
  outboxReading = undefined;
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!client || typeof client !== "object") return;
  if ("totalCount" in client && "waitingCount" in client) {
    watchedPool = client as PoolStats;
    registerPoolMetrics();
    return;
  }
  watchedPool = undefined;
  watchedPglite = client as PgliteInternals;
  if (!instrumented.has(client)) {
    instrumented.add(client);
    instrumentPglite(client as PgliteInternals);
  }
}

function instrumentPglite(client: PgliteInternals): void {
  const original = client._runExclusiveTransaction;
  if (typeof original !== "function") {
    logger().warn("PGlite queue time is not measured: its client has no _runExclusiveTransaction");
    return;
  }
  pgliteMetrics ??= createPgliteMetrics();
  const { pgliteWait, pgliteHold, pgliteWaiting } = pgliteMetrics;
  const wrapped: ExclusiveRunner = <T>(work: (...args: unknown[]) => Promise<T>) => {
    const queued = performance.now();
    let started = false;
    pgliteWaiting.inc();
    const running = original.call(client, async (...args: unknown[]) => {
      started = true;
      pgliteWaiting.dec();
      const begin = performance.now();
      pgliteWait.observe((begin - queued) / 1000);
      try {
        return await work(...args);
      } finally {
        pgliteHold.observe((performance.now() - begin) / 1000);
      }
    }) as Promise<T>;
    return running.finally(() => {
      if (!started) pgliteWaiting.dec();
    });
  };
  client._runExclusiveTransaction = wrapped;
}

// ---- Outbox depth ------------------------------------------------------------------------

interface OutboxDepth {
  pending: number;
  due: number;
  oldestDueSeconds: number;
}

/** The last reading: shared while in flight, then reused until `outboxCacheMs` after it ended. */
let outboxReading: { endedAt: number | null; depth: Promise<OutboxDepth | null> } | undefined;

/**
 * The pending outbox rows, those already due, and how late the oldest is, in one query over
 * the partial index `messages_due_idx` (pending rows only). Concurrent scrapes (and the three
 * gauges of one scrape) share the query in flight, and its result is reused for `outboxCacheMs`
 * after it ends, so scrapes cost at most one query at a time and one per window. Null when the
 * query failed (logged).
 */
function outboxDepth(): Promise<OutboxDepth | null> {
  const db = outboxDb;
  if (!db) return Promise.resolve(null);
  const last = outboxReading;
  if (last && (last.endedAt === null || performance.now() - last.endedAt < outboxCacheMs)) {
    return last.depth;
  }
  const reading: NonNullable<typeof outboxReading> = {
    endedAt: null,
    depth: Promise.resolve(null),
  };
  reading.depth = db
    .select({
      pending: sql<number>`count(*)::int`,
      due: sql<number>`(count(*) filter (where ${messages.sendAfter} <= now()))::int`,
      oldestDueSeconds: sql<number>`greatest(coalesce(extract(epoch from now() - min(${messages.sendAfter})), 0), 0)::float8`,
    })
    .from(messages)
    .where(eq(messages.status, "pending"))
    .then(([row]) => row ?? { pending: 0, due: 0, oldestDueSeconds: 0 })
    .catch((error: unknown) => {
      logger().warn({ err: error }, "could not read the outbox depth for /metrics");
      return null;
    })
    .finally(() => {
      reading.endedAt = performance.now();
    });
  outboxReading = reading;
  return reading.depth;
}

function outboxMetrics() {
  return {
    outboxMessages: new Gauge({
      name: "outbox_messages",
      help: "Outbox rows by status (pending only: sent, failed and skipped rows are history). NaN: the query failed.",
      labelNames: ["status"] as const,
      registers: [metricsRegistry],
      async collect() {
        const depth = await outboxDepth();
        this.set({ status: "pending" }, depth ? depth.pending : Number.NaN);
      },
    }),
    outboxDue: new Gauge({
      name: "outbox_due_messages",
      help: "Pending outbox rows whose send time has come (due but not sent yet).",
      registers: [metricsRegistry],
      async collect() {
        const depth = await outboxDepth();
        this.set(depth ? depth.due : Number.NaN);
      },
    }),
    outboxOldest: new Gauge({
      name: "outbox_oldest_due_age_seconds",
      help: "Seconds since the earliest send time among pending outbox rows (0 when none is due).",
      registers: [metricsRegistry],
      async collect() {
        const depth = await outboxDepth();
        this.set(depth ? depth.oldestDueSeconds : Number.NaN);
      },
    }),
  };
}
