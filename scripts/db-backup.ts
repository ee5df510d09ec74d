/**
 * `npm run db:backup -- [FILE]` (docs/operations.md "Backups and restore"): writes a backup.
 *
 * - DATABASE_URL set: `pg_dump -Fc` into FILE (default DATA_DIR/backups/manual-<time>.dump).
 * - Embedded database with a running server: the server takes it through DATA_DIR/control.sock
 *   (default FILE DATA_DIR/backups/manual-<time>.tar.gz) and records it for the overview.
 * - Embedded database, no server: this command locks DATA_DIR and dumps it itself.
 *
 * Exit 0 with one line naming the file and its size; exit 1 with one line saying why not.
 */
import path from "node:path";
import { DataDirLockedError } from "~/db/data-dir-lock.server";
import {
  BackupError,
  backupPostgres,
  backupStoppedDataDir,
  defaultBackupFile,
  firstLine,
  formatBytes,
} from "~/features/backups/backup.server";
import { sendControlRequest } from "~/features/backups/control-socket.server";
import { EnvError, env } from "~/utils/env.server";
import { fail, fromCallerDirectory } from "./lib/cli";

async function main(): Promise<void> {
  const args = process.argv.slice(2).filter((arg) => arg !== "--");
  if (args.length > 1 || args.some((arg) => arg.startsWith("-"))) {
    fail("Usage: npm run db:backup -- [FILE]");
  }
  const config = env();
  const driver = config.DATABASE_URL ? "postgres" : "pglite";
  const file = args[0]
    ? fromCallerDirectory(args[0])
    : defaultBackupFile(config.dataDir, driver, new Date());
  const started = performance.now();

  if (config.DATABASE_URL) {
    const result = await backupPostgres(config.DATABASE_URL, file);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    process.stdout.write(
      `Backup written: ${file} (${formatBytes(result.sizeBytes)}, ${seconds} s, pg_dump)\n`,
    );
    return;
  }

  const answer = await sendControlRequest(config.dataDir, { op: "backup", file });
  if (answer) {
    if (!answer.ok) fail(`The running server could not take the backup: ${answer.error}`);
    if ("sizeBytes" in answer) {
      process.stdout.write(
        `Backup written by the running server: ${answer.file} (${formatBytes(answer.sizeBytes)}, ${answer.seconds.toFixed(1)} s)\n`,
      );
      return;
    }
    fail("The running server gave an unexpected answer");
  }

  try {
    const result = await backupStoppedDataDir(config.dataDir, file);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    process.stdout.write(
      `Backup written: ${file} (${formatBytes(result.sizeBytes)}, ${seconds} s)\n`,
    );
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      fail(
        `${error.message.split(";")[0]} but it does not answer on ${path.join(config.dataDir, "control.sock")}; stop it and run db:backup again`,
      );
    }
    throw error;
  }
}

try {
  await main();
} catch (error) {
  if (error instanceof EnvError || error instanceof BackupError) fail(error.message);
  fail(`Backup failed: ${firstLine(String((error as Error)?.message ?? error))}`);
}
