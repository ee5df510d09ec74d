/**
 * Lighthouse mobile (default simulated throttling: Slow 4G, 4x CPU) on the public pages of the
 * production build. Budgets: docs/budgets.md and ADR 0017 — LCP at most 1.2 s median
 * and 1.5 s worst over 5 runs, CLS ≤ 0.02 in every run, TBT ≤ 100 ms; accessibility, best
 * practices and SEO 100.
 *
 * Each page runs RUNS times (default 5; a run Lighthouse cannot complete is retried). Per
 * page it prints the median and worst LCP (s), CLS and TBT (ms) over the runs, the lowest
 * score of each category, and then one line per run: its LCP, the observed (unthrottled) LCP and first paint in ms, how many scripts had
 * finished loading before the observed LCP (Lighthouse's simulation counts those on the
 * LCP's critical path, ADR 0017), the LCP element and the layout-shift culprits.
 *
 * Environment: PAGES (comma-separated paths), RUNS, CHROMIUM_PATH (default /usr/bin/chromium),
 * LH_OUT (a directory: each run's full report is written there as JSON for comparison),
 * PRODUCT_PHOTOS (`all` or a count: catalogue products with photos, bench/start-server.mjs).
 * Needs `npx react-router build` first. Prints figures and never fails a build (exit code 0
 * unless Chromium or the server cannot start).
 */

import fs from "node:fs";
import path from "node:path";
import lighthouse from "lighthouse";
import { launchChrome } from "./chrome.mjs";
import { startServer } from "./start-server.mjs";

const DEFAULT_PAGES =
  "/,/plant,/supplies,/ratelist,/faq,/privacy-policy,/terms-of-use,/orderpage,/review-page,/cart";
const pages = (process.env.PAGES ?? DEFAULT_PAGES).split(",");
const runCount = Number(process.env.RUNS ?? 5);
const outDir = process.env.LH_OUT;
if (outDir) fs.mkdirSync(outDir, { recursive: true });

/** Median of numbers (the upper middle value for an even count). */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Every DOM node item (`{type: "node", selector, snippet}`) anywhere inside audit details. */
function nodesIn(details, found = []) {
  if (!details || typeof details !== "object") return found;
  if (details.type === "node" && (details.selector || details.snippet)) {
    found.push(details);
    return found;
  }
  for (const value of Object.values(details)) nodesIn(value, found);
  return found;
}

/** A short label for a DOM node item: its selector, else its HTML snippet, at most 70 chars. */
function label(node) {
  const text = node.selector || node.snippet || "?";
  return text.length > 70 ? `${text.slice(0, 67)}…` : text;
}

/** Figures of one Lighthouse result (lhr), times in ms. */
function summarise(lhr) {
  const { audits, categories } = lhr;
  const num = (id) => audits[id]?.numericValue ?? Number.NaN;
  const observed = audits.metrics?.details?.items?.[0] ?? {};
  const lcpObserved = observed.observedLargestContentfulPaint ?? Number.NaN;
  const startTs = observed.observedNavigationStartTs ?? 0;
  // Scripts whose download ended (unthrottled) before the observed LCP: the simulation puts
  // these on the LCP's path, which is what makes the simulated LCP bimodal (ADR 0005).
  const requests = audits["network-requests"]?.details?.items ?? [];
  const scriptsBeforeLcp = requests.filter(
    (r) => r.resourceType === "Script" && r.networkEndTime <= lcpObserved,
  ).length;
  const scripts = requests.filter((r) => r.resourceType === "Script").length;
  const lcpElement = nodesIn(
    audits["largest-contentful-paint-element"]?.details ?? audits["lcp-breakdown-insight"]?.details,
  ).map(label);
  const shifts = (
    audits["layout-shifts"]?.details?.items ??
    audits["layout-shift-elements"]?.details?.items ??
    []
  ).map((item) => `${item.node ? label(item.node) : "?"} (${(item.score ?? 0).toFixed(3)})`);
  const score = (id) => Math.round((categories[id]?.score ?? 0) * 100);
  return {
    lcp: num("largest-contentful-paint"),
    fcp: num("first-contentful-paint"),
    cls: num("cumulative-layout-shift"),
    tbt: num("total-blocking-time"),
    lcpObserved,
    fcpObserved: observed.observedFirstContentfulPaint ?? Number.NaN,
    startTs,
    scriptsBeforeLcp,
    scripts,
    lcpElement: lcpElement[0] ?? "?",
    shifts,
    perf: score("performance"),
    a11y: score("accessibility"),
    bp: score("best-practices"),
    seo: score("seo"),
    failing: Object.values(audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary")
      .map((a) => a.id),
  };
}

/** The server under test; started again if it stops answering (the machine is shared). */
let server = await startServer();
async function ensureServer() {
  const ok = await fetch(`${server.base}/healthz`).then(
    (r) => r.ok,
    () => false,
  );
  if (ok) return;
  console.log(`server at ${server.base} stopped answering; starting a new one`);
  await server.stop().catch(() => {});
  server = await startServer();
}
const chrome = await launchChrome();
try {
  const rows = [];
  const details = [];
  for (const page of pages) {
    const runs = [];
    // A run Lighthouse could not complete (e.g. NO_NAVSTART on a busy machine) is retried, up
    // to twice RUNS attempts in all, so that the figures come from RUNS completed runs.
    for (let i = 0; i < runCount * 2 && runs.length < runCount; i++) {
      await ensureServer();
      const result = await lighthouse(server.base + page, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      });
      if (result.lhr.runtimeError) {
        details.push(`${page} attempt ${i + 1}: ${result.lhr.runtimeError.code}, retried`);
        continue;
      }
      if (outDir) {
        const name = `${page.replace(/[^a-z0-9]+/gi, "_") || "_"}-${runs.length + 1}.json`;
        fs.writeFileSync(path.join(outDir, name), JSON.stringify(result.lhr));
      }
      runs.push({ attempt: i + 1, ...summarise(result.lhr) });
    }
    if (runs.length === 0) {
      rows.push({ page, error: "no run completed" });
      continue;
    }
    const col = (key) => runs.map((r) => r[key]);
    // Median and worst over the completed runs; scores are the lowest of any run.
    rows.push({
      page,
      "LCP med s": (median(col("lcp")) / 1000).toFixed(2),
      "LCP worst s": (Math.max(...col("lcp")) / 1000).toFixed(2),
      "CLS med": median(col("cls")).toFixed(3),
      "CLS worst": Math.max(...col("cls")).toFixed(3),
      "TBT med ms": Math.round(median(col("tbt"))),
      "TBT worst ms": Math.round(Math.max(...col("tbt"))),
      perf: Math.min(...col("perf")),
      a11y: Math.min(...col("a11y")),
      bp: Math.min(...col("bp")),
      seo: Math.min(...col("seo")),
    });
    for (const r of runs) {
      details.push(
        `${page} attempt ${r.attempt}: LCP ${Math.round(r.lcp)} ms (FCP ${Math.round(r.fcp)}), ` +
          `observed LCP ${Math.round(r.lcpObserved)} / FCP ${Math.round(r.fcpObserved)} ms, ` +
          `scripts loaded before observed LCP ${r.scriptsBeforeLcp}/${r.scripts}, ` +
          `CLS ${r.cls.toFixed(3)}, TBT ${Math.round(r.tbt)} ms; LCP element ${r.lcpElement}` +
          (r.shifts.length ? `; shifts: ${r.shifts.join(", ")}` : "") +
          (r.failing.length ? `; failing binary audits: ${r.failing.join(", ")}` : ""),
      );
    }
  }
  for (const line of details) console.log(line);
  console.table(rows);
} finally {
  await chrome.kill();
  await server.stop();
}
