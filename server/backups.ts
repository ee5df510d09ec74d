/**
 * The server's part in backups (docs/operations.md "Backups and restore"): on the embedded
 * database it listens on DATA_DIR/control.sock so `npm run db:backup` can ask it for a backup
 * (the command cannot open the database the server holds). Each backup it takes is recorded
 * in `backups` for the admin overview. On PostgreSQL nothing listens: db:backup runs pg_dump.
 * The nightly backup is a scheduler job (`nightlyBackupJob` in app/features/backups).
 */
import type { DatabaseHandle } from "~/db/client.server";
import {
  backupsDir,
  removeLeftoverPartials,
  takeServerBackup,
} from "~/features/backups/backup.server";
import { startControlSocket } from "~/features/backups/control-socket.server";
import type { Env } from "~/utils/env.server";
import type { logger } from "~/utils/logger.server";

/**
 * Starts the control socket when the database is embedded.
 * @returns a function that stops it (waits for a backup in progress) and removes the socket.
 */
export async function startBackupControl(
  database: DatabaseHandle,
  config: Env,
  log: ReturnType<typeof logger>,
): Promise<() => Promise<void>> {
  // A backup killed while writing left its temporary file: nothing else would ever remove it.
  const leftovers = removeLeftoverPartials(backupsDir(config.dataDir));
  if (leftovers.length > 0) log.info({ files: leftovers }, "removed unfinished backup files");
  if (database.driver !== "pglite") return async () => {};
  const stop = await startControlSocket(config.dataDir, async (file) => {
    const result = await takeServerBackup(database, { kind: "manual", file });
    log.info({ file: result.file, sizeBytes: result.sizeBytes }, "manual backup written");
    return result;
  });
  if (!stop) {
    log.warn(
      { dataDir: config.dataDir },
      "DATA_DIR's path is too long for a unix socket: db:backup needs the server stopped",
    );
    return async () => {};
  }
  return stop;
}
