/**
 * The outbox dispatcher (docs/messages.md "The dispatcher", ADR 0013, ADR 0022): every cycle it
 * first skips in one statement the due rows that will never be sent (past their `expires_at`:
 * "Too late"; a channel without settings), then claims due rows of the configured channels with
 * a lease in one `FOR UPDATE SKIP LOCKED` statement, renders and sends them with a bounded
 * number of sends in flight per channel, and records the results in one statement per group of
 * results (group commit). Several dispatchers (one per server process) share one PostgreSQL
 * without sending a row twice; a dispatcher that dies leaves its lease to run out, and the rows
 * whose send had started but whose result was not written are sent again by another (at most
 * the sends in flight and the results being written repeat; never a silent drop).
 */
import crypto from "node:crypto";
import {
  and,
  asc,
  eq,
  getTableColumns,
  gt,
  inArray,
  isNull,
  lt,
  lte,
  notInArray,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { TOO_LATE } from "~/db/outbox.server";
import { type Message, type MessageChannel, messages } from "~/db/schema/messages";
import { logger as appLogger } from "~/utils/logger.server";
import {
  type Channel,
  PermanentSendError,
  type RenderedEmail,
  type RenderedWhatsApp,
  type SendResult,
  TemporarySendError,
} from "./channel";
import { SMTP_POOL_CONNECTIONS } from "./email-channel";

/** The longest `last_error` kept, in characters. */
export const LAST_ERROR_MAX_CHARS = 1000;
/** How long `stop()` waits for the sends in flight before leaving them to their lease, ms. */
export const STOP_GRACE_MS = 10_000;
/** Due rows skipped by one sweep statement at most (too late, channel not configured). */
export const SWEEP_LIMIT = 1000;
const BACKOFF_BASE_MS = 30_000;
const BACKOFF_CAP_MS = 60 * 60 * 1000;

/** The part of a pino logger the dispatcher writes to. */
export interface DispatcherLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/**
 * Where the dispatcher reads the time for due, lease and too-late checks: "database" (the
 * database server's now(): one clock for every app server, so servers whose clocks differ by
 * minutes never take each other's leases or send a row late; production, ADR 0022), or a
 * function (tests, which move it by hand).
 */
export type DispatcherClock = "database" | (() => Date);

export interface DispatcherOptions {
  db: Database;
  channels: { email: Channel<"email">; whatsapp: Channel<"whatsapp"> };
  /** Turns an outbox row into the channel's content; a throw fails the row (no retry). */
  render: { email(row: Message): RenderedEmail; whatsapp(row: Message): RenderedWhatsApp };
  /** The clock of every due, lease, sent and too-late decision. */
  clock: DispatcherClock;
  /** This dispatcher's name in `claimed_by` (default a random UUID). */
  id?: string;
  /** Rows claimed at once (default 50). */
  batchSize?: number;
  /** Sends in flight at once per channel (default 20 each: the SMTP pool's connections). */
  concurrency?: Partial<Record<MessageChannel, number>>;
  /** How long a claim holds, ms (default 60 000). */
  leaseMs?: number;
  /** Attempts before a row is `failed` (default 6). */
  maxAttempts?: number;
  /** Delay before the next attempt after attempt `n` failed, ms (default {@link defaultBackoff}). */
  backoff?: (attempt: number) => number;
  /** Idle poll interval, ms (default 1000). */
  pollMs?: number;
  /** Strings never written to `last_error` or the log (tokens, passwords). */
  secrets?: string[];
  logger?: DispatcherLogger;
  /** Called after every cycle of the loop (metrics, tests). */
  onCycle?: (cycle: DispatchCycle) => void;
  /** Called once a row's outcome is recorded (metrics per channel); `retried`: left pending. */
  onSend?: (
    row: Pick<Message, "channel">,
    outcome: "sent" | "failed" | "skipped" | "retried",
  ) => void;
  /**
   * Why a claimed row must not go out after all (e.g. the newsletter's recipient unsubscribed
   * meanwhile), or null to send it. Asked before rendering; a reason skips the row.
   */
  skipIf?: (row: Message) => Promise<string | null>;
}

/** What one sweep-claim-and-send cycle did. */
export interface DispatchCycle {
  claimed: number;
  sent: number;
  failed: number;
  /** Skipped by the sweep (too late, channel not configured) or after the claim. */
  skipped: number;
  /** Left pending for a later attempt (temporary failure). */
  retried: number;
  /** Claimed but not attempted (stop, or the lease ran short): handed back. */
  released: number;
}

export interface Dispatcher {
  readonly id: string;
  /** Starts polling (idempotent). Timers are unref'd: they never keep the process alive. */
  start(): void;
  /**
   * Stops claiming, waits for the sends in flight (≤ {@link STOP_GRACE_MS}), records their
   * results, hands the rest of the claimed batch back (`claimed_until = null`) and resolves.
   * Never rejects.
   */
  stop(): Promise<void>;
  /** One sweep-claim-and-send cycle (tests, and the loop). @throws when the database fails. */
  runOnce(): Promise<DispatchCycle>;
}

/**
 * The default retry delay after attempt `attempt` (1-based) failed: 30 s × 2^(attempt−1), ±20 %
 * jitter, at most 1 h (docs/messages.md "Backoff").
 */
export function defaultBackoff(attempt: number, random: () => number = Math.random): number {
  const base = BACKOFF_BASE_MS * 2 ** Math.max(0, attempt - 1);
  const jittered = base * (0.8 + 0.4 * random());
  return Math.round(Math.min(BACKOFF_CAP_MS, jittered));
}

/**
 * An error message fit for `last_error`: secrets and URL credentials replaced by `***`, bearer
 * tokens hidden, at most {@link LAST_ERROR_MAX_CHARS} characters.
 */
export function redactError(text: string, secrets: readonly string[] = []): string {
  let clean = text;
  for (const secret of secrets) {
    if (secret.length >= 4) clean = clean.split(secret).join("***");
  }
  clean = clean
    .replace(/([a-z][a-z0-9+.-]*:\/\/)[^\s/@:]*:[^\s/@]*@/gi, "$1***@")
    .replace(/(bearer\s+)[A-Za-z0-9._~+/=-]+/gi, "$1***");
  return clean.length > LAST_ERROR_MAX_CHARS
    ? `${clean.slice(0, LAST_ERROR_MAX_CHARS - 1)}…`
    : clean;
}

function errorText(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}

type Outcome =
  | { kind: "sent"; result: SendResult }
  | { kind: "skipped"; reason: string }
  | { kind: "failed"; error: string }
  | { kind: "retry"; error: string; delayMs: number }
  | { kind: "abandoned" };

type Recorded = Exclude<Outcome, { kind: "abandoned" }>;

interface Settings {
  db: Database;
  id: string;
  batchSize: number;
  concurrency: Record<MessageChannel, number>;
  leaseMs: number;
  maxAttempts: number;
  backoff: (attempt: number) => number;
  clock: DispatcherClock;
  secrets: string[];
  log: DispatcherLogger;
  options: DispatcherOptions;
}

/** The current instant in SQL: the injected clock, or the database's now(). */
function nowSql(settings: Settings, plusMs = 0): SQL {
  const { clock } = settings;
  const base = clock === "database" ? sql`now()` : sql`${clock().toISOString()}::timestamptz`;
  return plusMs === 0 ? base : sql`(${base} + ${plusMs} * interval '1 millisecond')`;
}

/** Pending, due and not held by a live lease, at the dispatcher's now. */
function dueAndFree(settings: Settings): SQL | undefined {
  return and(
    eq(messages.status, "pending"),
    lte(messages.sendAfter, nowSql(settings)),
    or(isNull(messages.claimedUntil), lt(messages.claimedUntil, nowSql(settings))),
  );
}

/** The channels that cannot send, with their reasons. */
function unconfiguredChannels(settings: Settings): Map<MessageChannel, string> {
  const { email, whatsapp } = settings.options.channels;
  const reasons = new Map<MessageChannel, string>();
  for (const channel of [email, whatsapp]) {
    const reason = channel.skipReason();
    if (reason) reasons.set(channel.name, reason);
  }
  return reasons;
}

/**
 * Skips, in one statement, up to {@link SWEEP_LIMIT} due rows that will never be sent: rows at
 * or past their `expires_at` ({@link TOO_LATE}) and rows of a channel without settings (its
 * reason). Neither counts an attempt.
 * @returns the skipped rows' channels (for metrics).
 */
async function sweep(settings: Settings): Promise<Pick<Message, "channel">[]> {
  const unconfigured = unconfiguredChannels(settings);
  const tooLate = lte(messages.expiresAt, nowSql(settings));
  const noChannel =
    unconfigured.size > 0 ? inArray(messages.channel, [...unconfigured.keys()]) : undefined;
  const doomed = settings.db
    .select({ id: messages.id })
    .from(messages)
    .where(and(dueAndFree(settings), or(tooLate, noChannel)))
    .orderBy(asc(messages.sendAfter), asc(messages.id))
    .limit(SWEEP_LIMIT)
    .for("update", { skipLocked: true });
  const reasonOf = sql`case when ${tooLate} then ${TOO_LATE} ${sql.join(
    [...unconfigured].map(
      ([channel, reason]) => sql`when ${messages.channel} = ${channel} then ${reason}`,
    ),
    sql` `,
  )} else ${TOO_LATE} end`;
  return settings.db
    .update(messages)
    .set({ status: "skipped", lastError: reasonOf, updatedAt: nowSql(settings) })
    .where(inArray(messages.id, doomed))
    .returning({ channel: messages.channel });
}

/** A claimed batch, in send order, with the dispatcher's clock at the claim. */
interface Claim {
  rows: Message[];
  /** The claim's now in ms since the epoch (the database's, or the injected clock's). */
  nowMs: number;
  /** performance.now() when the claim answered. */
  at: number;
}

/**
 * Claims up to `batchSize` due rows of the configured channels that are not past their
 * `expires_at`, in one statement.
 */
async function claim(settings: Settings): Promise<Claim> {
  const { db } = settings;
  const unconfigured = [...unconfiguredChannels(settings).keys()];
  const due = db
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        dueAndFree(settings),
        or(isNull(messages.expiresAt), gt(messages.expiresAt, nowSql(settings))),
        unconfigured.length > 0 ? notInArray(messages.channel, unconfigured) : undefined,
      ),
    )
    .orderBy(asc(messages.sendAfter), asc(messages.id))
    .limit(settings.batchSize)
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(messages)
    .set({
      claimedBy: settings.id,
      claimedUntil: nowSql(settings, settings.leaseMs),
      attempts: sql`${messages.attempts} + 1`,
      updatedAt: nowSql(settings),
    })
    .where(inArray(messages.id, due))
    .returning({
      ...getTableColumns(messages),
      claimNowMs: sql<number>`(extract(epoch from ${nowSql(settings)}) * 1000)::float8`,
    });
  const rows: Message[] = claimed
    .map(({ claimNowMs: _, ...row }) => row)
    .sort((a, b) => a.sendAfter.getTime() - b.sendAfter.getTime() || a.id - b.id);
  const nowMs =
    settings.clock === "database"
      ? Number(claimed[0]?.claimNowMs ?? Date.now())
      : settings.clock().getTime();
  return { rows, nowMs, at: performance.now() };
}

/**
 * Waits for `sending`, or resolves null when the dispatcher was asked to stop and the send has
 * not finished within {@link STOP_GRACE_MS}.
 */
type StopWatch = (sending: Promise<SendResult>) => Promise<SendResult | null>;

/** Why a claimed row must not be sent after all (too late by now, skipIf), or null. */
async function skipReason(
  settings: Settings,
  row: Message,
  claimed: Claim,
): Promise<string | null> {
  const nowMs = claimed.nowMs + (performance.now() - claimed.at);
  if (row.expiresAt && row.expiresAt.getTime() <= nowMs) return TOO_LATE;
  const { channels, skipIf } = settings.options;
  const channel = row.channel === "email" ? channels.email : channels.whatsapp;
  return channel.skipReason() ?? (await skipIf?.(row)) ?? null;
}

/** Renders and sends one row; never throws. */
async function attempt(
  settings: Settings,
  row: Message,
  claimed: Claim,
  watch: StopWatch,
): Promise<Outcome> {
  const { channels, render } = settings.options;
  const reason = await skipReason(settings, row, claimed);
  if (reason) return { kind: "skipped", reason };
  let content: RenderedEmail | RenderedWhatsApp;
  try {
    content = row.channel === "email" ? render.email(row) : render.whatsapp(row);
  } catch (error) {
    return { kind: "failed", error: `Could not render: ${errorText(error)}` };
  }
  try {
    const sending =
      row.channel === "email"
        ? channels.email.send(row.recipient, content as RenderedEmail)
        : channels.whatsapp.send(row.recipient, content as RenderedWhatsApp);
    const result = await watch(sending);
    if (result === null) return { kind: "abandoned" };
    return { kind: "sent", result };
  } catch (error) {
    return failure(settings, row, error);
  }
}

/** A failed send: permanent, the last attempt, or a retry after the backoff or Retry-After. */
function failure(settings: Settings, row: Message, error: unknown): Outcome {
  if (error instanceof PermanentSendError) return { kind: "failed", error: errorText(error) };
  if (row.attempts >= settings.maxAttempts) {
    return { kind: "failed", error: `Gave up after ${row.attempts} attempts: ${errorText(error)}` };
  }
  const delayMs =
    error instanceof TemporarySendError && error.retryAfterMs !== undefined
      ? Math.min(BACKOFF_CAP_MS, Math.max(0, error.retryAfterMs))
      : settings.backoff(row.attempts);
  return { kind: "retry", error: errorText(error), delayMs };
}

/** One row of the results statement. */
interface ResultRow {
  id: number;
  status: "sent" | "failed" | "skipped" | "pending";
  last_error: string | null;
  provider_message_id: string | null;
  delay_ms: number | null;
}

function resultRow(settings: Settings, row: Message, outcome: Recorded): ResultRow {
  const base = { id: row.id, last_error: null, provider_message_id: null, delay_ms: null };
  const redact = (text: string) => redactError(text, settings.secrets);
  switch (outcome.kind) {
    case "sent":
      return { ...base, status: "sent", provider_message_id: outcome.result.providerMessageId };
    case "skipped":
      return { ...base, status: "skipped", last_error: redact(outcome.reason) };
    case "failed":
      return { ...base, status: "failed", last_error: redact(outcome.error) };
    default:
      return {
        ...base,
        status: "pending",
        last_error: redact(outcome.error),
        delay_ms: outcome.delayMs,
      };
  }
}

/**
 * Writes the outcomes of several rows in ONE statement, each only while this dispatcher still
 * holds the row, and (but for `sent`, which did happen) only while it is still pending: a
 * reminder skipped by a reschedule while its send was under way stays skipped. A skipped row's
 * attempt is undone; a retry is pending again with `send_after` moved by its delay.
 */
async function recordResults(settings: Settings, results: ResultRow[]): Promise<void> {
  if (results.length === 0) return;
  const now = nowSql(settings);
  await settings.db.execute(sql`
    update ${messages} as m set
      status = v.status,
      claimed_by = null,
      claimed_until = null,
      updated_at = ${now},
      last_error = v.last_error,
      sent_at = case when v.status = 'sent' then ${now} else m.sent_at end,
      provider_message_id = case when v.status = 'sent' then v.provider_message_id else m.provider_message_id end,
      send_after = case when v.delay_ms is null then m.send_after
                        else ${now} + v.delay_ms * interval '1 millisecond' end,
      attempts = case when v.status = 'skipped' then greatest(m.attempts - 1, 0) else m.attempts end
    from jsonb_to_recordset(${JSON.stringify(results)}::jsonb)
      as v(id integer, status text, last_error text, provider_message_id text, delay_ms bigint)
    where m.id = v.id and m.claimed_by = ${settings.id}
      and (v.status = 'sent' or m.status = 'pending')`);
}

/** Hands unattempted rows back: no lease, the claim's attempt undone. */
async function release(settings: Settings, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await settings.db
    .update(messages)
    .set({
      claimedBy: null,
      claimedUntil: null,
      attempts: sql`greatest(${messages.attempts} - 1, 0)`,
      updatedAt: nowSql(settings),
    })
    .where(
      and(
        inArray(messages.id, ids),
        eq(messages.claimedBy, settings.id),
        eq(messages.status, "pending"),
      ),
    );
}

/**
 * Group commit of outcomes: `add` queues one and resolves once it is written (true) or its write
 * failed (false); while a write is under way the next outcomes wait and go together in the
 * following write. A failed write is kept and thrown by `drain` (its rows keep their lease and
 * are sent again after it: at most a repeat, never a loss).
 */
function resultWriter(settings: Settings, cycle: DispatchCycle) {
  let queued: { row: Message; outcome: Recorded; done: (written: boolean) => void }[] = [];
  let writing: Promise<void> | undefined;
  let failed: unknown;
  async function writeAll(): Promise<void> {
    while (queued.length > 0) {
      const group = queued;
      queued = [];
      let written = true;
      try {
        await recordResults(
          settings,
          group.map(({ row, outcome }) => resultRow(settings, row, outcome)),
        );
      } catch (error) {
        failed ??= error;
        written = false;
      }
      for (const { row, outcome, done } of group) {
        if (written) {
          const counted = outcome.kind === "retry" ? "retried" : outcome.kind;
          cycle[counted]++;
          settings.options.onSend?.(row, counted);
        }
        done(written);
      }
    }
  }
  return {
    add(row: Message, outcome: Recorded): Promise<boolean> {
      const result = new Promise<boolean>((done) => queued.push({ row, outcome, done }));
      writing ??= writeAll().finally(() => {
        writing = undefined;
      });
      return result;
    },
    async drain() {
      while (writing) await writing;
      if (failed) throw failed;
    },
  };
}

interface LoopState {
  stopping: boolean;
  watch: StopWatch;
}

function emptyCycle(): DispatchCycle {
  return { claimed: 0, sent: 0, failed: 0, skipped: 0, retried: 0, released: 0 };
}

/**
 * Sends the claimed rows of one channel with at most `concurrency` workers, in send order; each
 * worker sends a row, waits for its result to be written (group commit with the others), then
 * takes the next. A row is started only while at least half the lease is left, the dispatcher
 * is not stopping and no write has failed. @returns the rows never started.
 */
async function sendChannel(
  settings: Settings,
  state: LoopState,
  claimed: Claim,
  rows: Message[],
  concurrency: number,
  writer: ReturnType<typeof resultWriter>,
): Promise<Message[]> {
  const queue = [...rows];
  let halted = false;
  const worker = async () => {
    while (queue.length > 0 && !halted) {
      if (state.stopping || performance.now() - claimed.at > settings.leaseMs / 2) return;
      const row = queue.shift() as Message;
      const outcome = await attempt(settings, row, claimed, state.watch);
      if (outcome.kind === "abandoned") {
        halted = true;
        settings.log.warn(
          { messageId: row.id },
          "stopped while a message was in flight; its lease will run out",
        );
        return;
      }
      // A worker starts its next send only once this result is written, so a dispatcher that
      // dies repeats at most one row per worker: `concurrency` per channel.
      if (!(await writer.add(row, outcome))) {
        halted = true;
        return;
      }
      if (outcome.kind !== "sent") {
        settings.log.info(
          { messageId: row.id, channel: row.channel, outcome: outcome.kind },
          "message not sent",
        );
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  return queue;
}

/**
 * One cycle: the sweep, one claim, the sends of each channel side by side, the results written
 * by group commit; rows not started (stop, short lease) are released. A row whose send was
 * attempted is never released: if its result could not be written, its lease runs out and it
 * is sent again (a repeat, never a loss).
 */
async function dispatchBatch(settings: Settings, state: LoopState): Promise<DispatchCycle> {
  const cycle = emptyCycle();
  if (state.stopping) return cycle;
  const swept = await sweep(settings);
  cycle.skipped += swept.length;
  for (const row of swept) settings.options.onSend?.(row, "skipped");
  const claimed = await claim(settings);
  cycle.claimed = claimed.rows.length;
  const writer = resultWriter(settings, cycle);
  let unstarted: Message[] = [];
  try {
    const byChannel = (["email", "whatsapp"] as const).map((channel) =>
      sendChannel(
        settings,
        state,
        claimed,
        claimed.rows.filter((row) => row.channel === channel),
        settings.concurrency[channel],
        writer,
      ),
    );
    unstarted = (await Promise.all(byChannel)).flat();
  } finally {
    cycle.released = unstarted.length;
    try {
      await writer.drain();
    } finally {
      await release(
        settings,
        unstarted.map((row) => row.id),
      );
    }
  }
  return cycle;
}

function settingsOf(options: DispatcherOptions): Settings {
  return {
    db: options.db,
    id: options.id ?? `dispatcher-${crypto.randomUUID()}`,
    batchSize: options.batchSize ?? 50,
    concurrency: { email: SMTP_POOL_CONNECTIONS, whatsapp: 20, ...options.concurrency },
    leaseMs: options.leaseMs ?? 60_000,
    maxAttempts: options.maxAttempts ?? 6,
    backoff: options.backoff ?? ((attemptNumber) => defaultBackoff(attemptNumber)),
    clock: options.clock,
    secrets: (options.secrets ?? []).filter((secret) => secret.length > 0),
    log: options.logger ?? appLogger(),
    options,
  };
}

/** A StopWatch fed by `onStop` listeners: the grace period starts when stop is requested. */
function stopWatch(state: { stopping: boolean }, listeners: Set<() => void>): StopWatch {
  return (sending) =>
    new Promise<SendResult | null>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const onStop = () => {
        timer = setTimeout(() => resolve(null), STOP_GRACE_MS);
        timer.unref();
      };
      listeners.add(onStop);
      if (state.stopping) onStop();
      sending.then(resolve, reject).finally(() => {
        listeners.delete(onStop);
        if (timer) clearTimeout(timer);
      });
    });
}

/**
 * A dispatcher over `options.db` (docs/messages.md "The dispatcher"): `start()` polls every
 * `pollMs` and claims again at once after a full batch; a failing database is logged and tried
 * again on the next tick, never thrown.
 */
export function createDispatcher(options: DispatcherOptions): Dispatcher {
  const settings = settingsOf(options);
  const listeners = new Set<() => void>();
  const state: LoopState = { stopping: false, watch: () => Promise.resolve(null) };
  state.watch = stopWatch(state, listeners);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let started = false;

  function schedule(delayMs: number): void {
    if (state.stopping) return;
    timer = setTimeout(() => {
      timer = undefined;
      running = tick().finally(() => {
        running = undefined;
      });
    }, delayMs);
    timer.unref();
  }

  async function tick(): Promise<void> {
    let again = false;
    try {
      const cycle = await dispatchBatch(settings, state);
      again =
        cycle.claimed === settings.batchSize || cycle.released > 0 || cycle.skipped >= SWEEP_LIMIT;
      options.onCycle?.(cycle);
    } catch (error) {
      settings.log.warn(
        { err: redactError(errorText(error), settings.secrets) },
        "outbox dispatch failed; retrying on the next tick",
      );
    }
    schedule(again ? 0 : (options.pollMs ?? 1000));
  }

  return {
    id: settings.id,
    start() {
      if (started || state.stopping) return;
      started = true;
      schedule(0);
    },
    async stop() {
      state.stopping = true;
      for (const onStop of listeners) onStop();
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running?.catch(() => {});
    },
    runOnce: () => dispatchBatch(settings, state),
  };
}
