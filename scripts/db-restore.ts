import { BackupError, firstLine } from "~/features/backups/backup.server";
import { sendControlRequest } from "~/features/backups/control-socket.server";
import {
  RestoreRefused,
  restoreEmbedded,
  restorePostgres,
} from "~/features/backups/restore.server";
import { EnvError, env } from "~/utils/env.server";
import { fail, fromCallerDirectory } from "./lib/cli";

async function main(): Promise<void> {
  const args = process.argv.slice(2).filter((arg) => arg !== "--");
  const force = args.includes("--force");
  const files = args.filter((arg) => arg !== "--force");
  if (files.length !== 1 || files.some((arg) => arg.startsWith("-"))) {
    fail("Usage: npm run db:restore -- FILE [--force]");
  }
  const file = fromCallerDirectory(files[0] as string);
  const config = env();
  const started = performance.now();
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1);

  if (config.DATABASE_URL) {
    await restorePostgres(config.DATABASE_URL, file, force);
    process.stdout.write(`Restored ${file} into the database at DATABASE_URL (${seconds()} s)\n`);
    return;
  }

  const running = await sendControlRequest(config.dataDir, { op: "ping" }, 10_000).catch(
    () => null,
  );
  if (running?.ok && "pid" in running) {
    fail(
      `Data directory ${config.dataDir} is in use by a running server (pid ${running.pid}): stop it before restoring`,
    );
  }
  const result = await restoreEmbedded(config.dataDir, file, new Date());
  const kept = result.previous ? `; the previous database is kept in ${result.previous}` : "";
  process.stdout.write(
    `Restored ${file} into ${result.pgDataDir} (${seconds()} s)${kept}. Start the server: it applies any newer migrations.\n`,
  );
}

try {
  await main();
} catch (error) {
  if (
    error instanceof EnvError ||
    error instanceof RestoreRefused ||
    error instanceof BackupError
  ) {
    fail(error.message);
  }
  fail(`Restore failed: ${firstLine(String((error as Error)?.message ?? error))}`);
}
