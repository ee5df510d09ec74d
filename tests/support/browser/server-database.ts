/**
 * SQL access to the live e2e server's database, for specs that must seed rows no page can make
 * yet (a coupon, docs/exchange.md). Only on PostgreSQL (E2E_DATABASE_URL): the embedded database
 * (PGlite in E2E_DATA_DIR) is held by the server process under a data-directory lock and cannot
 * be opened a second time, so there `openE2EDatabase()` answers null and the spec skips the
 * steps that need seeding.
 */
import { type DatabaseHandle, openDatabase } from "~/db/client.server";

/** Whether the e2e server runs on PostgreSQL, whose database a spec can reach. */
export const e2eDatabaseReachable = Boolean(process.env.E2E_DATABASE_URL);

/** A one-connection handle on the server's PostgreSQL database; null on PGlite. Close it. */
export async function openE2EDatabase(): Promise<DatabaseHandle | null> {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) return null;
  return openDatabase({ databaseUrl: url, poolSize: 1 });
}
