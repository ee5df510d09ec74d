/**
 * Opens the database for command-line scripts from the same environment as the server.
 * With the embedded database the running server holds DATA_DIR, so scripts say so and exit 1.
 */
import { type DatabaseHandle, openDatabase } from "~/db/client.server";
import { DataDirLockedError } from "~/db/data-dir-lock.server";
import { EnvError, env } from "~/utils/env.server";

export async function openCliDatabase(
  lockedHint = "Stop the server first (the embedded database allows one process).",
): Promise<DatabaseHandle> {
  try {
    const config = env();
    return config.DATABASE_URL
      ? await openDatabase({ databaseUrl: config.DATABASE_URL, poolSize: 2 })
      : await openDatabase({ dataDir: config.dataDir });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      process.stderr.write(`${error.message}. ${lockedHint}\n`);
      process.exit(1);
    }
    if (error instanceof EnvError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}
