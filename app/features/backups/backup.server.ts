/**
 * Taking backups (docs/operations.md "Backups and restore").
 *
 * - Embedded database (PGlite in `DATA_DIR/pgdata`): PGlite's own `dumpDataDir("none")`, a
 *   tar of the data directory, gzipped by Node as it is written (the same .tar.gz PGlite's
 *   "gzip" option makes). It runs inside `client.transaction()`, which holds the PGlite
 *   transaction mutex, so no other query or transaction runs while the files are read:
 *   the archive is the state after the last committed transaction (preceded by a CHECKPOINT so
 *   a restore replays little WAL). The `pg_trgm` extension's catalogue entries are in the
 *   archive; its code is not, so a restore must open it with the extension loaded (it does).
 * - PostgreSQL (DATABASE_URL): `pg_dump -Fc` (custom format) when `pg_dump` is on PATH.
 *
 * Files are written atomically: a temporary file next to the target (mode 0600), fsync, then
 * rename, so a crash never leaves a half-written backup under the final name.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { Readable, type Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { DatabaseHandle } from "~/db/client.server";
import { acquireDataDirLock } from "~/db/data-dir-lock.server";
import { type BackupKind, backups } from "~/db/schema/operations";

/** A backup could not be taken or restored; the message is one line for the operator. */
export class BackupError extends Error {
  override name = "BackupError";
}

export type BackupDriver = "pglite" | "postgres";

/** What a backup wrote. Times are instants; `sizeBytes` is the file's size in bytes. */
export interface BackupResult {
  file: string;
  driver: BackupDriver;
  sizeBytes: number;
  startedAt: Date;
  finishedAt: Date;
}

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** File name extension per driver: a gzipped tar (PGlite) or pg_dump's custom format. */
export function backupExtension(driver: BackupDriver): string {
  return driver === "pglite" ? ".tar.gz" : ".dump";
}

/** `DATA_DIR/backups`, where the default and nightly backups go. */
export function backupsDir(dataDir: string): string {
  return path.join(dataDir, "backups");
}

/**
 * The default file of a manual backup: `DATA_DIR/backups/manual-YYYYMMDD-HHMMSS.<ext>`, the time
 * in Asia/Kolkata.
 */
export function defaultBackupFile(dataDir: string, driver: BackupDriver, now: Date): string {
  const ist = new Date(now.getTime() + IST_OFFSET_MS).toISOString();
  const stamp = `${ist.slice(0, 10).replaceAll("-", "")}-${ist.slice(11, 19).replaceAll(":", "")}`;
  return path.join(backupsDir(dataDir), `manual-${stamp}${backupExtension(driver)}`);
}

/** Creates the backup file's folder (0700 when it is DATA_DIR/backups). */
function ensureFolder(file: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
}

function temporaryName(file: string): string {
  return path.join(
    path.dirname(file),
    `.${path.basename(file)}.${process.pid}.${Date.now()}.partial`,
  );
}

/** A temporary backup file: `.<name>.<pid>.<epoch ms>.partial` (see `temporaryName`). */
const PARTIAL_FILE = /^\..+\.(\d+)\.(\d+)\.partial$/;

/** A partial file older than this is a leftover even if its pid is in use again (ms, 1 day). */
const PARTIAL_MAX_AGE_MS = 24 * 60 * 60 * 1000;

function processAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Removes the temporary files of backups that never finished in `dir` (a process killed while
 * writing one, docs/operations.md "Backups and restore"): those whose writing process is gone,
 * or that are older than a day. A backup being written by a live process is left alone.
 * @param now epoch ms. @returns the names removed.
 */
export function removeLeftoverPartials(dir: string, now = Date.now()): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const removed: string[] = [];
  for (const name of names) {
    const match = PARTIAL_FILE.exec(name);
    if (!match) continue;
    const pid = Number(match[1]);
    const startedAt = Number(match[2]);
    if (processAlive(pid) && now - startedAt < PARTIAL_MAX_AGE_MS) continue;
    fs.rmSync(path.join(dir, name), { force: true });
    removed.push(name);
  }
  return removed;
}

/** Fsyncs then renames `temporary` to `file`; removes `temporary` if that fails. */
function commitFile(temporary: string, file: string): number {
  try {
    const fd = fs.openSync(temporary, "r");
    try {
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(temporary, file);
    return fs.statSync(file).size;
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    throw error;
  }
}

/**
 * Writes a Blob to `file` atomically (temporary file, fsync, rename), mode 0600.
 * @returns the size in bytes. @throws the file system's error (the target is left as it was).
 */
export async function writeFileAtomically(
  file: string,
  blob: Blob,
  transform?: Transform,
): Promise<number> {
  ensureFolder(file);
  const temporary = temporaryName(file);
  const source = Readable.fromWeb(blob.stream() as import("node:stream/web").ReadableStream);
  const target = fs.createWriteStream(temporary, { mode: 0o600, flags: "wx" });
  try {
    await (transform ? pipeline(source, transform, target) : pipeline(source, target));
  } catch (error) {
    fs.rmSync(temporary, { force: true });
    throw error;
  }
  return commitFile(temporary, file);
}

/**
 * Dumps an open embedded database to `file` while it keeps serving: other queries and
 * transactions wait (PGlite is one connection) until the archive is read.
 * @returns what was written. @throws file system or PGlite errors.
 */
export async function backupOpenPglite(client: PGlite, file: string): Promise<BackupResult> {
  const startedAt = new Date();
  await client.exec("CHECKPOINT");
  // Only reading the files needs the database to itself; compressing happens after, while
  // requests run again (PGlite's own gzip inside the lock blocked queries ~4x longer).
  const tar = await client.transaction(() => client.dumpDataDir("none"));
  const sizeBytes = await writeFileAtomically(file, tar, zlib.createGzip({ level: 3 }));
  return { file, driver: "pglite", sizeBytes, startedAt, finishedAt: new Date() };
}

/**
 * Backs up a stopped data directory: takes its lock (so no server starts meanwhile), opens the
 * embedded database without migrating it, dumps, closes.
 * @throws BackupError when `DATA_DIR/pgdata` holds no database; DataDirLockedError when a
 *   server holds the directory.
 */
export async function backupStoppedDataDir(dataDir: string, file: string): Promise<BackupResult> {
  const pgDataDir = path.join(dataDir, "pgdata");
  if (!fs.existsSync(path.join(pgDataDir, "PG_VERSION"))) {
    throw new BackupError(`No embedded database in ${pgDataDir}: nothing to back up`);
  }
  const release = acquireDataDirLock(dataDir, pgDataDir);
  try {
    const client = await PGlite.create({ dataDir: pgDataDir, extensions: { pg_trgm } });
    try {
      return await backupOpenPglite(client, file);
    } finally {
      await client.close();
    }
  } finally {
    release();
  }
}

/** Runs a command; resolves with its exit code and stderr (first 4 KB). */
export function runTool(
  command: string,
  args: string[],
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<{ code: number; stderr: string; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      env: { ...process.env, ...extraEnv },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    let stdout = "";
    child.stderr.on("data", (chunk) => {
      if (stderr.length < 4096) stderr += chunk;
    });
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.once("error", reject);
    child.once("close", (code) => resolve({ code: code ?? 1, stderr, stdout }));
  });
}

/** True when `name` is an executable on PATH. */
export function onPath(name: string): boolean {
  return (process.env.PATH ?? "").split(path.delimiter).some((dir) => {
    try {
      fs.accessSync(path.join(dir, name), fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/** @throws BackupError naming the package to install when `tool` is not on PATH. */
export function requireTool(tool: "pg_dump" | "pg_restore"): void {
  if (!onPath(tool)) {
    throw new BackupError(
      `${tool} is not on PATH: install the PostgreSQL client tools of your server's major version (Debian/Ubuntu: apt-get install postgresql-client; macOS: brew install libpq), or back up with your provider's snapshots`,
    );
  }
}

/** The first line of a tool's error output, for a one-line message. */
export function firstLine(text: string): string {
  return (
    text
      .split("\n")
      .map((line) => line.trim())
      .find((line) => line !== "") ?? "no output"
  );
}

/**
 * The `--dbname` argument and environment for pg_dump/pg_restore: the password moves from the
 * URL to PGPASSWORD so it does not show in the process list (`ps`) of other local users.
 */
export function postgresConnection(databaseUrl: string): {
  dbname: string;
  env: NodeJS.ProcessEnv;
} {
  const url = new URL(databaseUrl);
  if (!url.password) return { dbname: databaseUrl, env: {} };
  const password = decodeURIComponent(url.password);
  url.password = "";
  return { dbname: url.toString(), env: { PGPASSWORD: password } };
}

/**
 * `pg_dump -Fc` of the database at `databaseUrl` into `file` (atomically).
 * @throws BackupError when pg_dump is missing or fails (its first error line).
 */
export async function backupPostgres(databaseUrl: string, file: string): Promise<BackupResult> {
  requireTool("pg_dump");
  const startedAt = new Date();
  ensureFolder(file);
  const temporary = temporaryName(file);
  fs.writeFileSync(temporary, "", { mode: 0o600, flag: "wx" });
  const connection = postgresConnection(databaseUrl);
  const result = await runTool(
    "pg_dump",
    [
      "--format=custom",
      "--no-owner",
      "--no-privileges",
      `--file=${temporary}`,
      `--dbname=${connection.dbname}`,
    ],
    connection.env,
  );
  if (result.code !== 0) {
    fs.rmSync(temporary, { force: true });
    throw new BackupError(`pg_dump failed: ${firstLine(result.stderr)}`);
  }
  const sizeBytes = commitFile(temporary, file);
  return { file, driver: "postgres", sizeBytes, startedAt, finishedAt: new Date() };
}

export interface ServerBackupOptions {
  kind: BackupKind;
  /** Absolute path of the file to write. */
  file: string;
  /** Set with DATABASE_URL: pg_dump is used instead of the embedded dump. */
  databaseUrl?: string;
}

/**
 * A backup taken by the running server (the control socket's manual backups and the nightly
 * job): dumps through the open handle (PGlite) or pg_dump (PostgreSQL), then records it in the
 * `backups` table for the admin overview.
 * @throws BackupError or the driver's error; nothing is recorded then.
 */
export async function takeServerBackup(
  handle: DatabaseHandle,
  options: ServerBackupOptions,
): Promise<BackupResult> {
  let result: BackupResult;
  if (handle.driver === "postgres") {
    if (!options.databaseUrl) throw new BackupError("No DATABASE_URL to back up");
    result = await backupPostgres(options.databaseUrl, options.file);
  } else {
    if (!handle.embedded) throw new BackupError("This database handle cannot be dumped");
    result = await backupOpenPglite(handle.embedded, options.file);
  }
  await handle.db.insert(backups).values({
    kind: options.kind,
    driver: result.driver,
    file: result.file,
    sizeBytes: result.sizeBytes,
    startedAt: result.startedAt,
    finishedAt: result.finishedAt,
  });
  return result;
}

/** "4.7 MB", "812 KB", "96 B" (powers of 1024). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(0)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}
