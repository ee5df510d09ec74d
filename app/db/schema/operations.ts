/**
 * Operations tables (docs/operations.md): the scheduler's runs, the backups taken, the first-run
 * setup token and the rate-limit counters shared by several app servers on one PostgreSQL.
 *
 * - `scheduled_runs`: one row per job and schedule window (e.g. job 'nightly-backup', window
 *   '2026-11-23'). A server runs a window only after inserting or re-claiming its row, so a
 *   window runs once even with several servers, a restart or a clock jump; a server that dies
 *   mid-run leaves `lease_until` to run out and another server runs the window again.
 * - `backups`: what each backup wrote (file, bytes), for the admin overview.
 * - `staff_setup_token`: at most one live one-time setup link (SHA-256 of the token), whichever
 *   server created it.
 * - `rate_limits`: rate-limiter-flexible's RateLimiterPostgres table (key, points, expire in
 *   epoch milliseconds), created here so no server creates it at run time.
 */
import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  varchar,
} from "drizzle-orm/pg-core";

export const scheduledRunStatuses = ["running", "done", "failed"] as const;
export type ScheduledRunStatus = (typeof scheduledRunStatuses)[number];

export const scheduledRuns = pgTable(
  "scheduled_runs",
  {
    /** The job's name, e.g. 'nightly-backup', 'expire-payments'. */
    job: text("job").notNull(),
    /** The schedule window this run covers, e.g. a date '2026-11-23' or a minute '2026-11-23T02:30'. */
    windowKey: text("window_key").notNull(),
    status: text("status", { enum: scheduledRunStatuses }).notNull().default("running"),
    /** The server (dispatcher-style id) that holds or held the run. */
    claimedBy: text("claimed_by").notNull(),
    /** While running: another server may take the window over after this time. */
    leaseUntil: timestamp("lease_until", { withTimezone: true }).notNull(),
    attempts: integer("attempts").notNull().default(1),
    /** A one-line summary of what the run did ('3 payments expired') or why it failed. */
    detail: text("detail"),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.job, t.windowKey] }),
    check("scheduled_runs_status_valid", sql`${t.status} in ('running', 'done', 'failed')`),
    index("scheduled_runs_job_started_idx").on(t.job, t.startedAt),
  ],
);

export const backupKinds = ["nightly", "manual"] as const;
export type BackupKind = (typeof backupKinds)[number];

export const backups = pgTable(
  "backups",
  {
    id: serial("id").primaryKey(),
    kind: text("kind", { enum: backupKinds }).notNull(),
    /** 'pglite' (a data directory archive) or 'postgres' (pg_dump custom format). */
    driver: text("driver").notNull(),
    /** Absolute path of the file written. */
    file: text("file").notNull(),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    finishedAt: timestamp("finished_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("backups_kind_valid", sql`${t.kind} in ('nightly', 'manual')`),
    check("backups_size_nonnegative", sql`${t.sizeBytes} >= 0`),
    index("backups_finished_idx").on(t.finishedAt),
  ],
);

export const staffSetupToken = pgTable(
  "staff_setup_token",
  {
    /** Always 1: at most one setup link exists. */
    id: integer("id").primaryKey().default(1),
    /** SHA-256 (hex) of the token in the link; the token itself is never stored. */
    tokenHash: text("token_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("staff_setup_token_single", sql`${t.id} = 1`)],
);

export const rateLimits = pgTable("rate_limits", {
  key: varchar("key", { length: 255 }).primaryKey(),
  points: integer("points").notNull().default(0),
  /** Epoch milliseconds when the counter ends; null for a counter that never ends. */
  expire: bigint("expire", { mode: "number" }),
});
