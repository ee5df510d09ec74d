/**
 * Exclusive lock on the embedded database's data directory (docs/architecture.md: PGlite is
 * single-connection; two processes on one directory would corrupt it).
 *
 * The lock is a file `server.lock` holding the owner's pid, created with O_EXCL. A lock whose
 * pid is no longer alive was left by a killed process and is taken over; in that case the
 * embedded PostgreSQL's own `postmaster.pid` is stale too and is removed.
 */
import fs from "node:fs";
import path from "node:path";

/** Thrown when another live process holds the data directory. Message is one line. */
export class DataDirLockedError extends Error {
  override name = "DataDirLockedError";
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readOwner(lockPath: string): number | null {
  try {
    const pid = Number.parseInt(fs.readFileSync(lockPath, "utf8"), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * Creates `dataDir` if needed and locks it for this process.
 * @param dataDir absolute path of DATA_DIR.
 * @param pgDataDir the embedded PostgreSQL directory inside it (stale postmaster.pid is removed).
 * @returns a function that releases the lock (idempotent).
 * @throws DataDirLockedError when another live process holds the lock.
 */
export function acquireDataDirLock(dataDir: string, pgDataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, "server.lock");

  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: "wx", mode: 0o600 });
      fs.rmSync(path.join(pgDataDir, "postmaster.pid"), { force: true });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        if (readOwner(lockPath) === process.pid) fs.rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = readOwner(lockPath);
      if (owner !== null && owner !== process.pid && isAlive(owner)) {
        throw new DataDirLockedError(
          `Data directory ${dataDir} is in use by another server process (pid ${owner}); stop it or set DATA_DIR to another directory`,
        );
      }
      // Left by a process that was killed: take it over.
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new DataDirLockedError(
    `Could not lock data directory ${dataDir}; another process keeps taking it`,
  );
}
