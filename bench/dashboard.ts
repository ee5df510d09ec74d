/**
 * `npm run bench:dashboard` (docs/dashboard.md): the dashboard's list pages at 10k, 100k and 1M
 * pickups and orders, on embedded PGlite and on PostgreSQL.
 *
 * For each driver a worker process (PGlite is opened once per process: reopening it in one
 * process has crashed V8 here) creates an empty database, signs a staff member in with the real
 * login, then grows the data set step by step (10k → measure → +90k → measure → +900k →
 * measure; see dashboard-data.ts for the spread) and times the route modules' `loader`
 * functions in-process: the server's time for one page (session check + queries), without
 * HTML rendering or HTTP. Each case: a warm-up, then sequential requests; p50 and p95.
 * Cases: pickups unfiltered, status=requested, city=Bengaluru, q=<surname> (trigram), q=<phone>,
 * page 20 (reached by following the `next` cursor link); orders unfiltered, status=placed,
 * q=<e-mail>, q=<name>, q=<phone>; the overview `/dashboard` (its reads cover the last 30 days, so
 * they grow with the daily volume, which here grows with n); registrations, reviews and audit
 * log first pages (1 per 10 / 100 / 10 pickups).
 *
 * Environment:
 * - BENCH_DATABASE_URL=postgres://user:pass@host/db: also run on PostgreSQL. The user needs
 *   CREATEDB: a scratch database `bench_dashboard_<hex>` is created there and dropped at the end.
 * - BENCH_DRIVERS=pglite,postgres (default: pglite, plus postgres when the URL is set).
 * - BENCH_SIZES=10000,100000,1000000 (default), BENCH_REQUESTS=200, BENCH_WARMUP=10.
 * - BENCH_ROUNDS=5: time every case 5 times in turn at each size and print the median p50 and
 *   p95 with the worst round's p95 (default 1).
 * - BENCH_KEEP=1 keeps the generated databases (the path / name is printed).
 *
 * Target (printed, never enforced): list pages p95 ≤ 50 ms at 1M rows on PostgreSQL, and
 * growth no faster than log(n) (p50 at n / p50 at the first size ≤ log n / log first).
 * Figures are noisy on a shared machine; the exit code is 0 whatever they are.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const SIZES = (process.env.BENCH_SIZES ?? "10000,100000,1000000")
  .split(",")
  .map((s) => Number(s.trim()))
  .filter((n) => Number.isInteger(n) && n > 0)
  .sort((a, b) => a - b);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 10);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 1));
const TARGET_P95_MS = 50;
type Driver = "pglite" | "postgres";

interface CaseResult {
  page: string;
  label: string;
  rows: number;
  p50: number;
  p95: number;
  /** With BENCH_ROUNDS > 1: p50 and p95 are the rounds' medians, this the worst round's p95. */
  worstP95?: number;
}
interface SizeResult {
  size: number;
  insertSeconds: number;
  analyzeSeconds: number;
  cases: CaseResult[];
}
interface WorkerResult {
  driver: Driver;
  database: string;
  sizes: SizeResult[];
}

// ---------------------------------------------------------------------------------------------
// Worker: one driver, one database, all sizes.

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

async function runWorker(driver: Driver, resultFile: string): Promise<void> {
  // Before anything reads the environment: a fixed secret (no DATA_DIR file) and quiet logs.
  process.env.SESSION_SECRET ??= "bench-dashboard-secret-0123456789abcdef";
  process.env.LOG_LEVEL = "warn";
  process.env.DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), "bench-dashboard-"));

  const { openDatabase } = await import("~/db/client.server");
  const { createScratchDatabase } = await import("../tests/support/processes/test-database");
  // Aliased: a test hook, not a React hook.
  const { useDatabaseHandle: installDatabase } = await import("~/db/db.server");
  const { seedDatabase } = await import("~/db/seed.server");
  const { signedInStaff, routeArgs } = await import("../tests/support/factories/staff");
  const { growTo, sampleValues } = await import("./dashboard-data");
  const routes = {
    overview: await import("~/routes/dashboard/overview"),
    pickups: await import("~/routes/dashboard/pickups"),
    orders: await import("~/routes/dashboard/orders"),
    registrations: await import("~/routes/dashboard/registrations"),
    reviews: await import("~/routes/dashboard/reviews"),
    audit: await import("~/routes/dashboard/audit"),
  };
  type Page = keyof typeof routes;
  const log = (line: string) => process.stderr.write(`[${driver}] ${line}\n`);

  let database: string;
  let cleanup: () => Promise<void>;
  let handle: Awaited<ReturnType<typeof openDatabase>>;
  const keep = process.env.BENCH_KEEP === "1";
  if (driver === "postgres") {
    const scratch = await createScratchDatabase(
      process.env.BENCH_DATABASE_URL as string,
      "bench_dashboard",
    );
    database = scratch.url.replace(/:[^:@/]*@/, ":***@");
    handle = await openDatabase({ databaseUrl: scratch.url, poolSize: 10 });
    cleanup = async () => {
      await handle.close();
      fs.rmSync(process.env.DATA_DIR as string, { recursive: true, force: true });
      if (!keep) await scratch.drop();
    };
  } else {
    const dataDir = process.env.DATA_DIR;
    database = dataDir;
    handle = await openDatabase({ dataDir });
    cleanup = async () => {
      await handle.close();
      if (!keep) fs.rmSync(dataDir, { recursive: true, force: true });
    };
  }
  log(`database ${database}`);

  const result: WorkerResult = { driver, database, sizes: [] };
  try {
    await seedDatabase(handle.db);
    installDatabase(handle);
    const { cookie } = await signedInStaff(handle.db, "admin");

    type Loader = (args: unknown) => Promise<unknown>;
    const call = async (page: Page, query: string): Promise<unknown> => {
      const loader = routes[page].loader as unknown as Loader;
      try {
        const path = page === "overview" ? "/dashboard" : `/dashboard/${page}`;
        return await loader(routeArgs(`http://localhost${path}${query}`, { cookie }));
      } catch (error) {
        if (error instanceof Response) throw new Error(`${page}${query}: ${error.status}`);
        throw error;
      }
    };
    const rowsOf = (data: unknown): number => {
      const rows = (data as { rows?: unknown[] } | null)?.rows;
      return Array.isArray(rows) ? rows.length : -1;
    };
    /** The next page's query string from the loader data (`next: "?…after=…"` or a cursor). */
    const nextQuery = (data: unknown, base: string): string | null => {
      const d = (data ?? {}) as Record<string, unknown>;
      if (typeof d.next === "string") return d.next;
      if (typeof d.nextCursor === "string") {
        return `${base}${base ? "&" : "?"}after=${encodeURIComponent(d.nextCursor)}`;
      }
      return null;
    };
    const time = async (page: Page, label: string, query: string): Promise<CaseResult> => {
      const first = await call(page, query);
      const rows = rowsOf(first);
      for (let i = 1; i < WARMUP; i++) await call(page, query);
      const samples: number[] = [];
      for (let i = 0; i < REQUESTS; i++) {
        const t0 = performance.now();
        await call(page, query);
        samples.push(performance.now() - t0);
      }
      samples.sort((a, b) => a - b);
      return { page, label, rows, p50: percentile(samples, 50), p95: percentile(samples, 95) };
    };

    for (const size of SIZES) {
      log(`growing to ${size.toLocaleString("en-IN")} pickups and orders…`);
      const grown = await growTo(handle.db, size, log);
      log(
        `generated in ${grown.insertSeconds.toFixed(1)} s + vacuum (analyze) ${grown.analyzeSeconds.toFixed(1)} s`,
      );
      const v = await sampleValues(handle.db);
      const q = (params: Record<string, string>) => `?${new URLSearchParams(params)}`;
      // Page 20: follow the list's own `next` links from page 1 (untimed), then time page 20.
      let page20 = "";
      {
        let query = "";
        for (let page = 1; page < 20; page++) {
          const next = nextQuery(await call("pickups", query), "");
          if (!next) break;
          query = next;
        }
        page20 = query;
      }
      const cases: [Page, string, string][] = [
        ["pickups", "first page", ""],
        ["pickups", "status=requested", q({ status: "requested" })],
        ["pickups", `city=${v.commonCity}`, q({ city: v.commonCity })],
        ["pickups", `q=${v.surname} (name, trigram)`, q({ q: v.surname })],
        ["pickups", "q=<phone>", q({ q: v.pickupPhone })],
        ["pickups", "status=collected&from/to=1 month", q(monthFilter())],
        ["pickups", "page 20 (after=cursor)", page20],
        ["orders", "first page", ""],
        ["orders", "status=placed", q({ status: "placed" })],
        ["orders", "q=<e-mail> (trigram)", q({ q: v.orderEmail })],
        ["orders", `q=${v.orderName} (name, trigram)`, q({ q: v.orderName })],
        ["orders", "q=<phone>", q({ q: v.orderPhone })],
        ["overview", "/dashboard (30 days)", ""],
        ["registrations", "first page", ""],
        ["reviews", "first page", ""],
        ["audit", "first page", ""],
      ];
      // Rounds go through every case in turn, so a burst of noise hits one round of each.
      const rounds: CaseResult[][] = cases.map(() => []);
      for (let round = 1; round <= ROUNDS; round++) {
        for (const [i, [page, label, query]] of cases.entries()) {
          try {
            const r = await time(page, label, query);
            rounds[i]?.push(r);
            log(
              `  ${page} ${label}${ROUNDS > 1 ? ` (round ${round})` : ""}: p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms`,
            );
          } catch (error) {
            log(`  ${page} ${label}: failed: ${(error as Error).message}`);
          }
        }
      }
      const measured = rounds.flatMap((list) => combineRounds(list));
      result.sizes.push({ size, ...grown, cases: measured });
      fs.writeFileSync(resultFile, JSON.stringify(result));
    }
  } finally {
    await cleanup();
  }
}

/** The rounds of one case: the median p50 and p95, and the worst p95 (none if all failed). */
function combineRounds(list: CaseResult[]): CaseResult[] {
  const first = list[0];
  if (!first) return [];
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
  };
  return [
    {
      ...first,
      p50: median(list.map((r) => r.p50)),
      p95: median(list.map((r) => r.p95)),
      worstP95: Math.max(...list.map((r) => r.p95)),
    },
  ];
}

/** from/to covering the month 40 days ago … 10 days ago (YYYY-MM-DD). */
function monthFilter(): Record<string, string> {
  const day = (offset: number) =>
    new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  return { status: "collected", from: day(-40), to: day(-10) };
}

// ---------------------------------------------------------------------------------------------
// Parent: run one worker per driver, print one table.

function runChild(driver: Driver): Promise<WorkerResult | null> {
  const resultFile = path.join(os.tmpdir(), `bench-dashboard-${driver}-${process.pid}.json`);
  const script = fileURLToPath(import.meta.url);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...process.execArgv, script], {
      env: { ...process.env, BENCH_WORKER: driver, BENCH_RESULT_FILE: resultFile },
      stdio: ["ignore", "inherit", "inherit"],
    });
    child.on("exit", (code) => {
      if (code !== 0) process.stderr.write(`[${driver}] worker exited with ${code}\n`);
      try {
        const text = fs.readFileSync(resultFile, "utf8");
        fs.rmSync(resultFile, { force: true });
        resolve(JSON.parse(text) as WorkerResult);
      } catch {
        resolve(null);
      }
    });
  });
}

const fmtSize = (n: number) =>
  n >= 1_000_000 ? `${n / 1_000_000}M` : n >= 1000 ? `${n / 1000}k` : String(n);
const ms = (x: number) => (x < 10 ? x.toFixed(2) : x.toFixed(1));

function printTable(results: WorkerResult[]): void {
  const lines: string[] = [];
  lines.push(
    `Dashboard list pages: server time of the route loader (session check + queries), ${REQUESTS} sequential requests after ${WARMUP} warm-up, p50 / p95 in ms${ROUNDS > 1 ? `: the median of ${ROUNDS} rounds, and the worst round's p95` : ""}.`,
  );
  lines.push(
    `Target: p95 ≤ ${TARGET_P95_MS} ms at the largest size on PostgreSQL; growth ≤ log n (p50 at ${fmtSize(SIZES.at(-1) ?? 0)} / p50 at ${fmtSize(SIZES[0] ?? 0)} ≤ ${(Math.log(SIZES.at(-1) ?? 1) / Math.log(SIZES[0] ?? 2)).toFixed(2)}).`,
  );
  lines.push(
    `Machine: ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? "?"}), shared: expect noise.`,
  );
  lines.push("");
  const header = [
    "driver",
    "page",
    "case",
    "rows",
    ...SIZES.map((s) => `${fmtSize(s)} p50 / p95`),
    "growth p50",
    "target",
  ];
  lines.push(`| ${header.join(" | ")} |`);
  lines.push(`|${header.map(() => "---").join("|")}|`);
  const logBound = Math.log(SIZES.at(-1) ?? 1) / Math.log(SIZES[0] ?? 2);
  for (const result of results) {
    const keys = new Map<string, CaseResult[]>();
    for (const size of result.sizes) {
      for (const c of size.cases) {
        const key = `${c.page}\u0000${c.label}`;
        keys.set(key, [...(keys.get(key) ?? []), c]);
      }
    }
    for (const [key, list] of keys) {
      const [page, label] = key.split("\u0000");
      const bySize = SIZES.map((s) =>
        result.sizes
          .find((r) => r.size === s)
          ?.cases.find((c) => `${c.page}\u0000${c.label}` === key),
      );
      const firstP50 = bySize[0]?.p50;
      const last = bySize.at(-1);
      const growth = firstP50 && last ? last.p50 / firstP50 : undefined;
      const growthText =
        growth === undefined
          ? ""
          : `×${growth.toFixed(2)} ${growth <= logBound ? "≤ log" : "> log"}`;
      const target =
        result.driver === "postgres" && last ? (last.p95 <= TARGET_P95_MS ? "met" : "MISSED") : "";
      lines.push(
        `| ${[
          result.driver,
          page,
          label,
          (list.at(-1)?.rows ?? -1) >= 0 ? String(list.at(-1)?.rows) : "–",
          ...bySize.map((c) =>
            c
              ? `${ms(c.p50)} / ${ms(c.p95)}${c.worstP95 === undefined || ROUNDS === 1 ? "" : ` (worst ${ms(c.worstP95)})`}`
              : "–",
          ),
          growthText,
          target,
        ].join(" | ")} |`,
      );
    }
  }
  lines.push("");
  lines.push("Data generation (set-based SQL inserts, then vacuum (analyze)), per growth step:");
  lines.push(`| driver | ${SIZES.map((s) => `→ ${fmtSize(s)}`).join(" | ")} | database |`);
  lines.push(`|---|${SIZES.map(() => "---").join("|")}|---|`);
  for (const result of results) {
    lines.push(
      `| ${result.driver} | ${SIZES.map((s) => {
        const r = result.sizes.find((x) => x.size === s);
        return r ? `${r.insertSeconds.toFixed(1)} s + ${r.analyzeSeconds.toFixed(1)} s` : "–";
      }).join(" | ")} | ${result.database} |`,
    );
  }
  console.log(lines.join("\n"));
}

const worker = process.env.BENCH_WORKER as Driver | undefined;
if (worker) {
  await runWorker(worker, process.env.BENCH_RESULT_FILE as string);
} else {
  const drivers = (
    process.env.BENCH_DRIVERS ?? (process.env.BENCH_DATABASE_URL ? "pglite,postgres" : "pglite")
  )
    .split(",")
    .map((d) => d.trim())
    .filter((d): d is Driver => d === "pglite" || d === "postgres");
  if (drivers.includes("postgres") && !process.env.BENCH_DATABASE_URL) {
    console.error("BENCH_DATABASE_URL=postgres://… is needed for the postgres driver.");
    process.exit(1);
  }
  const results: WorkerResult[] = [];
  for (const driver of drivers) {
    const result = await runChild(driver);
    if (result) results.push(result);
  }
  printTable(results);
}
