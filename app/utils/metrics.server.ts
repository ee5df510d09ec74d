/**
 * The process's Prometheus registry and the metrics that app code records (docs/operations.md
 * "Metrics"): scheduled job runs and outbox sends. `server/metrics.ts` adds the HTTP, database
 * and outbox-depth metrics to the same registry and serves it at `GET /metrics`.
 *
 * Recording is cheap (an in-memory counter) and happens whether or not `/metrics` is served.
 * Label values come from code (job names, channels, fixed outcomes), never from user input, so
 * the number of series stays bounded.
 */
import { Counter, Histogram, Registry } from "prom-client";
import type { ServerInstrumentation } from "react-router";
import { matchedRouteContext } from "./request-context";

/** The one registry of this process; `GET /metrics` prints it. */
export const metricsRegistry = new Registry();

const jobRuns = new Counter({
  name: "scheduled_job_runs_total",
  help: "Runs of scheduled jobs, by job and outcome (done | failed).",
  labelNames: ["job", "outcome"] as const,
  registers: [metricsRegistry],
});

const jobDuration = new Histogram({
  name: "scheduled_job_duration_seconds",
  help: "How long a scheduled job run took, in seconds, by job and outcome.",
  labelNames: ["job", "outcome"] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300, 900],
  registers: [metricsRegistry],
});

/** What the dispatcher did with one claimed outbox row (docs/messages.md "The dispatcher"). */
export type OutboxSendOutcome = "sent" | "failed" | "skipped" | "retried";

const outboxSends = new Counter({
  name: "outbox_sends_total",
  help: "Outbox rows attempted by this process's dispatcher, by channel and outcome (sent | failed | skipped | retried).",
  labelNames: ["channel", "outcome"] as const,
  registers: [metricsRegistry],
});

/**
 * Records one run of a scheduled job: `scheduled_job_runs_total{job,outcome}` + 1 and
 * `seconds` into `scheduled_job_duration_seconds{job,outcome}`.
 * @param job the job's fixed name in code (e.g. "expire-pending-payments"), never user input.
 * @param seconds wall time of the run in seconds; a negative or non-finite value counts as 0.
 */
export function recordJobRun(job: string, outcome: "done" | "failed", seconds: number): void {
  jobRuns.inc({ job, outcome });
  jobDuration.observe({ job, outcome }, Number.isFinite(seconds) && seconds > 0 ? seconds : 0);
}

/**
 * Records what the outbox dispatcher did with one row: `outbox_sends_total{channel,outcome}` + 1.
 * `retried` is a temporary failure left pending for a later attempt.
 */
export function recordOutboxSend(channel: "email" | "whatsapp", outcome: OutboxSendOutcome): void {
  outboxSends.inc({ channel, outcome });
}

/**
 * React Router's request-handler instrumentation (exported by app/entry.server.tsx; React
 * Router's "Instrumentation" how-to): once React Router has answered a request, copies the
 * pattern of the routes it matched (`result.meta.pattern`, "" when none) into the request's
 * `matchedRouteContext`, which server/metrics.ts turns into the `route` label. Requests without
 * that context (no METRICS_TOKEN, tests without a server) are left alone.
 */
export const recordMatchedRoute: ServerInstrumentation = {
  handler(handler) {
    handler.instrument({
      async request(handleRequest, { context }) {
        const result = await handleRequest();
        const matched = context?.get(matchedRouteContext);
        if (matched) matched.pattern = result.meta?.pattern ?? "";
      },
    });
  },
};
