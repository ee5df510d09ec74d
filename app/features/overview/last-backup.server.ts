/**
 * The last backup, for the admin overview (docs/operations.md "Backups and restore"): when the
 * newest row of `backups` finished and its size, with a warning when there is none or it is
 * older than 36 hours (the nightly backup runs every 24 h, so one missed night shows).
 */
import { desc } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { backups } from "~/db/schema/operations";

/** A backup older than this many hours is reported as a problem. */
export const BACKUP_STALE_HOURS = 36;

export interface LastBackup {
  /** When the newest backup finished; null when none was ever recorded. */
  finishedAt: Date | null;
  /** Its file size in bytes (0 when none). */
  sizeBytes: number;
  kind: "nightly" | "manual" | null;
  /** Null when all is well; else a one-line warning for the admin. */
  warning: string | null;
}

/** "2 days ago", "40 hours ago". */
function age(hours: number): string {
  return hours >= 48 ? `${Math.floor(hours / 24)} days ago` : `${Math.floor(hours)} hours ago`;
}

/**
 * The newest recorded backup at instant `now`.
 * Warnings: "No backup yet", "Last backup 2 days ago — check the nightly backup".
 */
export async function getLastBackup(db: Database, now: Date): Promise<LastBackup> {
  const [row] = await db
    .select({ finishedAt: backups.finishedAt, sizeBytes: backups.sizeBytes, kind: backups.kind })
    .from(backups)
    .orderBy(desc(backups.finishedAt))
    .limit(1);
  if (!row) return { finishedAt: null, sizeBytes: 0, kind: null, warning: "No backup yet" };
  const hours = (now.getTime() - row.finishedAt.getTime()) / 3_600_000;
  return {
    ...row,
    warning:
      hours > BACKUP_STALE_HOURS ? `Last backup ${age(hours)} — check the nightly backup` : null,
  };
}
