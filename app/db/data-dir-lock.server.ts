/**
 * Exclusive lock on the embedded database's data directory (docs/architecture.md: PGlite is
 * single-connection; two processes on one directory would corrupt it).
 *
 * The lock is a file `server.lock`, created with O_EXCL, holding the owner's pid and its start
 * time as JSON (`{"pid":1234,"started":"98765"}`; Linux: field 22 of /proc/<pid>/stat, elsewhere
 * the `ps -o lstart=` text). A lock is stale, and taken over, when its pid is no longer alive or
 * now belongs to another process (pids wrap around, and a container restarts with the same pid):
 * the start time differs. Then the embedded PostgreSQL's own `postmaster.pid` is stale too and
 * is removed. An earlier version's lock holds only a pid; a live pid then blocks the start.
 * See docs/operations.md "Faults and recovery".
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { secureDataDir } from "./data-dir-permissions.server";

/** Thrown when another live process holds the data directory. Message is one line. */
export class DataDirLockedError extends Error {
  override name = "DataDirLockedError";
}

/** The process a lock file names. `started` is null in an earlier version's lock. */
export interface LockOwner {
  pid: number;
  started: string | null;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * When the process `pid` started, as an opaque string that differs between two processes that
 * held the same pid; null when the process does not exist or the platform does not say.
 */
export function processStartTime(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // Field 2 (the command name, in parentheses) may hold spaces: count from the last ')'.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return fields[19] ?? null; // field 22 overall: starttime, in clock ticks since boot
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT" && fs.existsSync("/proc/self/stat")) {
      return null;
    }
  }
  try {
    const started = execFileSync("ps", ["-o", "lstart=", "-p", String(pid)], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
    return started || null;
  } catch {
    return null;
  }
}

function readOwner(lockPath: string): LockOwner | null {
  let text: string;
  try {
    text = fs.readFileSync(lockPath, "utf8").trim();
  } catch {
    return null;
  }
  if (/^\d+$/.test(text)) return { pid: Number(text), started: null };
  try {
    const parsed = JSON.parse(text) as Partial<LockOwner>;
    if (Number.isInteger(parsed.pid) && (parsed.pid as number) > 0) {
      return { pid: parsed.pid as number, started: parsed.started ?? null };
    }
  } catch {
    // A torn or foreign file: treated like no owner.
  }
  return null;
}

/** Whether the lock's owner is still the process that wrote it. */
function ownerIsRunning(owner: LockOwner): boolean {
  if (owner.pid === process.pid || !isAlive(owner.pid)) return false;
  if (owner.started === null) return true;
  const started = processStartTime(owner.pid);
  return started === null || started === owner.started;
}

/**
 * Creates `dataDir` (mode 0700) if needed and locks it for this process.
 * @param dataDir absolute path of DATA_DIR.
 * @param pgDataDir the embedded PostgreSQL directory inside it (stale postmaster.pid is removed).
 * @returns a function that releases the lock (idempotent).
 * @throws DataDirLockedError when another live server process holds the lock.
 */
export function acquireDataDirLock(dataDir: string, pgDataDir: string): () => void {
  secureDataDir(dataDir, { create: true });
  const lockPath = path.join(dataDir, "server.lock");
  const me: LockOwner = { pid: process.pid, started: processStartTime(process.pid) };

  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, JSON.stringify(me), { flag: "wx", mode: 0o600 });
      fs.rmSync(path.join(pgDataDir, "postmaster.pid"), { force: true });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        if (readOwner(lockPath)?.pid === process.pid) fs.rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = readOwner(lockPath);
      if (owner !== null && ownerIsRunning(owner)) {
        throw new DataDirLockedError(
          `Data directory ${dataDir} is in use by another server process (pid ${owner.pid}); stop it or set DATA_DIR to another directory (if pid ${owner.pid} is not a server of this shop, delete ${lockPath})`,
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
