/**
 * The outbox side of `npm run bench:soak` (bench/soak.ts): a real SMTP server on 127.0.0.1 for
 * the soak server's e-mail, the server's GET /metrics read with its bearer token, and after the
 * soak the outbox rows themselves (how late each e-mail went out, what was skipped and why).
 *
 * The SMTP server is the tests' (tests/support/fakes/smtp-server.ts): smtp-server, any or no
 * login, STARTTLS not offered, so nodemailer's `smtp://` (opportunistic STARTTLS, no
 * `requireTLS`) talks plain SMTP to it as in the browser tests. It runs in a worker thread
 * (bench/soak-smtp-worker.ts) that counts the messages and forgets them.
 */
import { monitorEventLoopDelay } from "node:perf_hooks";
import { Worker } from "node:worker_threads";
import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "~/db/client.server";
import { queryRows } from "../tests/support/processes/test-database";

export interface BenchMailbox {
  /** smtp://127.0.0.1:<port>: plain SMTP, no login. */
  url: string;
  /** Messages the SMTP server accepted so far (it refuses none; ≤ 250 ms old). */
  delivered(): number;
  /** Of those, the ones to `shopAddress` (staff alerts). */
  toShop(): number;
  /** Closes the server; resolves with the final counts. */
  close(): Promise<{ delivered: number; toShop: number }>;
}

/** Starts the SMTP server on a free port of 127.0.0.1, in a worker thread. */
export async function startBenchMailbox(shopAddress: string): Promise<BenchMailbox> {
  const worker = new Worker(new URL("./soak-smtp-worker.ts", import.meta.url), {
    workerData: { shopAddress },
  });
  let latest = { delivered: 0, toShop: 0 };
  let onClosed: ((counts: typeof latest) => void) | undefined;
  const port = await new Promise<number>((resolve, reject) => {
    worker.once("error", reject);
    worker.on(
      "message",
      (message: { port?: number; delivered?: number; toShop?: number; closed?: boolean }) => {
        if (message.port !== undefined) resolve(message.port);
        else {
          latest = { delivered: message.delivered ?? 0, toShop: message.toShop ?? 0 };
          if (message.closed) onClosed?.(latest);
        }
      },
    );
  });
  worker.unref();
  return {
    url: `smtp://127.0.0.1:${port}`,
    delivered: () => latest.delivered,
    toShop: () => latest.toShop,
    async close() {
      const closed = new Promise<typeof latest>((resolve) => {
        onClosed = resolve;
      });
      worker.postMessage("close");
      const counts = await Promise.race([
        closed,
        new Promise<typeof latest>((resolve) => setTimeout(() => resolve(latest), 5000)),
      ]);
      await worker.terminate();
      return counts;
    },
  };
}

/** The bench's own event loop delay (the load generator's), p99 and max ms since the last call. */
export function benchLoopDelay(): () => { p99: number; max: number } {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  return () => {
    const reading = { p99: histogram.percentile(99) / 1e6, max: histogram.max / 1e6 };
    histogram.reset();
    return reading;
  };
}

// ---- GET /metrics ----------------------------------------------------------------------------

interface Series {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a Prometheus text exposition (comments skipped). */
export function parsePrometheus(text: string): Series[] {
  const series: Series[] = [];
  for (const line of text.split("\n")) {
    if (!line || line.startsWith("#")) continue;
    const match = /^([A-Za-z_:][\w:]*)(\{(.*)\})?\s+(\S+)/.exec(line);
    if (!match) continue;
    const labels: Record<string, string> = {};
    for (const label of (match[3] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
      labels[label[1] as string] = label[2] as string;
    }
    series.push({ name: match[1] as string, labels, value: Number(match[4]) });
  }
  return series;
}

/** The sum of the series of `name` whose labels include `labels`; NaN when there is none. */
function metric(series: Series[], name: string, labels: Record<string, string> = {}): number {
  const found = series.filter(
    (s) => s.name === name && Object.entries(labels).every(([key, v]) => s.labels[key] === v),
  );
  return found.length ? found.reduce((sum, s) => sum + s.value, 0) : Number.NaN;
}

/** One scrape of GET /metrics (outbox gauges are cached by the server for 5 s). */
export interface OutboxReading {
  /** ms since the soak began, when the scrape was sent */
  at: number;
  /** ms the scrape took; NaN when it failed */
  scrapeMs: number;
  error: string | null;
  /** Messages the SMTP server had accepted when the scrape answered. */
  smtpDelivered: number;
  /** outbox_sends_total{channel="email",outcome="sent"} */
  emailSent: number;
  /** outbox_sends_total{outcome="skipped"}, both channels */
  skipped: number;
  whatsappSkipped: number;
  /** outbox_sends_total{outcome="failed"} and {outcome="retried"}, both channels */
  failed: number;
  retried: number;
  /** outbox_due_messages: the backlog */
  due: number;
  /** outbox_oldest_due_age_seconds */
  oldestDueSeconds: number;
  /** outbox_messages{status="pending"}: due or not */
  pending: number;
  /** pglite_queue_wait_seconds sum and count (embedded database only) */
  pgliteWaitSum: number;
  pgliteWaitCount: number;
  /** pglite_queue_wait_seconds observations over 0.1 s (embedded database only) */
  pgliteWaitsOver100ms: number;
  /** db_pool_clients{state="waiting"} (PostgreSQL only) */
  poolWaiting: number;
  /** process_cpu_seconds_total of the server process */
  cpuSeconds: number;
  /** nodejs_eventloop_lag_p99_seconds and _max_seconds (since the previous scrape), s */
  loopLagP99: number;
  loopLagMax: number;
  /** The server's memory as it reports it (bytes): V8 heap committed and live, external, page store, PGlite's WebAssembly memory size */
  heapTotal: number;
  heapUsed: number;
  external: number;
  pageStore: number;
  pgliteMemory: number;
}

/** Reads GET /metrics with the bearer token; a failed scrape is a reading with `error`. */
export async function scrapeOutbox(
  base: string,
  token: string,
  at: number,
  smtpDelivered: () => number,
): Promise<OutboxReading> {
  const t0 = performance.now();
  const failed = (error: string): OutboxReading => ({
    at,
    scrapeMs: Number.NaN,
    error,
    smtpDelivered: smtpDelivered(),
    emailSent: Number.NaN,
    skipped: Number.NaN,
    whatsappSkipped: Number.NaN,
    failed: Number.NaN,
    retried: Number.NaN,
    due: Number.NaN,
    oldestDueSeconds: Number.NaN,
    pending: Number.NaN,
    pgliteWaitSum: Number.NaN,
    pgliteWaitCount: Number.NaN,
    pgliteWaitsOver100ms: Number.NaN,
    poolWaiting: Number.NaN,
    cpuSeconds: Number.NaN,
    loopLagP99: Number.NaN,
    loopLagMax: Number.NaN,
    heapTotal: Number.NaN,
    heapUsed: Number.NaN,
    external: Number.NaN,
    pageStore: Number.NaN,
    pgliteMemory: Number.NaN,
  });
  let text: string;
  try {
    const response = await fetch(`${base}/metrics`, {
      headers: { Authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(20_000),
    });
    text = await response.text();
    if (response.status !== 200) return failed(`GET /metrics ${response.status}`);
  } catch (error) {
    return failed(`GET /metrics: ${error instanceof Error ? error.message : String(error)}`);
  }
  const series = parsePrometheus(text);
  const sends = (labels: Record<string, string>) => {
    const value = metric(series, "outbox_sends_total", labels);
    return Number.isNaN(value) ? 0 : value; // a counter appears with its first increment
  };
  const waitCount = metric(series, "pglite_queue_wait_seconds_count");
  return {
    at,
    scrapeMs: performance.now() - t0,
    error: null,
    // After the response: every e-mail the metric counts as sent had reached the SMTP server.
    smtpDelivered: smtpDelivered(),
    emailSent: sends({ channel: "email", outcome: "sent" }),
    skipped: sends({ outcome: "skipped" }),
    whatsappSkipped: sends({ channel: "whatsapp", outcome: "skipped" }),
    failed: sends({ outcome: "failed" }),
    retried: sends({ outcome: "retried" }),
    due: metric(series, "outbox_due_messages"),
    oldestDueSeconds: metric(series, "outbox_oldest_due_age_seconds"),
    pending: metric(series, "outbox_messages", { status: "pending" }),
    pgliteWaitSum: metric(series, "pglite_queue_wait_seconds_sum"),
    pgliteWaitCount: waitCount,
    pgliteWaitsOver100ms:
      waitCount - metric(series, "pglite_queue_wait_seconds_bucket", { le: "0.1" }),
    poolWaiting: metric(series, "db_pool_clients", { state: "waiting" }),
    cpuSeconds: metric(series, "process_cpu_seconds_total"),
    loopLagP99: metric(series, "nodejs_eventloop_lag_p99_seconds"),
    loopLagMax: metric(series, "nodejs_eventloop_lag_max_seconds"),
    heapTotal: metric(series, "nodejs_heap_size_total_bytes"),
    heapUsed: metric(series, "nodejs_heap_size_used_bytes"),
    external: metric(series, "nodejs_external_memory_bytes"),
    pageStore: metric(series, "page_store_bytes"),
    pgliteMemory: metric(series, "pglite_wasm_memory_bytes"),
  };
}

// ---- The outbox rows after the soak ----------------------------------------------------------

/**
 * What the outbox holds once the server has stopped: rows by channel, status and reason, and
 * per minute of the soak (by `sent_at`) the e-mails sent and how late they went (sent_at −
 * send_after, s). `startedWallMs`: Date.now() when the soak began.
 */
export async function outboxAfterSoak(db: DatabaseHandle["db"], startedWallMs: number) {
  const byStatus = await queryRows<{
    channel: string;
    status: string;
    reason: string | null;
    rows: number;
  }>(
    db,
    sql`select channel, status, left(coalesce(last_error, ''), 60) as reason, count(*)::int as rows
          from messages group by 1, 2, 3 order by 1, 2, 4 desc`,
  );
  const perMinute = await queryRows<{
    minute: number;
    sent: number;
    p50: number;
    p99: number;
    max: number;
  }>(
    db,
    sql`select floor((extract(epoch from sent_at) * 1000 - ${startedWallMs}) / 60000)::int + 1 as minute,
               count(*)::int as sent,
               percentile_cont(0.5) within group (order by extract(epoch from sent_at - send_after))::float8 as p50,
               percentile_cont(0.99) within group (order by extract(epoch from sent_at - send_after))::float8 as p99,
               max(extract(epoch from sent_at - send_after))::float8 as max
          from messages where channel = 'email' and status = 'sent' and template <> 'staff_daily_digest'
         group by 1 order by 1`,
  );
  const byTemplate = await queryRows<{ template: string; channel: string; rows: number }>(
    db,
    sql`select template, channel, count(*)::int as rows from messages group by 1, 2 order by 3 desc`,
  );
  return { byStatus, perMinute, byTemplate };
}
