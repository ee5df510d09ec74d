/**
 * A freshly migrated database for one integration test file (docs/layout.md, tests):
 * in-memory PGlite by default, or a new database on the PostgreSQL server at
 * TEST_DATABASE_URL, dropped again on close.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";
import { type DatabaseHandle, openDatabase } from "~/db/client.server";
import { useDatabaseHandle } from "~/db/db.server";

/**
 * A new, empty database `<prefix>_<12 hex digits>` on the PostgreSQL server at `adminUrl` (its
 * user needs CREATEDB): its connection URL, and `drop()`, to call once every pool on it is
 * closed. Used by the integration tests and `npm run bench:dashboard`.
 */
export async function createScratchDatabase(
  adminUrl: string,
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    // pool.end() resolves before every backend has gone: wait (≤ 5 s) so the forced drop
    // does not kill a connection that is still closing (an uncaught FATAL in the test run).
    for (let i = 0; i < 100; i++) {
      const { rows } = await cleanup.query<{ n: number }>(
        "select count(*)::int as n from pg_stat_activity where datname = $1",
        [name],
      );
      if (rows[0]?.n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  };
  return { url: url.toString(), drop };
}

let template: Promise<Blob | undefined> | undefined;

/**
 * The migrated database of tests/global-setup.ts, read once per test file; undefined when the
 * run has no global setup (a database is then created and migrated from scratch).
 */
function migratedTemplate(): Promise<Blob | undefined> {
  template ??= (async () => {
    const file = inject("pgliteTemplate");
    return file ? fs.openAsBlob(file) : undefined;
  })();
  return template;
}

/**
 * PGlite in memory (started from the run's migrated template), or (with TEST_DATABASE_URL) a scratch PostgreSQL database dropped on close.
 * @param poolSize connections of the PostgreSQL pool (tests racing transactions want more).
 */
export async function createTestDatabase(poolSize = 4): Promise<DatabaseHandle> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return openDatabase({ memory: true, loadDataDir: await migratedTemplate() });

  const scratch = await createScratchDatabase(adminUrl, "test");
  const handle = await openDatabase({ databaseUrl: scratch.url, poolSize });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await scratch.drop();
    },
  };
}

/** Rows of a raw SQL query on either driver (both answer `{ rows }`). */
export async function queryRows<T>(
  db: DatabaseHandle["db"],
  query: Parameters<DatabaseHandle["db"]["execute"]>[0],
): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * One fresh database for the calling test file: created before its first test, made the
 * app's database (`getDb()` answers it), closed after its last. Read `handle.db` inside tests
 * and hooks, not at module level (it exists only once `beforeAll` has run).
 */
export function testDatabaseForFile(): DatabaseHandle {
  let current: DatabaseHandle | undefined;
  const opened = () => {
    if (!current) throw new Error("The test database is opened in beforeAll; use it inside tests.");
    return current;
  };
  beforeAll(async () => {
    current = await createTestDatabase();
    useDatabaseHandle(current);
  });
  afterAll(async () => {
    await current?.close();
  });
  return {
    get db() {
      return opened().db;
    },
    get driver() {
      return opened().driver;
    },
    ping: () => opened().ping(),
    close: () => opened().close(),
  };
}
