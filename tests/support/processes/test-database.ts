/**
 * A freshly migrated database for one integration test file (docs/layout.md, tests):
 * in-memory PGlite by default, or a new database on the PostgreSQL server at
 * TEST_DATABASE_URL, dropped again on close.
 */
import fs from "node:fs";
import { afterAll, beforeAll, inject } from "vitest";
import { type DatabaseHandle, openDatabase } from "~/db/client.server";
import { useDatabaseHandle } from "~/db/db.server";
import { seedDatabase } from "~/db/seed.server";
import { createScratchDatabase } from "./scratch-database";

export { createScratchDatabase };

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
 * and hooks, not at module level (it exists only once `beforeAll` has run); a `beforeAll`
 * registered after this call sees it. `{ seeded: true }` fills it with the shop's seed
 * (catalogue, rates, settings) first.
 */
export function testDatabaseForFile(options: { seeded?: boolean } = {}): DatabaseHandle {
  let current: DatabaseHandle | undefined;
  const opened = () => {
    if (!current) throw new Error("The test database is opened in beforeAll; use it inside tests.");
    return current;
  };
  beforeAll(async () => {
    current = await createTestDatabase();
    if (options.seeded) await seedDatabase(current.db);
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
