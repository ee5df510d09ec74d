/**
 * The database connection (docs/architecture.md "Data"): one SQL dialect, PostgreSQL, through Drizzle.
 *
 * - No DATABASE_URL: embedded PGlite in `<DATA_DIR>/pgdata`, locked for this process
 *   (see data-dir-lock.server.ts). Single connection, fsync off.
 * - DATABASE_URL=postgres://…: a node-postgres pool against a real server.
 *
 * Migrations in drizzle/ are applied on open; on PostgreSQL under an advisory lock so several
 * app servers starting together apply them once. Then the catalogue seed runs (idempotent).
 */
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { logger } from "~/utils/logger.server";
import { projectRoot } from "~/utils/project-root.server";
import { acquireDataDirLock } from "./data-dir-lock.server";
import { restrictToOwner } from "./data-dir-permissions.server";
import * as audit from "./schema/audit";
import * as billing from "./schema/billing";
import * as catalogue from "./schema/catalogue";
import * as claimTables from "./schema/claims";
import * as community from "./schema/community";
import * as customerProfile from "./schema/customer-profile";
import * as delivery from "./schema/delivery";
import * as operations from "./schema/operations";
import * as pickups from "./schema/pickups";
import * as rates from "./schema/rates";
import * as shop from "./schema/shop";
import * as staff from "./schema/staff";

export const schema = {
  ...catalogue,
  ...rates,
  ...shop,
  ...pickups,
  ...community,
  ...audit,
  ...staff,
  ...operations,
  ...customerProfile,
  ...delivery,
  ...billing,
  ...claimTables,
};

/** A Drizzle database on either driver; transactions behave the same on both. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  driver: "pglite" | "postgres";
  /** The embedded database itself (PGlite only): backups dump it (app/features/backups). */
  embedded?: PGlite;
  /** Runs `select 1`; rejects when the database does not answer. */
  ping(): Promise<void>;
  /** Closes the pool or the embedded database and releases the data directory lock. */
  close(): Promise<void>;
}

export type OpenOptions =
  | {
      databaseUrl: string;
      poolSize?: number;
      /**
       * How long to keep retrying, with backoff, while PostgreSQL refuses or drops connections
       * (DATABASE_CONNECT_TIMEOUT_SECONDS); 0 or unset: one attempt.
       */
      connectTimeoutSeconds?: number;
    }
  | { dataDir: string }
  | {
      memory: true;
      /**
       * A data directory to start from (a tarball from PGlite's `dumpDataDir("none")` of an
       * already migrated database): skips initdb and the migrations already applied. The tests
       * start every in-memory database from one such template (tests/support/processes/test-database.ts).
       */
      loadDataDir?: Blob;
    };

const MIGRATIONS_LOCK_KEY = 727_274_001;

/**
 * PostgreSQL settings the embedded database runs with, as `name=value` strings passed with `-c` on
 * PGlite's command line (they win over `pgdata/postgresql.conf`, which initdb wrote and which is
 * left alone). See docs/operations.md "Memory" and docs/decisions/0019-embedded-postgres-memory.md:
 *
 * - `shared_buffers=16MB` (initdb's default is 128MB): the buffer pool lives in PGlite's
 *   WebAssembly memory, which never shrinks, and PGlite touches all of it at start, so 128MB
 *   cost ~150 MB resident from the first second. 16MB holds the hot catalogue and cart tables
 *   many times over; pages beyond it come from the operating system's file cache
 *   (the data directory is a real directory), which the kernel can give back under pressure.
 *   Resident WebAssembly memory falls from ~151 MB to ~29 MB.
 *
 * `work_mem` (4MB), `temp_buffers` (8MB) and `maintenance_work_mem` (64MB) keep PostgreSQL's
 * defaults: they are per-operation ceilings, allocated only when a sort, temporary table or
 * index build needs them, and the shop's queries need far less.
 */
export const EMBEDDED_POSTGRES_SETTINGS: readonly string[] = ["shared_buffers=16MB"];

/**
 * The options every embedded database of this app is opened with (the server, backups,
 * restore checks): the pg_trgm extension and PGlite's default start parameters plus
 * EMBEDDED_POSTGRES_SETTINGS. Spread into `PGlite.create({ dataDir, ...embeddedPgliteOptions() })`.
 */
export function embeddedPgliteOptions(): {
  extensions: { pg_trgm: typeof pg_trgm };
  startParams: string[];
} {
  return {
    extensions: { pg_trgm },
    startParams: [
      ...PGlite.defaultStartParams,
      ...EMBEDDED_POSTGRES_SETTINGS.flatMap((setting) => ["-c", setting]),
    ],
  };
}

const postgresPools = new WeakMap<Database, pg.Pool>();

/**
 * The node-postgres pool behind `db` when it runs on PostgreSQL (DATABASE_URL), else undefined
 * (PGlite). For the few modules that need the driver itself: rate-limiter-flexible's
 * PostgreSQL store, and dedicated connections (LISTEN, session advisory locks) opened with
 * `pool.options`. Queries go through Drizzle, not through this pool.
 */
export function postgresPoolOf(db: Database): pg.Pool | undefined {
  return postgresPools.get(db);
}

function migrationsFolder(): string {
  return path.join(projectRoot(), "drizzle");
}

/** PostgreSQL could not be reached within the connect timeout. Message is one line. */
export class DatabaseUnreachableError extends Error {
  override name = "DatabaseUnreachableError";
}

/** errno codes and SQLSTATEs that a PostgreSQL starting, restarting or failing over gives. */
const TRANSIENT_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
  "ENOTFOUND",
  "EPIPE",
  "57P03", // cannot_connect_now: starting up or shutting down
  "53300", // too_many_connections
]);

function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === "string" ? code : undefined;
}

/**
 * Whether `error` (or an error it wraps as `cause`, as Drizzle's query errors do) says the
 * database went away or is not accepting work right now: a connection refused, dropped or
 * terminated (SQLSTATE class 08, 57P01 admin_shutdown on a restart or `pg_terminate_backend`,
 * 57P02 crash_shutdown, 57P03, 53300). A request that fails so is answered 503 with Retry-After
 * (app/entry.server.tsx), not 500: trying again in a moment works.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const code = errorCode(current);
    if (code === "57P01" || code === "57P02" || isTransient(current)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

function isTransient(error: unknown): boolean {
  const code = errorCode(error);
  if (code) return TRANSIENT_CODES.has(code) || code.startsWith("08");
  // node-postgres gives these without a code when the server drops the connection ("not
  // queryable": a later statement on that client, e.g. the ROLLBACK Drizzle sends after the
  // failed one).
  return /Connection terminated|connection timeout|timeout expired|not queryable/i.test(
    String((error as Error)?.message),
  );
}

/**
 * `pool.connect()`, retried while PostgreSQL is unreachable (backoff 0.25 s doubling to 5 s, one
 * warning line per retry) until `timeoutSeconds` have passed.
 * @throws DatabaseUnreachableError after the timeout; other errors (wrong password, no such
 *   database) at once.
 */
async function connectWithRetry(
  pool: pg.Pool,
  databaseUrl: string,
  timeoutSeconds: number,
): Promise<pg.PoolClient> {
  const started = Date.now();
  const deadline = started + timeoutSeconds * 1000;
  let delay = 250;
  for (let attempt = 1; ; attempt++) {
    try {
      return await pool.connect();
    } catch (error) {
      if (!isTransient(error)) throw error;
      const code = errorCode(error) ?? String((error as Error).message).split("\n")[0];
      const left = deadline - Date.now();
      if (left <= 0) {
        const { hostname, port } = new URL(databaseUrl);
        throw new DatabaseUnreachableError(
          `PostgreSQL at ${hostname}:${port || 5432} did not accept a connection within ${Math.round((Date.now() - started) / 1000)} s (${code}); start it or check DATABASE_URL, or raise DATABASE_CONNECT_TIMEOUT_SECONDS`,
        );
      }
      const wait = Math.min(delay, left);
      logger().warn(
        { attempt, retryInMs: wait, code },
        `PostgreSQL is not reachable (${code}); retrying in ${(wait / 1000).toFixed(1)} s`,
      );
      await new Promise((resolve) => setTimeout(resolve, wait));
      delay = Math.min(delay * 2, 5_000);
    }
  }
}

/**
 * Opens and migrates a database.
 * @throws DataDirLockedError when DATA_DIR is locked by another process; DatabaseUnreachableError
 *   when PostgreSQL does not accept a connection within `connectTimeoutSeconds`; driver errors
 *   otherwise.
 */
export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if ("databaseUrl" in options) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      idleTimeoutMillis: 30_000,
    });
    // A connection the server ends (restart, failover, `pg_terminate_backend`) emits 'error'.
    // pg-pool listens only while the client is idle (it then drops it and re-emits on the pool)
    // and not while a request holds it, e.g. between a transaction's statements, where an
    // unhandled 'error' would stop the process. So every client gets a listener of its own for
    // its whole life: the statement in flight fails with the error (the request answers 503,
    // app/entry.server.tsx) and the pool drops the client when it is released.
    pool.on("connect", (client) => {
      client.on("error", (error) => {
        logger().warn({ err: error }, "PostgreSQL closed a connection");
      });
    });
    pool.on("error", () => {
      // Idle client: already logged by its own listener above; the pool has dropped it.
    });
    const db = drizzleNodePg({ client: pool, schema });
    postgresPools.set(db, pool);
    let client: pg.PoolClient;
    try {
      client = await connectWithRetry(
        pool,
        options.databaseUrl,
        options.connectTimeoutSeconds ?? 0,
      );
    } catch (error) {
      await pool.end().catch(() => {});
      throw error;
    }
    try {
      await client.query("select pg_advisory_lock($1)", [MIGRATIONS_LOCK_KEY]);
      await migrateNodePg(drizzleNodePg({ client, schema }), {
        migrationsFolder: migrationsFolder(),
      });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATIONS_LOCK_KEY]).catch(() => {});
      client.release();
    }
    return {
      db,
      driver: "postgres",
      ping: async () => {
        await pool.query("select 1");
      },
      close: () => pool.end(),
    };
  }

  let release = () => {};
  let client: PGlite;
  if ("dataDir" in options) {
    const pgDataDir = path.join(options.dataDir, "pgdata");
    release = acquireDataDirLock(options.dataDir, pgDataDir);
    try {
      client = await PGlite.create({ dataDir: pgDataDir, ...embeddedPgliteOptions() });
      restrictToOwner(pgDataDir);
    } catch (error) {
      release();
      throw error;
    }
  } else {
    client = await PGlite.create({ loadDataDir: options.loadDataDir, ...embeddedPgliteOptions() });
  }
  const db = drizzlePglite({ client, schema });
  try {
    await migratePglite(drizzlePglite({ client, schema }), {
      migrationsFolder: migrationsFolder(),
    });
  } catch (error) {
    await client.close().catch(() => {});
    release();
    throw error;
  }
  return {
    db,
    driver: "pglite",
    embedded: client,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: async () => {
      try {
        if (!client.closed) await client.close();
      } finally {
        release();
      }
    },
  };
}
