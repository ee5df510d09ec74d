/**
 * The process-wide database, opened once from the environment (DATABASE_URL or DATA_DIR),
 * migrated and seeded. Route loaders and actions call `getDb()`; the server calls
 * `closeDatabase()` on shutdown. Tests install their own handle with `useDatabaseHandle`.
 */
import { env } from "~/utils/env.server";
import { type Database, type DatabaseHandle, openDatabase } from "./client.server";
import { seedDatabase } from "./seed.server";

let opening: Promise<DatabaseHandle> | undefined;

async function openFromEnv(): Promise<DatabaseHandle> {
  const config = env();
  const handle = config.DATABASE_URL
    ? await openDatabase({
        databaseUrl: config.DATABASE_URL,
        connectTimeoutSeconds: config.operations.databaseConnectTimeoutSeconds,
      })
    : await openDatabase({ dataDir: config.dataDir });
  try {
    await seedDatabase(handle.db);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

/** The open database handle; opens it on first call. @throws what openDatabase throws. */
export function getDatabaseHandle(): Promise<DatabaseHandle> {
  if (!opening) {
    opening = openFromEnv();
    opening.catch(() => {
      opening = undefined;
    });
  }
  return opening;
}

/** The Drizzle database for queries and transactions. */
export async function getDb(): Promise<Database> {
  return (await getDatabaseHandle()).db;
}

/** Closes the database if it was opened. Safe to call twice. */
export async function closeDatabase(): Promise<void> {
  const current = opening;
  opening = undefined;
  if (current) await (await current).close();
}

/** Test hook: make `getDb()` return this handle. */
export function useDatabaseHandle(handle: DatabaseHandle): void {
  opening = Promise.resolve(handle);
}
