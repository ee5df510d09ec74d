/**
 * What makes a page's Lighthouse total blocking time (ADR 0021): runs Lighthouse mobile like
 * bench:lighthouse and, from the trace of each run, lists the main thread's tasks of at least
 * MIN_MS (default 10) observed milliseconds, with what Lighthouse's 4x CPU makes of them
 * (4 × duration − 50 ms, the part over the long-task threshold), whether they came before the
 * observed first contentful paint, and what they spent their time on (HTML parsing, script
 * evaluation and its source line, module evaluation, function calls, style and layout, paint,
 * garbage collection). A task over 12.5 ms observed adds to TBT once it falls after the
 * simulated FCP.
 *
 * Environment: PAGES (comma-separated paths, default /plant), RUNS (default 3), MIN_MS,
 * CHROMIUM_PATH (default /usr/bin/chromium). Needs `npx react-router build` first. Prints
 * figures; never fails a build.
 */

import lighthouse from "lighthouse";
import { launchChrome } from "./chrome.mjs";
import { startServer } from "./start-server.mjs";

const pages = (process.env.PAGES ?? "/plant").split(",");
const runCount = Number(process.env.RUNS ?? 3);
const minMs = Number(process.env.MIN_MS ?? 10);

/** Trace event names summed per task, under a short label. */
const KINDS = {
  ParseHTML: "parse",
  EvaluateScript: "script",
  "v8.evaluateModule": "module",
  FunctionCall: "call",
  TimerFire: "timer",
  RunMicrotasks: "microtasks",
  UpdateLayoutTree: "style",
  Layout: "layout",
  Paint: "paint",
  Commit: "commit",
  MinorGC: "gc",
  MajorGC: "gc",
  "LocalWindowProxy::Initialize": "new-context",
};

/** The renderer main thread that ran the most tasks after `navTs`, as "pid:tid". */
function mainThread(events, navTs) {
  const mains = new Set(
    events
      .filter((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain")
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const busy = new Map();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (e.name === "RunTask" && e.ph === "X" && e.ts >= navTs && mains.has(key)) {
      busy.set(key, (busy.get(key) ?? 0) + e.dur);
    }
  }
  return [...busy].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/** One line per long task of a Lighthouse run's trace. */
function longTasks(lhr, events) {
  const observed = lhr.audits.metrics?.details?.items?.[0] ?? {};
  const navTs = observed.observedNavigationStartTs ?? 0;
  const fcpTs = observed.observedFirstContentfulPaintTs ?? Number.POSITIVE_INFINITY;
  const key = mainThread(events, navTs);
  const onMain = events.filter((e) => `${e.pid}:${e.tid}` === key && e.ph === "X");
  const lines = [];
  for (const task of onMain) {
    if (task.name !== "RunTask" || task.ts < navTs || task.dur < minMs * 1000) continue;
    const inside = onMain.filter(
      (e) => e !== task && e.ts >= task.ts && e.ts + e.dur <= task.ts + task.dur,
    );
    const spent = {};
    for (const e of inside) {
      const kind = KINDS[e.name];
      if (kind) spent[kind] = (spent[kind] ?? 0) + e.dur / 1000;
    }
    const scripts = inside
      .filter((e) => e.name === "EvaluateScript" && e.dur >= 1500 && e.args?.data?.url)
      .map(
        (e) =>
          `${new URL(e.args.data.url).pathname}:${e.args.data.lineNumber} ${(e.dur / 1000).toFixed(1)} ms`,
      );
    const ms = task.dur / 1000;
    const what = Object.entries(spent)
      .filter(([, value]) => value >= 0.5)
      .sort((a, b) => b[1] - a[1])
      .map(([kind, value]) => `${kind} ${value.toFixed(1)}`)
      .join(", ");
    lines.push(
      `  at ${((task.ts - navTs) / 1000).toFixed(0).padStart(5)} ms: ${ms.toFixed(1).padStart(5)} ms` +
        ` (x4 over 50: ${Math.max(0, 4 * ms - 50)
          .toFixed(0)
          .padStart(3)})` +
        `${task.ts < fcpTs ? " before FCP" : ""}  ${what}${scripts.length ? `; ${scripts.join(", ")}` : ""}`,
    );
  }
  return { lines, fcp: (fcpTs - navTs) / 1000 };
}

const server = await startServer();
const chrome = await launchChrome();
try {
  for (const page of pages) {
    for (let run = 1; run <= runCount; run++) {
      const result = await lighthouse(server.base + page, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance"],
      });
      const events = result.artifacts?.Trace?.traceEvents;
      if (result.lhr.runtimeError || !events) {
        console.log(`${page} run ${run}: ${result.lhr.runtimeError?.code ?? "no trace"}`);
        continue;
      }
      const { lines, fcp } = longTasks(result.lhr, events);
      const tbt = result.lhr.audits["total-blocking-time"].numericValue;
      console.log(
        `${page} run ${run}: TBT ${Math.round(tbt)} ms, observed FCP ${Math.round(fcp)} ms`,
      );
      for (const line of lines) console.log(line);
    }
  }
} finally {
  await chrome.kill();
  await server.stop();
}
