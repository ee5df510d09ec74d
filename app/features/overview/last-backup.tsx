import { formatDateTimeIST } from "~/utils/dates";
import type { LastBackup } from "./last-backup.server";

/** "4.7 MB" (powers of 1024). */
function size(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
}

/** The admin overview's backup line: the last backup's time (Asia/Kolkata) and size, or a warning. */
export function LastBackupStatus({ backup }: { backup: LastBackup }) {
  return (
    <section aria-labelledby="backup-heading">
      <h2 id="backup-heading">Backups</h2>
      {backup.finishedAt ? (
        <p>
          Last backup: {formatDateTimeIST(new Date(backup.finishedAt))} (Asia/Kolkata),{" "}
          {size(backup.sizeBytes)}, {backup.kind}.
        </p>
      ) : null}
      {backup.warning ? (
        <p className="dash-error" role="status">
          {backup.warning}
        </p>
      ) : null}
    </section>
  );
}
