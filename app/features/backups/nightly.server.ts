/**
 * The nightly backup (docs/operations.md "Backups and restore"): every day at 02:30
 * Asia/Kolkata the server writes `DATA_DIR/backups/nightly-YYYY-MM-DD.<ext>` (the Asia/Kolkata
 * date) and keeps the newest BACKUP_KEEP nightly files; manual backups are never pruned.
 *
 * This module gives the job to the scheduler (which runs each window once across servers,
 * restarts and clock jumps); it does not schedule anything itself.
 */

import fs from "node:fs";
import path from "node:path";
import type { DatabaseHandle } from "~/db/client.server";
import {
  type BackupDriver,
  backupExtension,
  backupsDir,
  formatBytes,
  removeLeftoverPartials,
  takeServerBackup,
} from "./backup.server";

/** The scheduler's job shape (kept local; the scheduler module owns the real type). */
export interface ScheduledJobLike {
  name: string;
  /** The window due at `now`, or null when none is. */
  windowOf(now: Date): string | null;
  /** Does the window's work; resolves with a one-line summary. */
  run(ctx: { now: Date; windowKey: string }): Promise<string>;
  /** How long a claim holds before another server may take the window over, ms. */
  leaseMs?: number;
}

export const NIGHTLY_BACKUP_JOB = "nightly-backup";
/** 02:30 Asia/Kolkata, as minutes after midnight. */
const NIGHTLY_AT_MINUTES = 2 * 60 + 30;
const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
const NIGHTLY_FILE = /^nightly-\d{4}-\d{2}-\d{2}\.(tar\.gz|dump)$/;

/**
 * The nightly window due at `now`: the Asia/Kolkata date of the latest 02:30 at or before
 * `now` ("2026-11-23" from 02:30 on 23 Nov until 02:29 on 24 Nov). A server that was down at
 * 02:30 therefore still takes that night's backup when it comes back.
 */
export function nightlyWindowOf(now: Date): string {
  const shifted = new Date(now.getTime() + IST_OFFSET_MS - NIGHTLY_AT_MINUTES * 60_000);
  return shifted.toISOString().slice(0, 10);
}

/**
 * Deletes the oldest nightly backup files in `dir` beyond the newest `keep` (by the date in
 * the name), and the leftovers of backups that never finished (`removeLeftoverPartials`). Other
 * files (manual backups, anything else) are left alone.
 * @returns the names removed.
 */
export function pruneNightlyBackups(dir: string, keep: number): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir).filter((name) => NIGHTLY_FILE.test(name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const doomed = names.sort().reverse().slice(keep);
  for (const name of doomed) fs.rmSync(path.join(dir, name), { force: true });
  return [...doomed, ...removeLeftoverPartials(dir)];
}

export interface NightlyBackupDeps {
  /** The open database (the server's). */
  handle: () => Promise<DatabaseHandle>;
  /** Absolute DATA_DIR; backups go to DATA_DIR/backups. */
  dataDir: string;
  /** Nightly files kept (BACKUP_KEEP). */
  keep: number;
  /** Set on PostgreSQL: pg_dump is used. */
  databaseUrl?: string;
}

/**
 * The nightly backup as a scheduler job named 'nightly-backup'.
 * `run` writes `DATA_DIR/backups/nightly-<windowKey>.<ext>` (replacing a file of the same
 * window, so a re-run after a crash is harmless), records it in `backups` (kind 'nightly'),
 * prunes to `keep`, and resolves with e.g. "nightly-2026-11-23.tar.gz, 4.7 MB in 1.2 s;
 * 1 old nightly backup removed".
 * @throws what takeServerBackup throws (the scheduler records the failure).
 */
export function nightlyBackupJob(deps: NightlyBackupDeps): ScheduledJobLike {
  return {
    name: NIGHTLY_BACKUP_JOB,
    windowOf: nightlyWindowOf,
    // A backup of a large database takes minutes; the scheduler renews the lease meanwhile.
    leaseMs: 10 * 60_000,
    async run({ windowKey }) {
      const handle = await deps.handle();
      const driver: BackupDriver = handle.driver;
      const dir = backupsDir(deps.dataDir);
      const file = path.join(dir, `nightly-${windowKey}${backupExtension(driver)}`);
      const started = performance.now();
      const result = await takeServerBackup(handle, {
        kind: "nightly",
        file,
        databaseUrl: deps.databaseUrl,
      });
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const removed = pruneNightlyBackups(dir, deps.keep);
      const pruned =
        removed.length === 0
          ? ""
          : `; ${removed.length} old nightly backup${removed.length === 1 ? "" : "s"} removed`;
      return `${path.basename(file)}, ${formatBytes(result.sizeBytes)} in ${seconds} s${pruned}`;
    },
  };
}
