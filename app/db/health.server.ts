/**
 * What `/healthz` checks (docs/operations.md "Faults and recovery"): the database answers and
 * is not read-only, and (embedded database) DATA_DIR has room and takes a write. A full disk
 * leaves `select 1` working while every new order fails, so answering `select 1` is not enough.
 * PostgreSQL's own disk is the database server's to watch: nothing here writes to it.
 */
import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "./client.server";

/** Where and how strictly to check; `dataDir` is checked only on the embedded database. */
export interface HealthSettings {
  dataDir: string;
  /** /healthz fails below this many free bytes in DATA_DIR (HEALTH_MIN_FREE_MB). */
  minFreeBytes: number;
}

const MB = 1024 * 1024;

/**
 * @returns null when healthy, otherwise one line saying what is wrong, with error codes (errno
 *   or SQLSTATE) but no messages, paths or secrets, since /healthz is public. Never throws.
 */
export async function healthProblem(
  handle: Pick<DatabaseHandle, "db" | "driver" | "ping">,
  settings: HealthSettings,
): Promise<string | null> {
  try {
    await handle.ping();
  } catch (error) {
    return `the database does not answer: ${firstLine(error)}`;
  }
  try {
    // A standby after a failover, or default_transaction_read_only, refuses every write while
    // still answering reads. Nothing is written here, so /healthz never grows the database.
    const result = (await handle.db.execute(
      sql`select pg_is_in_recovery() as recovery, current_setting('transaction_read_only') as read_only`,
    )) as unknown as { rows: { recovery: boolean; read_only: string }[] };
    const row = result.rows[0];
    if (row?.recovery) return "the database cannot write: it is a standby in recovery";
    if (row?.read_only === "on") return "the database cannot write: it is read-only";
  } catch (error) {
    return `the database cannot write: ${firstLine(error)}`;
  }
  if (handle.driver !== "pglite") return null;

  try {
    const stats = await fs.statfs(settings.dataDir);
    const free = stats.bavail * stats.bsize;
    if (free < settings.minFreeBytes) {
      return `only ${(free / MB).toFixed(1)} MB free in DATA_DIR, under HEALTH_MIN_FREE_MB (${(settings.minFreeBytes / MB).toFixed(0)} MB)`;
    }
  } catch (error) {
    return `cannot read the free space of DATA_DIR: ${firstLine(error)}`;
  }
  return writeProbe(settings.dataDir);
}

/** Writes, fsyncs and removes a 4 KiB file in DATA_DIR: a full or read-only disk fails here. */
async function writeProbe(dataDir: string): Promise<string | null> {
  const probe = path.join(dataDir, `.healthz-${crypto.randomBytes(4).toString("hex")}.tmp`);
  try {
    const file = await fs.open(probe, "wx", 0o600);
    try {
      await file.write(Buffer.alloc(4096));
      await file.sync();
    } finally {
      await file.close();
    }
    return null;
  } catch (error) {
    return `DATA_DIR cannot be written: ${firstLine(error)}`;
  } finally {
    await fs.rm(probe, { force: true }).catch(() => {});
  }
}

/** An error code (errno or SQLSTATE), never the message: /healthz is public. */
function firstLine(error: unknown): string {
  const withCode = error as { code?: unknown; cause?: { code?: unknown } } | undefined;
  const code = withCode?.code ?? withCode?.cause?.code;
  return typeof code === "string" ? code : "no error code";
}
