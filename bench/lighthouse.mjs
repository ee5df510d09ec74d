/**
 * Lighthouse mobile (default throttling: Slow 4G, 4x CPU) on the public pages of the
 * production build (docs/budgets.md: LCP ≤ 1.5 s, TBT ≤ 100 ms, CLS ≤ 0.02, accessibility, best
 * practices and SEO 100). Each page runs RUNS times (default 3) and the run with the median
 * LCP is reported, as Lighthouse recommends for its simulated metrics. Prints a table; never
 * fails a build. Chromium from CHROMIUM_PATH
 * or /usr/bin/chromium.
 */

import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { startServer } from "./start-server.mjs";

const pages = (process.env.PAGES ?? "/,/plant,/supplies,/ratelist,/faq").split(",");
const server = await startServer();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  chromeFlags: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ],
});
try {
  const rows = [];
  for (const page of pages) {
    const runs = [];
    for (let i = 0; i < Number(process.env.RUNS ?? 3); i++) {
      const result = await lighthouse(server.base + page, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      });
      runs.push(result.lhr);
    }
    const lcp = (lhr) => lhr.audits["largest-contentful-paint"]?.numericValue ?? Infinity;
    runs.sort((a, b) => lcp(a) - lcp(b));
    const { audits, categories, runtimeError } = runs[Math.floor(runs.length / 2)];
    if (runtimeError) {
      rows.push({ page, error: runtimeError.code });
      continue;
    }
    const score = (id) => Math.round((categories[id]?.score ?? 0) * 100);
    rows.push({
      page,
      perf: score("performance"),
      "LCP s": (audits["largest-contentful-paint"].numericValue / 1000).toFixed(2),
      "LCP range s": runs.map((r) => (lcp(r) / 1000).toFixed(2)).join("–"),
      "TBT ms": Math.round(audits["total-blocking-time"].numericValue),
      CLS: audits["cumulative-layout-shift"].numericValue.toFixed(3),
      a11y: score("accessibility"),
      "best practices": score("best-practices"),
      seo: score("seo"),
    });
    const failing = Object.values(audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary")
      .map((a) => a.id);
    if (failing.length) console.log(`${page} failing binary audits: ${failing.join(", ")}`);
  }
  console.table(rows);
} finally {
  await chrome.kill();
  await server.stop();
}
