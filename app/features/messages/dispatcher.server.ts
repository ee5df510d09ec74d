/**
 * The outbox dispatcher (docs/messages.md "The dispatcher", ADR 0013): claims due `messages` rows
 * with a lease in one `FOR UPDATE SKIP LOCKED` statement, renders and sends each through its
 * channel, and records the result. Several dispatchers (one per server process) share one
 * PostgreSQL without sending a row twice; a dispatcher that dies leaves its lease to run out,
 * and the row is sent again by another (at most the one in flight is repeated).
 */
import crypto from "node:crypto";
import { and, asc, eq, inArray, isNull, lt, lte, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { type Message, messages } from "~/db/schema/messages";
import { logger as appLogger } from "~/utils/logger.server";
import {
  type Channel,
  PermanentSendError,
  type RenderedEmail,
  type RenderedWhatsApp,
  type SendResult,
  TemporarySendError,
} from "./channel";

/** The longest `last_error` kept, in characters. */
export const LAST_ERROR_MAX_CHARS = 1000;
/** How long `stop()` waits for the send in flight before leaving it to its lease, ms. */
export const STOP_GRACE_MS = 10_000;
const BACKOFF_BASE_MS = 30_000;
const BACKOFF_CAP_MS = 60 * 60 * 1000;

/** The part of a pino logger the dispatcher writes to. */
export interface DispatcherLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export interface DispatcherOptions {
  db: Database;
  channels: { email: Channel<"email">; whatsapp: Channel<"whatsapp"> };
  /** Turns an outbox row into the channel's content; a throw fails the row (no retry). */
  render: { email(row: Message): RenderedEmail; whatsapp(row: Message): RenderedWhatsApp };
  /** This dispatcher's name in `claimed_by` (default a random UUID). */
  id?: string;
  /** Rows claimed at once (default 20). */
  batchSize?: number;
  /** How long a claim holds, ms (default 60 000). */
  leaseMs?: number;
  /** Attempts before a row is `failed` (default 6). */
  maxAttempts?: number;
  /** Delay before the next attempt after attempt `n` failed, ms (default {@link defaultBackoff}). */
  backoff?: (attempt: number) => number;
  /** Idle poll interval, ms (default 1000). */
  pollMs?: number;
  /** The clock; when given, every timestamp (due, lease, sent) comes from it instead of the database's now(). */
  now?: () => Date;
  /** Strings never written to `last_error` or the log (tokens, passwords). */
  secrets?: string[];
  logger?: DispatcherLogger;
  /** Called after every cycle of the loop (metrics, tests). */
  onCycle?: (cycle: DispatchCycle) => void;
  /** Called once a row's outcome is recorded (metrics per channel); `retried`: left pending. */
  onSend?: (row: Message, outcome: "sent" | "failed" | "skipped" | "retried") => void;
  /**
   * Why a claimed row must not go out after all (e.g. the newsletter's recipient unsubscribed
   * meanwhile), or null to send it. Asked before rendering; a reason skips the row.
   */
  skipIf?: (row: Message) => Promise<string | null>;
}

/** What one claim-and-send cycle did. */
export interface DispatchCycle {
  claimed: number;
  sent: number;
  failed: number;
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
   * Stops claiming, waits for the send in flight (≤ {@link STOP_GRACE_MS}), hands the rest of
   * the claimed batch back (`claimed_until = null`) and resolves. Never rejects.
   */
  stop(): Promise<void>;
  /** One claim-and-send cycle (tests, and the loop). @throws when the database fails. */
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

interface Settings {
  db: Database;
  id: string;
  batchSize: number;
  leaseMs: number;
  maxAttempts: number;
  backoff: (attempt: number) => number;
  now: (() => Date) | undefined;
  secrets: string[];
  log: DispatcherLogger;
  options: DispatcherOptions;
}

/** The current instant in SQL: the injected clock, or the database's now(). */
function nowSql(settings: Settings, plusMs = 0): SQL {
  const base = settings.now ? sql`${settings.now().toISOString()}::timestamptz` : sql`now()`;
  return plusMs === 0 ? base : sql`(${base} + ${plusMs} * interval '1 millisecond')`;
}

/** Claims up to `batchSize` due rows in one statement; returns them in send order. */
async function claim(settings: Settings): Promise<Message[]> {
  const { db } = settings;
  const due = db
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        eq(messages.status, "pending"),
        lte(messages.sendAfter, nowSql(settings)),
        or(isNull(messages.claimedUntil), lt(messages.claimedUntil, nowSql(settings))),
      ),
    )
    .orderBy(asc(messages.sendAfter), asc(messages.id))
    .limit(settings.batchSize)
    .for("update", { skipLocked: true });
  const rows = await db
    .update(messages)
    .set({
      claimedBy: settings.id,
      claimedUntil: nowSql(settings, settings.leaseMs),
      attempts: sql`${messages.attempts} + 1`,
      updatedAt: nowSql(settings),
    })
    .where(inArray(messages.id, due))
    .returning();
  return rows.sort((a, b) => a.sendAfter.getTime() - b.sendAfter.getTime() || a.id - b.id);
}

/**
 * Waits for `sending`, or resolves null when the dispatcher was asked to stop and the send has
 * not finished within {@link STOP_GRACE_MS}.
 */
type StopWatch = (sending: Promise<SendResult>) => Promise<SendResult | null>;

/** Renders and sends one row; never throws. */
async function attempt(settings: Settings, row: Message, watch: StopWatch): Promise<Outcome> {
  const { channels, render } = settings.options;
  const channel = row.channel === "email" ? channels.email : channels.whatsapp;
  const reason = channel.skipReason() ?? (await settings.options.skipIf?.(row)) ?? null;
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
    if (error instanceof PermanentSendError) return { kind: "failed", error: errorText(error) };
    if (row.attempts >= settings.maxAttempts) {
      return {
        kind: "failed",
        error: `Gave up after ${row.attempts} attempts: ${errorText(error)}`,
      };
    }
    const delayMs =
      error instanceof TemporarySendError && error.retryAfterMs !== undefined
        ? Math.min(BACKOFF_CAP_MS, Math.max(0, error.retryAfterMs))
        : settings.backoff(row.attempts);
    return { kind: "retry", error: errorText(error), delayMs };
  }
}

/** Writes an outcome, only while this dispatcher still holds the row. */
async function record(settings: Settings, row: Message, outcome: Outcome): Promise<void> {
  if (outcome.kind === "abandoned") return;
  const held = and(eq(messages.id, row.id), eq(messages.claimedBy, settings.id));
  const stillPending = and(held, eq(messages.status, "pending"));
  const released = { claimedBy: null, claimedUntil: null, updatedAt: nowSql(settings) };
  const { db } = settings;
  if (outcome.kind === "sent") {
    await db
      .update(messages)
      .set({
        ...released,
        status: "sent",
        sentAt: nowSql(settings),
        providerMessageId: outcome.result.providerMessageId,
        lastError: null,
      })
      .where(held);
  } else if (outcome.kind === "skipped") {
    await db
      .update(messages)
      .set({
        ...released,
        status: "skipped",
        lastError: redactError(outcome.reason, settings.secrets),
        attempts: sql`greatest(${messages.attempts} - 1, 0)`,
      })
      .where(stillPending);
  } else if (outcome.kind === "failed") {
    await db
      .update(messages)
      .set({
        ...released,
        status: "failed",
        lastError: redactError(outcome.error, settings.secrets),
      })
      .where(stillPending);
  } else {
    await db
      .update(messages)
      .set({
        ...released,
        sendAfter: nowSql(settings, outcome.delayMs),
        lastError: redactError(outcome.error, settings.secrets),
      })
      .where(stillPending);
  }
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

function settingsOf(options: DispatcherOptions): Settings {
  return {
    db: options.db,
    id: options.id ?? `dispatcher-${crypto.randomUUID()}`,
    batchSize: options.batchSize ?? 20,
    leaseMs: options.leaseMs ?? 60_000,
    maxAttempts: options.maxAttempts ?? 6,
    backoff: options.backoff ?? ((attemptNumber) => defaultBackoff(attemptNumber)),
    now: options.now,
    secrets: (options.secrets ?? []).filter((secret) => secret.length > 0),
    log: options.logger ?? appLogger(),
    options,
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
 * Claims one batch and sends it row by row. A row is sent only while at least half the lease is
 * left, so a slow batch hands its tail back instead of racing another dispatcher; rows not
 * attempted (stop, short lease) are released. A row whose send was attempted is never released:
 * if its result could not be written, its lease runs out and it is sent again (one repeat).
 */
async function dispatchBatch(settings: Settings, state: LoopState): Promise<DispatchCycle> {
  const cycle = emptyCycle();
  if (state.stopping) return cycle;
  const claimedAt = performance.now();
  const rows = await claim(settings);
  cycle.claimed = rows.length;
  let next = 0;
  try {
    while (next < rows.length) {
      if (state.stopping || performance.now() - claimedAt > settings.leaseMs / 2) break;
      const row = rows[next] as Message;
      next++;
      const outcome = await attempt(settings, row, state.watch);
      if (outcome.kind === "abandoned") {
        settings.log.warn(
          { messageId: row.id },
          "stopped while a message was in flight; its lease will run out",
        );
        break;
      }
      await record(settings, row, outcome);
      const counted = outcome.kind === "retry" ? "retried" : outcome.kind;
      cycle[counted]++;
      settings.options.onSend?.(row, counted);
      if (outcome.kind !== "sent") {
        settings.log.info(
          { messageId: row.id, channel: row.channel, outcome: outcome.kind },
          "message not sent",
        );
      }
    }
  } finally {
    const rest = rows.slice(next).map((row) => row.id);
    cycle.released = rest.length;
    await release(settings, rest);
  }
  return cycle;
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
      again = cycle.claimed === settings.batchSize || cycle.released > 0;
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
