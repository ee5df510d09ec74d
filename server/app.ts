/**
 * The production HTTP server (docs/architecture.md): Express with compression, hashed static assets,
 * security headers and CSP nonce, cross-site POST refusal, body size limit, pino JSON logs
 * with a request id, the React Router handler, and graceful shutdown.
 *
 * Vite bundles this file with the app (environments.ssr input), so it shares the database
 * module with the route loaders. `server.js` at the project root calls `startServer()`.
 */
import crypto from "node:crypto";
import type http from "node:http";
import path from "node:path";
import * as build from "virtual:react-router/server-build";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type ErrorRequestHandler } from "express";
import { pinoHttp } from "pino-http";
import { RouterContextProvider } from "react-router";
import { DataDirLockedError } from "~/db/data-dir-lock.server";
import { closeDatabase, getDatabaseHandle } from "~/db/db.server";
import { prepareSetupLink } from "~/features/staff/setup.server";
import { EnvError, env } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { projectRoot } from "~/utils/project-root.server";
import { clientAddressContext, cspNonceContext, requestIdContext } from "~/utils/request-context";
import { startBackupControl } from "./backups";
import { startMessageDispatcher } from "./messages";
import { cspNonce, limitBodySize, refuseCrossSitePosts, securityHeaders } from "./security";

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;
const SHUTDOWN_GRACE_MS = 10_000;

export interface RunningServer {
  server: http.Server;
  /**
   * Stops accepting, lets in-flight requests finish (≤ 10 s), stops the message dispatcher
   * (finishes or releases what it claimed), closes the database.
   */
  shutdown(reason: string): Promise<void>;
}

/**
 * Parses the environment, opens (migrates, seeds) the database and listens on HOST:PORT.
 * Exits the process with status 1 and a one-line reason when the environment is invalid or
 * DATA_DIR is held by another server.
 */
export async function startServer(): Promise<RunningServer> {
  let config: ReturnType<typeof env>;
  try {
    config = env();
  } catch (error) {
    if (error instanceof EnvError) failStart(error.message);
    throw error;
  }
  const log = logger();

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
      // Tracking tokens are the only secrets allowed in URLs (docs/budgets.md); query strings are
      // dropped from logs so search text and the like are not kept either.
      serializers: {
        req(req) {
          return { id: req.id, method: req.method, url: String(req.url).split("?")[0] };
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
  app.use(compression());

  const client = path.join(projectRoot(), "build", "client");
  app.use(
    "/assets",
    express.static(path.join(client, "assets"), { immutable: true, maxAge: "1y", index: false }),
  );
  app.use(express.static(client, { maxAge: "1h", index: false }));

  // Staff pages hold customers' personal data: never stored by browsers or proxies.
  app.use("/dashboard", (_req, res, next) => {
    res.set("Cache-Control", "no-store");
    next();
  });
  app.use(refuseCrossSitePosts);
  app.use(limitBodySize());

  app.use(
    createRequestHandler({
      build,
      getLoadContext(req, res) {
        const context = new RouterContextProvider();
        context.set(cspNonceContext, res.locals.cspNonce as string);
        context.set(requestIdContext, String(req.id));
        context.set(clientAddressContext, req.ip ?? "unknown");
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
  const stopBackupControl = await startBackupControl(database, config, log);

  const setupPath = await prepareSetupLink(database.db);
  if (setupPath) {
    const host = config.HOST === "0.0.0.0" ? "localhost" : config.HOST;
    process.stdout.write(
      `No staff account exists yet. Create the first admin (one-time link): http://${host}:${port}${setupPath}\n`,
    );
  }

  let stopping: Promise<void> | undefined;
  const shutdown = (reason: string) => {
    stopping ??= (async () => {
      log.info({ reason }, "shutting down: no new connections, finishing requests");
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const timer = setTimeout(() => server.closeAllConnections(), SHUTDOWN_GRACE_MS);
      await closed;
      clearTimeout(timer);
      // Before the database closes: the dispatcher records the send in flight and hands the
      // rest of its batch back (docs/messages.md "Shutdown").
      await stopMessages();
      await stopBackupControl();
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
