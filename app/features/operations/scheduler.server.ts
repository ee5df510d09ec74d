/**
 * The one scheduler of every server process (docs/operations.md "Scheduler and housekeeping"):
 * it ticks every {@link DEFAULT_TICK_MS} (and once at start), asks each job which window is due
 * now, and runs a window only after claiming its `scheduled_runs` row (primary key job +
 * window key) in one `INSERT … ON CONFLICT DO UPDATE … WHERE … RETURNING` statement. So a
 * window runs once however many servers tick, a restart does not repeat a finished window, and
 * a clock that jumps back to a window already done does nothing.
 *
 * A server killed mid-run leaves its row 'running' until `lease_until` passes; then any server
 * (or the restarted one) claims it again and runs the window again. A failed run is retried
 * after a backoff, at most {@link DEFAULT_MAX_ATTEMPTS} attempts in all. Because a window can
 * run twice after a crash, every job's effect must itself be idempotent.
 */
import crypto from "node:crypto";
import { and, eq, lt, type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { scheduledRuns } from "~/db/schema/operations";
import { kolkataInstant, todayInKolkata } from "~/utils/dates";

/** What a job's run receives. */
export interface JobContext {
  db: Database;
  /** The tick's instant (the injected clock in tests). */
  now: Date;
  /** The window being run, as returned by `windowOf`. */
  windowKey: string;
}

/** A job the scheduler runs once per window. */
export interface ScheduledJob {
  /** Unique, e.g. 'expire-payments'; the `job` column. */
  name: string;
  /**
   * The key of the window due at `now` (e.g. the Asia/Kolkata date once a daily time has
   * passed, or a 5-minute bucket), or null when nothing is due. Pure.
   */
  windowOf(now: Date): string | null;
  /**
   * Does the window's work and returns a one-line summary ('3 payments expired'). Must be
   * idempotent: after a crash the same window may run again. A throw marks the run failed.
   */
  run(ctx: JobContext): Promise<string>;
  /** How long a claim holds before another server may take the window over, ms (default 60 000; renewed while running). */
  leaseMs?: number;
}

export type JobOutcome = "done" | "failed";

/** The part of a pino logger the scheduler writes to. */
export interface SchedulerLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface SchedulerOptions {
  db: Database;
  jobs: readonly ScheduledJob[];
  /** This server's name in `claimed_by` (default a random UUID). */
  id?: string;
  /** Interval between ticks, ms (default {@link DEFAULT_TICK_MS}). */
  tickMs?: number;
  /** Attempts of one window before it is left failed (default {@link DEFAULT_MAX_ATTEMPTS}). */
  maxAttempts?: number;
  /** Delay before retrying a window whose attempt `n` failed, ms (default {@link defaultRetryDelay}). */
  retryDelay?: (attempt: number) => number;
  /** How long `stop()` waits for a running job, ms (default {@link STOP_GRACE_MS}). */
  stopGraceMs?: number;
  /** The clock; when given, windows, leases and timestamps all come from it (tests). */
  now?: () => Date;
  logger?: SchedulerLogger;
  /** Called after every run this server made (metrics): the job, its outcome, its duration in seconds. */
  onRun?: (job: string, outcome: JobOutcome, seconds: number) => void;
}

/** What one job did in a tick. */
export type TickEntry =
  | { job: string; windowKey: string; outcome: JobOutcome; detail: string }
  | { job: string; windowKey: string | null; outcome: "not-due" | "not-claimed" };

export interface Scheduler {
  readonly id: string;
  /** Ticks now and then every `tickMs` (idempotent). Timers are unref'd. */
  start(): void;
  /**
   * Stops ticking and waits for the job in flight (≤ `stopGraceMs`); a job still running then is
   * left to its lease (another server, or this one restarted, runs the window again). Never rejects.
   */
  stop(): Promise<void>;
  /** One tick over every job, in order (tests, and the loop). Never rejects. */
  tick(): Promise<TickEntry[]>;
}

export const DEFAULT_TICK_MS = 20_000;
export const DEFAULT_LEASE_MS = 60_000;
export const DEFAULT_MAX_ATTEMPTS = 5;
export const STOP_GRACE_MS = 15_000;
const DETAIL_MAX_CHARS = 500;

/** Retry delay after attempt `attempt` (1-based) failed: 1 min × 2^(attempt−1), at most 1 h. */
export function defaultRetryDelay(attempt: number): number {
  return Math.min(60 * 60_000, 60_000 * 2 ** Math.max(0, attempt - 1));
}

/**
 * A daily window: the Asia/Kolkata date ("YYYY-MM-DD") once `time` ("HH:MM", Asia/Kolkata) has
 * passed that day; null before it. A server that was down at `time` runs the day's window when
 * it next ticks that day.
 */
export function dailyAt(time: string): (now: Date) => string | null {
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) throw new RangeError(`Not a time "HH:MM": ${time}`);
  return (now) => {
    const date = todayInKolkata(now);
    return now.getTime() >= kolkataInstant(date, time).getTime() ? date : null;
  };
}

/**
 * A window every `minutes` minutes (1–1440, dividing a day): the UTC start of the bucket `now`
 * falls in, "YYYY-MM-DDTHH:MMZ". Always due.
 */
export function everyMinutes(minutes: number): (now: Date) => string {
  if (!Number.isInteger(minutes) || minutes < 1 || 1440 % minutes !== 0) {
    throw new RangeError(`Minutes must divide a day: ${minutes}`);
  }
  const size = minutes * 60_000;
  return (now) => {
    const start = new Date(Math.floor(now.getTime() / size) * size);
    return `${start.toISOString().slice(0, 16)}Z`;
  };
}

interface Settings {
  db: Database;
  id: string;
  maxAttempts: number;
  retryDelay: (attempt: number) => number;
  now: (() => Date) | undefined;
  log: SchedulerLogger;
  onRun: SchedulerOptions["onRun"];
}

/** The current instant in SQL (the injected clock or the database's now()), plus `plusMs`. */
function nowSql(settings: Settings, plusMs = 0): SQL {
  const base = settings.now ? sql`${settings.now().toISOString()}::timestamptz` : sql`now()`;
  return plusMs === 0 ? base : sql`(${base} + ${plusMs} * interval '1 millisecond')`;
}

/**
 * Claims the window: inserts its row, or takes over a row whose holder's lease ran out, or a
 * failed row whose retry time has come (attempts left). Returns the attempt number, or null
 * when another server holds the window or it is done (or given up).
 */
async function claim(
  settings: Settings,
  job: ScheduledJob,
  windowKey: string,
): Promise<number | null> {
  const leaseMs = job.leaseMs ?? DEFAULT_LEASE_MS;
  const rows = await settings.db
    .insert(scheduledRuns)
    .values({
      job: job.name,
      windowKey,
      status: "running",
      claimedBy: settings.id,
      leaseUntil: nowSql(settings, leaseMs),
      attempts: 1,
      startedAt: nowSql(settings),
    })
    .onConflictDoUpdate({
      target: [scheduledRuns.job, scheduledRuns.windowKey],
      set: {
        status: "running",
        claimedBy: settings.id,
        leaseUntil: nowSql(settings, leaseMs),
        attempts: sql`${scheduledRuns.attempts} + 1`,
        startedAt: nowSql(settings),
        finishedAt: null,
      },
      // 'running' past its lease: its server died. 'failed': retry time came (lease_until holds it).
      setWhere: sql`${scheduledRuns.status} in ('running', 'failed') and ${scheduledRuns.leaseUntil} < ${nowSql(settings)} and ${scheduledRuns.attempts} < ${settings.maxAttempts}`,
    })
    .returning({ attempts: scheduledRuns.attempts });
  return rows[0]?.attempts ?? null;
}

/** The row while this server still holds this attempt of it. */
function heldBy(settings: Settings, job: string, windowKey: string, attempt: number) {
  return and(
    eq(scheduledRuns.job, job),
    eq(scheduledRuns.windowKey, windowKey),
    eq(scheduledRuns.claimedBy, settings.id),
    eq(scheduledRuns.attempts, attempt),
    eq(scheduledRuns.status, "running"),
  );
}

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > DETAIL_MAX_CHARS ? `${line.slice(0, DETAIL_MAX_CHARS - 1)}…` : line;
}

/** Runs one claimed window, renewing its lease meanwhile, and records the outcome. */
async function runClaimed(
  settings: Settings,
  job: ScheduledJob,
  windowKey: string,
  attempt: number,
  now: Date,
): Promise<TickEntry> {
  const leaseMs = job.leaseMs ?? DEFAULT_LEASE_MS;
  const held = heldBy(settings, job.name, windowKey, attempt);
  const renew = setInterval(
    () => {
      settings.db
        .update(scheduledRuns)
        .set({ leaseUntil: nowSql(settings, leaseMs) })
        .where(held)
        .catch((error: unknown) =>
          settings.log.warn({ err: error, job: job.name }, "could not renew a job's lease"),
        );
    },
    Math.max(1000, Math.floor(leaseMs / 3)),
  );
  renew.unref();
  const started = performance.now();
  let outcome: JobOutcome;
  let detail: string;
  try {
    detail = oneLine(await job.run({ db: settings.db, now, windowKey }));
    outcome = "done";
  } catch (error) {
    detail = oneLine(error instanceof Error ? `${error.name}: ${error.message}` : String(error));
    outcome = "failed";
  } finally {
    clearInterval(renew);
  }
  const seconds = (performance.now() - started) / 1000;
  await settings.db
    .update(scheduledRuns)
    .set(
      outcome === "done"
        ? { status: "done", detail, finishedAt: nowSql(settings) }
        : {
            status: "failed",
            detail,
            finishedAt: nowSql(settings),
            // Not retried before this time.
            leaseUntil: nowSql(settings, settings.retryDelay(attempt)),
          },
    )
    .where(held);
  const log = outcome === "done" ? settings.log.info : settings.log.warn;
  log.call(settings.log, { job: job.name, windowKey, attempt, seconds, detail }, `job ${outcome}`);
  settings.onRun?.(job.name, outcome, seconds);
  return { job: job.name, windowKey, outcome, detail };
}

/** One job in a tick: its due window, claimed and run, or why not. Never throws. */
async function tickJob(settings: Settings, job: ScheduledJob, now: Date): Promise<TickEntry> {
  let windowKey: string | null = null;
  try {
    windowKey = job.windowOf(now);
    if (windowKey === null) return { job: job.name, windowKey, outcome: "not-due" };
    const attempt = await claim(settings, job, windowKey);
    if (attempt === null) return { job: job.name, windowKey, outcome: "not-claimed" };
    return await runClaimed(settings, job, windowKey, attempt, now);
  } catch (error) {
    // The database failed (claim or record): the next tick tries again; a claimed row's lease runs out.
    settings.log.warn({ err: error, job: job.name, windowKey }, "scheduler tick failed for a job");
    return { job: job.name, windowKey, outcome: "not-claimed" };
  }
}

/**
 * A scheduler over `options.jobs` (see the module comment). Job names must be unique.
 * @throws Error when two jobs share a name.
 */
export function createScheduler(options: SchedulerOptions): Scheduler {
  const names = new Set(options.jobs.map((job) => job.name));
  if (names.size !== options.jobs.length) throw new Error("Scheduled job names must be unique");
  const settings: Settings = {
    db: options.db,
    id: options.id ?? crypto.randomUUID(),
    maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    retryDelay: options.retryDelay ?? defaultRetryDelay,
    now: options.now,
    log: options.logger ?? { info() {}, warn() {} },
    onRun: options.onRun,
  };
  const tickMs = options.tickMs ?? DEFAULT_TICK_MS;
  const stopGraceMs = options.stopGraceMs ?? STOP_GRACE_MS;
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let stopped = false;
  let current: Promise<unknown> = Promise.resolve();

  async function tick(): Promise<TickEntry[]> {
    const entries: TickEntry[] = [];
    for (const job of options.jobs) {
      // Stopping: the jobs not started yet wait for the next tick (here or on another server).
      if (stopped) break;
      entries.push(await tickJob(settings, job, options.now?.() ?? new Date()));
    }
    return entries;
  }

  function loop() {
    if (stopped) return;
    current = tick().finally(() => {
      if (stopped) return;
      timer = setTimeout(loop, tickMs);
      timer.unref();
    });
  }

  return {
    id: settings.id,
    start() {
      if (running || stopped) return;
      running = true;
      loop();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      let graceTimer: NodeJS.Timeout | undefined;
      const grace = new Promise<void>((resolve) => {
        graceTimer = setTimeout(resolve, stopGraceMs);
        graceTimer.unref();
      });
      await Promise.race([current.catch(() => {}), grace]);
      clearTimeout(graceTimer);
    },
    tick,
  };
}

/** Runs older than this are pruned by {@link pruneScheduledRuns}, days. */
export const SCHEDULED_RUNS_KEEP_DAYS = 90;

/**
 * Deletes `scheduled_runs` rows started more than `keepDays` days before `now` (their windows
 * are long past, so no job asks for them again). Idempotent.
 * @returns the number of rows deleted.
 */
export async function pruneScheduledRuns(
  db: Database,
  now: Date,
  keepDays: number = SCHEDULED_RUNS_KEEP_DAYS,
): Promise<number> {
  const cutoff = new Date(now.getTime() - keepDays * 24 * 60 * 60_000);
  const deleted = await db
    .delete(scheduledRuns)
    .where(lt(scheduledRuns.startedAt, cutoff))
    .returning({ job: scheduledRuns.job });
  return deleted.length;
}
