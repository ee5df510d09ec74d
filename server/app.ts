/**
 * The HTTP server (docs/architecture.md): Express with compression, hashed static assets,
 * security headers and CSP nonce, cross-site POST refusal, body size limit, pino JSON logs
 * with a request id, the React Router handler, and graceful shutdown.
 *
 * Vite bundles this file with the app (environments.ssr input), so it shares the database
 * module with the route loaders. `server.js` at the project root calls `startServer()` for
 * `npm start`; `npm run dev` runs this same server through Vite (server/development.ts,
 * docs/decisions/0023-one-server-in-development.md), with `options.development`.
 */
import crypto from "node:crypto";
import type http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import * as build from "virtual:react-router/server-build";
import { createRequestHandler } from "@react-router/express";
import compression, { type CompressionOptions } from "compression";
import express, { type ErrorRequestHandler } from "express";
import { pinoHttp } from "pino-http";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { startCacheInvalidationListener } from "~/db/cache-invalidation.server";
import { DataDirLockedError } from "~/db/data-dir-lock.server";
import { secureDataDir } from "~/db/data-dir-permissions.server";
import { closeDatabase, getDatabaseHandle } from "~/db/db.server";
import { nightlyBackupJob } from "~/features/backups/nightly.server";
import { getCartCount } from "~/features/cart/cart.server";
import { siteConfig } from "~/features/site/site-config";
import { prepareSetupLink, releaseSetupLinkClaim } from "~/features/staff/setup.server";
import { EnvError, env } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { recordJobRun } from "~/utils/metrics.server";
import { projectRoot } from "~/utils/project-root.server";
import {
  clientAddressContext,
  cspNonceContext,
  matchedRouteContext,
  requestIdContext,
} from "~/utils/request-context";
import { SecretFileError, sessionSecret } from "~/utils/secrets.server";
import { startBackupControl } from "./backups";
import { personalNoStore } from "./cache-control";
import { trackConnections } from "./drain";
import { languageHome } from "./language-home";
import { redactedLogUrl } from "./log-redaction";
import { refuseWritesOnLowDisk } from "./low-disk";
import { startMessageDispatcher } from "./messages";
import { createMetrics, matchedRouteOf } from "./metrics";
import { createPageStore } from "./page-cache";
import { startScheduler } from "./scheduler";
import {
  cspNonce,
  limitBodySize,
  normalizeRequestTarget,
  refuseCrossSitePosts,
  refuseUnsupportedMethods,
  requireFormContentType,
  securityHeaders,
} from "./security";

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;
const SHUTDOWN_GRACE_MS = 10_000;

/** Options of the per-response compression (its levels are explained where it is mounted). */
const compressionOptions: CompressionOptions = {
  level: 3,
  brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3 } },
};

/**
 * What `npm run dev` hands the server in place of the bundle (server/development.ts): Vite in
 * middleware mode. Everything else (headers, CSP, page store, scheduler, logs) is the same.
 */
export interface DevelopmentMode {
  /** Called once the server listens: Vite's HMR websocket takes upgrades on the same port. */
  attach(server: http.Server): void;
  /**
   * Vite's middlewares: the browser's modules, the HMR client and `public/`; mounted where
   * production serves `build/client`. Calls `next` for anything else.
   */
  middlewares: (req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void;
  /** The server build as the source is now (an edited route is evaluated again). */
  loadBuild(): Promise<ServerBuild>;
  /** Calls `listener` after a change to a source file that the server build uses. */
  onSourceChange(listener: () => void): void;
}

export interface StartOptions {
  /** Given by `npm run dev` only; `npm start` serves the bundle and `build/client`. */
  development?: DevelopmentMode;
}

export interface RunningServer {
  server: http.Server;
  /**
   * Stops accepting, lets in-flight requests finish (≤ 10 s) and answers them and any request
   * on a kept-alive connection with `Connection: close`, stops the message dispatcher
   * (finishes or releases what it claimed) and the scheduler (waits for its job), closes the
   * database.
   */
  shutdown(reason: string): Promise<void>;
}

/**
 * Parses the environment, opens (migrates, seeds) the database and listens on HOST:PORT.
 * Exits the process with status 1 and a one-line reason when the environment is invalid or
 * DATA_DIR is held by another server.
 */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const development = options.development;
  // `npm run dev` takes the build as it is at each request; `npm start` has the bundled one.
  const currentBuild = development ? development.loadBuild : (build as unknown as ServerBuild);
  let config: ReturnType<typeof env>;
  try {
    config = env();
  } catch (error) {
    if (error instanceof EnvError) failStart(error.message);
    throw error;
  }
  const log = logger();
  // Owner-only files from here on, and the session secret read now, so a bad secret file
  // stops the start with one line rather than failing every cart request later.
  try {
    secureDataDir(config.dataDir);
    sessionSecret();
  } catch (error) {
    if (error instanceof SecretFileError) failStart(error.message);
    throw error;
  }

  let database: Awaited<ReturnType<typeof getDatabaseHandle>>;
  try {
    database = await getDatabaseHandle();
  } catch (error) {
    if (error instanceof DataDirLockedError) failStart(error.message);
    log.fatal({ err: error }, "could not open the database");
    failStart(`Could not open the database: ${(error as Error).message.split("\n")[0]}`);
  }

  const app = express();
  app.disable("x-powered-by");
  if (config.TRUST_PROXY !== undefined) app.set("trust proxy", config.TRUST_PROXY);
  app.use(normalizeRequestTarget);

  // GET /metrics (docs/operations.md "Metrics"): before the access log and React Router.
  const metrics = createMetrics({ token: config.operations.metricsToken, db: database.db });
  app.use(metrics.measure, metrics.endpoint);
  app.use(
    pinoHttp({
      logger: log,
      genReqId(req, res) {
        const incoming = req.headers["x-request-id"];
        const id =
          typeof incoming === "string" && REQUEST_ID.test(incoming)
            ? incoming
            : crypto.randomUUID();
        res.setHeader("X-Request-Id", id);
        return id;
      },
      // Tracking tokens are the only secrets allowed in URLs (docs/budgets.md): logged as their
      // first 6 characters; query strings are dropped so search text and the like are not kept.
      serializers: {
        req(req) {
          return { id: req.id, method: req.method, url: redactedLogUrl(String(req.url)) };
        },
        res(res) {
          return { statusCode: res.statusCode };
        },
      },
      autoLogging: { ignore: (req) => req.url === "/healthz" },
    }),
  );
  app.use(cspNonce);
  app.use(securityHeaders(config.isProduction));
  // Public catalogue pages for visitors with an empty cart: rendered once, stored compressed
  // (server/page-cache.ts, docs/operations.md "Page store"); before compression and static
  // files, which stored pages need neither of.
  const pageStore = createPageStore({
    build: currentBuild,
    maxBytes: config.operations.pageCacheBytes,
    maxAgeSeconds: config.operations.pageCacheSeconds,
    publicUrl: config.messages.publicUrl,
    cartItemCount: (cookie) =>
      getCartCount(database.db, new Request(config.messages.publicUrl, { headers: { cookie } })),
    mode: process.env.NODE_ENV,
  });
  // An edited page is rendered again at once rather than after PAGE_CACHE_SECONDS.
  development?.onSourceChange(() => pageStore.clear());
  // A returning visitor's `/` goes to the language they chose (never for crawlers).
  app.use(languageHome);
  app.use(pageStore.middleware);
  // Per-response compression costs CPU on every rendered page: gzip level 3
  // and brotli quality 3 take a quarter and a half of the time of the defaults (6 and 4) on
  // /plant for 5–10 % more bytes.
  app.use(compression(compressionOptions));

  if (development) {
    app.use(development.middlewares);
  } else {
    const client = path.join(projectRoot(), "build", "client");
    app.use(
      "/assets",
      express.static(path.join(client, "assets"), { immutable: true, maxAge: "1y", index: false }),
    );
    app.use(express.static(client, { maxAge: "1h", index: false }));
  }

  // Personal pages (dashboard, tracking, cart, checkout, payment) and their .data requests are
  // never stored by browsers or proxies (server/cache-control.ts).
  app.use(personalNoStore);
  app.use(refuseUnsupportedMethods);
  app.use(refuseCrossSitePosts);
  // Embedded database: no writes below HEALTH_MIN_FREE_MB free (server/low-disk.ts).
  if (database.driver === "pglite") {
    app.use(
      refuseWritesOnLowDisk({
        dataDir: config.dataDir,
        minFreeBytes: config.operations.healthMinFreeBytes,
        shopPhone: siteConfig.phoneDisplay,
      }),
    );
  }
  app.use(limitBodySize());
  app.use(requireFormContentType);
  app.use(metrics.routed);

  app.use(
    createRequestHandler({
      build: currentBuild,
      getLoadContext(req, res) {
        const context = new RouterContextProvider();
        context.set(cspNonceContext, res.locals.cspNonce as string);
        context.set(requestIdContext, String(req.id));
        context.set(clientAddressContext, req.ip ?? "unknown");
        // The pattern React Router matches goes to the metrics' route label (server/metrics.ts).
        context.set(matchedRouteContext, matchedRouteOf(res));
        return context;
      },
    }),
  );

  const onError: ErrorRequestHandler = (error, req, res, _next) => {
    req.log.error({ err: error }, "unhandled error");
    if (res.headersSent) return res.end();
    res.status(500).type("text/plain").send("Something went wrong. Please try again.");
  };
  app.use(onError);

  const server = await new Promise<http.Server>((resolve, reject) => {
    const listening = app.listen(config.PORT, config.HOST, (error?: Error) => {
      if (error) reject(error);
      else resolve(listening);
    });
  });
  const connections = trackConnections(server);
  development?.attach(server);
  server.keepAliveTimeout = 5_000;
  server.requestTimeout = 30_000;
  server.headersTimeout = 10_000;
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  log.info(
    { port, host: config.HOST, database: database.driver },
    `Serving on http://${config.HOST === "0.0.0.0" ? "localhost" : config.HOST}:${port}`,
  );

  const stopMessages = startMessageDispatcher(database.db, config, log);
  // Several servers on one PostgreSQL (docs/operations.md): caches dropped on every server.
  const stopCacheInvalidation = await startCacheInvalidationListener(database.db);
  // `npm run db:backup` asks this server for a consistent backup (docs/operations.md).
  const stopBackupControl = await startBackupControl(database, config, log);
  const stopScheduler = startScheduler(database.db, config, log, {
    extraJobs: [
      nightlyBackupJob({
        handle: getDatabaseHandle,
        dataDir: config.dataDir,
        keep: config.operations.backupKeep,
        databaseUrl: config.DATABASE_URL,
      }),
    ],
    onRun: recordJobRun,
  });

  const setup = await prepareSetupLink(database.db);
  if (setup.kind === "print") {
    const host = config.HOST === "0.0.0.0" ? "localhost" : config.HOST;
    process.stdout.write(
      `No staff account exists yet. Create the first admin (one-time link): http://${host}:${port}${setup.path}\n`,
    );
  } else if (setup.kind === "elsewhere") {
    process.stdout.write(
      "No staff account exists yet. Another app server printed the setup link; restart that server for a new one, or run `npm run staff:create`.\n",
    );
  }

  let stopping: Promise<void> | undefined;
  const shutdown = (reason: string) => {
    stopping ??= (async () => {
      log.info({ reason }, "shutting down: no new connections, finishing requests");
      // Kept-alive connections get `Connection: close` on their next response (server/drain.ts).
      await connections.drain(SHUTDOWN_GRACE_MS);
      // Before the database closes: the dispatcher records the send in flight and hands the
      // rest of its batch back (docs/messages.md "Shutdown").
      await stopMessages();
      // The job in flight finishes (≤ 15 s) or is left to its lease (docs/operations.md).
      await stopScheduler();
      await stopBackupControl();
      await stopCacheInvalidation();
      await releaseSetupLinkClaim();
      await closeDatabase();
      log.info("stopped");
    })();
    return stopping;
  };
  return { server, shutdown };
}

function failStart(reason: string): never {
  process.stderr.write(`${reason}\n`);
  process.exit(1);
}
