/**
 * Restoring backups (docs/operations.md "Backups and restore").
 *
 * Every check runs before the data directory (or the target PostgreSQL database) is touched,
 * and a refusal is a {@link RestoreRefused} whose message is one line:
 *
 * 1. The file's kind by its first bytes: gzip (an embedded-database archive) or `PGDMP`
 *    (pg_dump's custom format); anything else is not a backup of this product.
 * 2. Embedded archive: the whole gzip stream is inflated (a truncated or damaged file fails its
 *    length/CRC check) and every tar header is checked (checksum, sizes within the file); it
 *    must hold a PostgreSQL data directory (PG_VERSION, global/pg_control, base/).
 *    pg_dump file: `pg_restore` reads it end to end.
 * 3. The database inside is opened in memory (embedded) or its migration rows are read with
 *    pg_restore: it must have this product's tables (`orders`, `pickups`) and migration table
 *    `drizzle.__drizzle_migrations`, and no migration this build does not know (`created_at`
 *    later than the newest entry of drizzle/meta/_journal.json: a backup from a newer version).
 *    An older backup is fine: the server applies the missing migrations when it starts.
 *
 * Embedded restore: the archive is loaded into `DATA_DIR/pgdata.restoring-<stamp>`, opened and
 * checked there, then renamed to `DATA_DIR/pgdata`; an existing `pgdata` is kept as
 * `pgdata.before-restore-<stamp>` (nothing is lost, no --force needed). The data directory lock
 * is held throughout, so a running server's directory is refused.
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import pg from "pg";
import { acquireDataDirLock, DataDirLockedError } from "~/db/data-dir-lock.server";
import { restrictToOwner } from "~/db/data-dir-permissions.server";
import { projectRoot } from "~/utils/project-root.server";
import {
  type BackupDriver,
  firstLine,
  postgresConnection,
  requireTool,
  runTool,
} from "./backup.server";

/** The backup was refused; nothing was changed. The message is one line. */
export class RestoreRefused extends Error {
  override name = "RestoreRefused";
}

/** Tables every backup of this product has had since its first migration. */
const REQUIRED_TABLES = ["orders", "pickups", "products"] as const;

/** Files that make a directory a PostgreSQL data directory. */
const REQUIRED_ENTRIES = ["PG_VERSION", "global/pg_control"] as const;

/** One row of `drizzle.__drizzle_migrations`: `created_at` is the journal's `when` (ms). */
export interface AppliedMigration {
  hash: string;
  createdAt: number;
}

/** This build's migrations (drizzle/), oldest first. */
export function knownMigrations(): { hash: string; folderMillis: number }[] {
  return readMigrationFiles({ migrationsFolder: path.join(projectRoot(), "drizzle") });
}

/**
 * Refuses a backup whose migrations this build does not know.
 * @param name the file's name for the message.
 * @throws RestoreRefused when there are none (not this product's database) or one is newer.
 */
export function checkMigrations(name: string, applied: AppliedMigration[]): void {
  if (applied.length === 0) {
    throw new RestoreRefused(
      `${name} is not a Scrap & Sprout backup: its database has no applied migrations`,
    );
  }
  const known = knownMigrations();
  const newest = Math.max(...known.map((migration) => migration.folderMillis));
  const newer = applied.filter((migration) => migration.createdAt > newest);
  if (newer.length > 0) {
    throw new RestoreRefused(
      `${name} comes from a newer version of Scrap & Sprout (${newer.length} migration(s) this version does not have); upgrade this installation, then restore`,
    );
  }
  const knownTimes = new Set(known.map((migration) => migration.folderMillis));
  if (applied.some((migration) => !knownTimes.has(migration.createdAt))) {
    throw new RestoreRefused(
      `${name} is not a Scrap & Sprout backup: its migrations do not match this product's`,
    );
  }
}

/** What kind of file this is, by its first bytes. @throws RestoreRefused for anything else. */
export function detectBackupKind(file: string): BackupDriver {
  const name = path.basename(file);
  let fd: number;
  try {
    fd = fs.openSync(file, "r");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new RestoreRefused(
      code === "ENOENT" ? `No such file: ${file}` : `Cannot read ${file} (${code})`,
    );
  }
  const head = Buffer.alloc(5);
  try {
    if (fs.fstatSync(fd).isDirectory()) throw new RestoreRefused(`${file} is a directory`);
    fs.readSync(fd, head, 0, 5, 0);
  } finally {
    fs.closeSync(fd);
  }
  if (head[0] === 0x1f && head[1] === 0x8b) return "pglite";
  if (head.toString("latin1") === "PGDMP") return "postgres";
  throw new RestoreRefused(
    `${name} is not a Scrap & Sprout backup (neither an embedded-database archive nor a pg_dump file)`,
  );
}

/** Octal number field of a tar header. */
function octal(header: Buffer, start: number, length: number): number {
  const text = header
    .toString("latin1", start, start + length)
    .replace(/\0.*$/s, "")
    .trim();
  return text === "" ? 0 : Number.parseInt(text, 8);
}

/**
 * The entry names of a tar archive, every header checked.
 * @throws RestoreRefused when a header is damaged or an entry runs past the end.
 */
export function tarEntries(tar: Buffer, name: string): string[] {
  const damaged = () => new RestoreRefused(`${name} is damaged: its archive is not a valid tar`);
  const entries: string[] = [];
  let offset = 0;
  while (offset + 512 <= tar.length) {
    const header = tar.subarray(offset, offset + 512);
    if (header.every((byte) => byte === 0)) return entries;
    let sum = 0;
    for (let i = 0; i < 512; i++) sum += i >= 148 && i < 156 ? 0x20 : (header[i] ?? 0);
    const size = octal(header, 124, 12);
    if (sum !== octal(header, 148, 8) || !Number.isFinite(size)) throw damaged();
    const prefix = header.toString("latin1", 345, 500).replace(/\0.*$/s, "");
    const base = header.toString("latin1", 0, 100).replace(/\0.*$/s, "");
    entries.push((prefix ? `${prefix}/${base}` : base).replace(/^(\.\/|\/)+/, ""));
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  if (offset !== tar.length) throw damaged();
  return entries;
}

/**
 * Reads and checks an embedded-database archive without touching any data directory.
 * @returns the archive's bytes (gzip) for loading. @throws RestoreRefused.
 */
export function readPgliteArchive(file: string): Buffer {
  const name = path.basename(file);
  const compressed = fs.readFileSync(file);
  let tar: Buffer;
  try {
    tar = zlib.gunzipSync(compressed);
  } catch {
    throw new RestoreRefused(
      `${name} is truncated or damaged (its gzip stream does not check out)`,
    );
  }
  const entries = new Set(tarEntries(tar, name));
  const missing = REQUIRED_ENTRIES.filter((entry) => !entries.has(entry));
  if (missing.length > 0 || ![...entries].some((entry) => entry.startsWith("base/"))) {
    throw new RestoreRefused(
      `${name} is not a Scrap & Sprout backup: the archive holds no database (missing ${missing[0] ?? "base/"})`,
    );
  }
  return compressed;
}

type Queryable = { query<T>(sql: string): Promise<{ rows: T[] }> };

/** The product's tables and applied migrations in an open database. @throws RestoreRefused */
async function checkDatabase(client: Queryable, name: string): Promise<void> {
  const { rows: tables } = await client.query<{ name: string }>(
    `select table_schema || '.' || table_name as name from information_schema.tables
      where table_schema in ('public', 'drizzle')`,
  );
  const present = new Set(tables.map((table) => table.name));
  const missing = REQUIRED_TABLES.filter((table) => !present.has(`public.${table}`));
  if (missing.length > 0 || !present.has("drizzle.__drizzle_migrations")) {
    throw new RestoreRefused(
      `${name} is not a Scrap & Sprout backup: its database has no ${missing[0] ?? "migrations"} table`,
    );
  }
  const { rows } = await client.query<{ hash: string; created_at: string | number }>(
    "select hash, created_at from drizzle.__drizzle_migrations order by created_at",
  );
  checkMigrations(
    name,
    rows.map((row) => ({ hash: row.hash, createdAt: Number(row.created_at) })),
  );
}

/** Opens an archive in memory (pg_trgm loaded), checks it and closes it. @throws RestoreRefused */
async function checkArchiveInMemory(archive: Buffer, name: string): Promise<void> {
  let client: PGlite;
  try {
    client = await PGlite.create({
      loadDataDir: new Blob([new Uint8Array(archive)]),
      extensions: { pg_trgm },
    });
  } catch (error) {
    throw new RestoreRefused(
      `${name} does not open as a database: ${firstLine(String((error as Error).message))}`,
    );
  }
  try {
    await checkDatabase(client, name);
  } finally {
    await client.close();
  }
}

/** "20261123-050215" in Asia/Kolkata. */
function stamp(now: Date): string {
  const ist = new Date(now.getTime() + (5 * 60 + 30) * 60 * 1000).toISOString();
  return `${ist.slice(0, 10).replaceAll("-", "")}-${ist.slice(11, 19).replaceAll(":", "")}`;
}

export interface EmbeddedRestoreResult {
  /** Where the previous database went, or null when DATA_DIR had none. */
  previous: string | null;
  pgDataDir: string;
}

/**
 * Restores an embedded-database archive into `dataDir` (stopped or empty). The previous
 * database is moved aside to `pgdata.before-restore-<stamp>`, the stamp being instant `now` in
 * Asia/Kolkata ("20261123-050215").
 * @throws RestoreRefused (nothing changed) when the file fails a check or a server holds
 *   `dataDir`; file system errors otherwise (the temporary directory is removed).
 */
export async function restoreEmbedded(
  dataDir: string,
  file: string,
  now: Date,
): Promise<EmbeddedRestoreResult> {
  const name = path.basename(file);
  if (detectBackupKind(file) !== "pglite") {
    throw new RestoreRefused(
      `${name} is a pg_dump file: restore it with DATABASE_URL set to a PostgreSQL database`,
    );
  }
  const archive = readPgliteArchive(file);
  await checkArchiveInMemory(archive, name);

  const pgDataDir = path.join(dataDir, "pgdata");
  let release: () => void;
  try {
    release = acquireDataDirLock(dataDir, pgDataDir);
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      throw new RestoreRefused(`${error.message.split(";")[0]}: stop it before restoring`);
    }
    throw error;
  }
  const when = stamp(now);
  const loading = path.join(dataDir, `pgdata.restoring-${when}`);
  try {
    fs.rmSync(loading, { recursive: true, force: true });
    const client = await PGlite.create({
      dataDir: loading,
      loadDataDir: new Blob([new Uint8Array(archive)]),
      extensions: { pg_trgm },
    });
    try {
      await checkDatabase(client, name);
    } finally {
      await client.close();
    }
    // PGlite unpacks the archive with its own modes (0666 files): owner-only before it is the
    // live database, not only at the server's next start (docs/operations.md).
    restrictToOwner(loading);
    let previous: string | null = null;
    if (fs.existsSync(pgDataDir)) {
      previous = path.join(dataDir, `pgdata.before-restore-${when}`);
      fs.renameSync(pgDataDir, previous);
    }
    fs.renameSync(loading, pgDataDir);
    return { previous, pgDataDir };
  } catch (error) {
    fs.rmSync(loading, { recursive: true, force: true });
    throw error;
  } finally {
    release();
  }
}

/** Migration rows in a pg_dump file (from its data for drizzle.__drizzle_migrations). */
async function dumpedMigrations(file: string): Promise<AppliedMigration[] | null> {
  const result = await runTool("pg_restore", [
    "--data-only",
    "--schema=drizzle",
    "--table=__drizzle_migrations",
    "--file=-",
    file,
  ]);
  if (result.code !== 0) return null;
  const lines = result.stdout.split("\n");
  const start = lines.findIndex((line) => /^COPY drizzle\.__drizzle_migrations /.test(line));
  if (start < 0) return null;
  const columns = /\(([^)]*)\)/.exec(lines[start] ?? "")?.[1]?.split(", ") ?? [];
  const hashAt = columns.indexOf("hash");
  const createdAt = columns.indexOf("created_at");
  const rows: AppliedMigration[] = [];
  for (const line of lines.slice(start + 1)) {
    if (line === "\\.") break;
    const fields = line.split("\t");
    rows.push({ hash: fields[hashAt] ?? "", createdAt: Number(fields[createdAt]) });
  }
  return rows;
}

/**
 * Checks a pg_dump custom-format file without touching any database: pg_restore reads it end
 * to end, then its migration rows are compared with this build's.
 * @throws RestoreRefused
 */
export async function checkPostgresDump(file: string): Promise<void> {
  const name = path.basename(file);
  requireTool("pg_restore");
  const whole = await runTool("pg_restore", ["--file=/dev/null", file]);
  if (whole.code !== 0) {
    throw new RestoreRefused(
      `${name} is truncated or damaged: pg_restore says ${firstLine(whole.stderr)}`,
    );
  }
  const migrations = await dumpedMigrations(file);
  if (!migrations) {
    throw new RestoreRefused(`${name} is not a Scrap & Sprout backup: it has no migrations table`);
  }
  checkMigrations(name, migrations);
}

/**
 * Restores a pg_dump file into the database at `databaseUrl`, in one transaction (a failure
 * leaves the database as it was). The database must have no tables in `public` unless `force`
 * (then pg_restore --clean replaces the ones the backup has).
 * @throws RestoreRefused (nothing changed), BackupError when pg_restore fails.
 */
export async function restorePostgres(
  databaseUrl: string,
  file: string,
  force: boolean,
): Promise<void> {
  const name = path.basename(file);
  if (detectBackupKind(file) !== "postgres") {
    throw new RestoreRefused(
      `${name} is an embedded-database archive: restore it without DATABASE_URL (into DATA_DIR)`,
    );
  }
  await checkPostgresDump(file);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let tables: number;
  try {
    const { rows } = await client.query<{ n: number }>(
      "select count(*)::int as n from information_schema.tables where table_schema = 'public'",
    );
    tables = rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
  if (tables > 0 && !force) {
    throw new RestoreRefused(
      `The database at DATABASE_URL already has ${tables} table(s): restore into an empty database (createdb), or pass --force to replace them`,
    );
  }
  const connection = postgresConnection(databaseUrl);
  const result = await runTool(
    "pg_restore",
    [
      "--single-transaction",
      "--exit-on-error",
      "--no-owner",
      "--no-privileges",
      ...(force ? ["--clean", "--if-exists"] : []),
      `--dbname=${connection.dbname}`,
      file,
    ],
    connection.env,
  );
  if (result.code !== 0) {
    throw new RestoreRefused(
      `pg_restore failed, the database is unchanged: ${firstLine(result.stderr)}`,
    );
  }
}
