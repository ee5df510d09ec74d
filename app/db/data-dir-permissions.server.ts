/**
 * DATA_DIR holds the embedded database, the session secret and backups: only the account that
 * runs the server may read it (docs/operations.md "Faults and recovery"). Directories are 0700
 * and files 0600.
 */
import fs from "node:fs";
import path from "node:path";

const secured = new Set<string>();

/**
 * Makes everything this process creates from now on owner-only (umask 077), creates `dataDir`
 * with mode 0700 when `create` is set, and removes group and other permissions from `dataDir` and
 * everything already in it (a directory made by an earlier version or by hand). Symbolic links
 * are not followed. Runs once per directory and process.
 * @param dataDir absolute path of DATA_DIR.
 * @throws filesystem errors other than a missing directory (e.g. EACCES on a file owned by root).
 */
export function secureDataDir(dataDir: string, { create = false } = {}): void {
  process.umask(0o077);
  if (secured.has(dataDir)) return;
  if (create) fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if (!fs.existsSync(dataDir)) return;
  restrictToOwner(dataDir);
  secured.add(dataDir);
}

/**
 * Removes group and other permissions from `entry` and, for a directory, everything in it.
 * The embedded database needs this once it is open: PGlite unpacks its initial files with
 * mode 0666 by chmod, which the umask does not cover (files PostgreSQL creates later are 0600).
 * @throws filesystem errors other than EPERM on an entry owned by another account.
 */
export function restrictToOwner(entry: string): void {
  const stat = fs.lstatSync(entry);
  if (stat.isSymbolicLink()) return;
  if ((stat.mode & 0o077) !== 0) {
    try {
      fs.chmodSync(entry, stat.mode & 0o700);
    } catch (error) {
      // Owned by another account: nothing this process may change.
      if ((error as NodeJS.ErrnoException).code !== "EPERM") throw error;
    }
  }
  if (!stat.isDirectory()) return;
  for (const name of fs.readdirSync(entry)) restrictToOwner(path.join(entry, name));
}
