/**
 * `npm run bench:soak` (issue 15): a mixed soak of the production build, SOAK_MINUTES (default
 * 10) at CONNECTIONS (default 12) concurrent visitors, watching the server's resident memory.
 *
 * Each of the 12 workers loops: it becomes a new visitor (an X-Forwarded-For address, a phone
 * and an e-mail of its own; the server runs with TRUST_PROXY=loopback) and plays one scenario,
 * chosen by weight:
 * - browse 70 %: GET one of /, /plant, /plant?q=tulsi, /supplies, /ratelist, /faq;
 * - cart 15 %: POST /cart intent=add of an in-stock product (as the product card's form sends
 *   it: redirectTo, 303), then GET /cart with the cart cookie;
 * - checkout 8 %: add to cart, GET /checkout (its idempotencyKey and shownLines), POST
 *   /checkout for cash on delivery (303), GET the order-placed page it redirects to;
 * - bookings 7 %: GET /orderpage (its idempotencyKey, a material and a date), POST /orderpage
 *   (303), GET the booked page it redirects to.
 * So the per-address allowances (5 bookings, 10 orders an hour) and the per-phone caps
 * (docs/operations.md "Anti-automation") never refuse the soak: it measures the server, not
 * the limits. Before the server starts, every product in stock is given 1,000,000 units and
 * PICKUP_SLOT_CAPACITY is 1000 (the maximum), so stock and slots last the whole soak; any
 * refusal (4xx) is still counted, per request kind. POSTs carry an Origin header like a
 * browser's.
 *
 * Prints every 30 s the server's resident memory (VmRSS of `node server.js` from
 * /proc/<pid>/status), each minute the latency p50/p99 (request sent → body read) and counts by
 * status class, and at the end RSS at start (healthy, before load), max and end, the growth over
 * the last 5 minutes, totals by status class and request kind, and the machine's load average.
 * Embedded PGlite by default; BENCH_DATABASE_URL=postgres://… uses that (empty, disposable)
 * PostgreSQL database (a random SESSION_SECRET is generated). Prints figures; never fails a
 * build. Needs `npm run build`.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase } from "~/db/client.server";
import { seedDatabase } from "~/db/seed.server";
import { queryRows } from "../tests/db";
import { startServerProcess } from "../tests/support/server-process";

const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const WORKERS = Number(process.env.CONNECTIONS ?? 12);
const RSS_EVERY_MS = 30_000;
const databaseUrl = process.env.BENCH_DATABASE_URL;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-soak-"));
const BROWSE = ["/", "/plant", "/plant?q=tulsi", "/supplies", "/ratelist", "/faq"];
const SLOT_TIMES = ["09:00", "11:00", "13:00", "15:00", "17:00"];

type Kind = "browse" | "cart" | "checkout" | "booking";
const WEIGHTS: [Kind, number][] = [
  ["browse", 70],
  ["cart", 15],
  ["checkout", 8],
  ["booking", 7],
];

interface Sample {
  /** ms since the soak began */
  at: number;
  ms: number;
  /** HTTP status, 0 for a network error */
  status: number;
  label: string;
}

const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");

const clock = (ms: number) =>
  `${Math.floor(ms / 60_000)}:${String(Math.floor((ms % 60_000) / 1000)).padStart(2, "0")}`;

/** VmRSS of a process in MB (Linux), or NaN once it is gone. */
function rssMb(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1]);
    return kb / 1024;
  } catch {
    return Number.NaN;
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

function statusClass(status: number): string {
  return status === 0 ? "error" : `${String(status)[0]}xx`;
}

// Seed, then make stock last the soak (the server seeds too, but "on conflict do nothing").
// PGlite is opened once in this process and closed before the server opens the directory.
let productIds: number[];
{
  const handle = databaseUrl
    ? await openDatabase({ databaseUrl, poolSize: 2 })
    : await openDatabase({ dataDir });
  try {
    await seedDatabase(handle.db);
    await handle.db.execute(sql`update products set stock = 1000000 where stock > 0`);
    const rows = await queryRows<{ id: number }>(
      handle.db,
      sql`select id from products where stock > 0 order by id`,
    );
    productIds = rows.map((row) => Number(row.id));
  } finally {
    await handle.close();
  }
}

const server = await startServerProcess(dataDir, {
  LOG_LEVEL: "warn",
  TRUST_PROXY: "loopback",
  PICKUP_SLOT_CAPACITY: "1000",
  ...(databaseUrl
    ? { DATABASE_URL: databaseUrl, SESSION_SECRET: randomBytes(32).toString("hex") }
    : {}),
});
const base = server.base;
const pid = server.child.pid ?? 0;

// What the booking form offers: material ids and bookable dates (today's slots may be past).
const orderPage = await (await fetch(`${base}/orderpage`)).text();
const materialSelect = /<select[^>]*name="material"[\s\S]*?<\/select>/.exec(orderPage)?.[0] ?? "";
const materialIds = [...materialSelect.matchAll(/<option value="(\d+)"/g)].map((m) => m[1]);
const dateSelect = /<select[^>]*name="pickupDate"[\s\S]*?<\/select>/.exec(orderPage)?.[0] ?? "";
const pickupDates = [...dateSelect.matchAll(/<option value="(\d{4}-\d\d-\d\d)"/g)]
  .map((m) => m[1] as string)
  .slice(1);
if (!materialIds.length || !pickupDates.length || !productIds.length) {
  throw new Error("The booking form or the catalogue has nothing to choose from.");
}

const samples: Sample[] = [];
const started = performance.now();
let deadline = started + MINUTES * 60_000;
// A server that exits mid-soak ends it: the figures after that would be refused connections.
let serverExit = "";
void server.exited.then(({ code, signal }) => {
  if (performance.now() >= deadline) return;
  serverExit = `server exited at ${clock(performance.now() - started)} with code ${code}, signal ${signal}`;
  console.log(serverExit);
  deadline = performance.now();
});
let visitors = 0;

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;

function chooseKind(): Kind {
  let roll = Math.random() * 100;
  for (const [kind, weight] of WEIGHTS) {
    roll -= weight;
    if (roll < 0) return kind;
  }
  return "browse";
}

/** A new visitor: its own client address, phone, e-mail, and (once it has one) cart cookie. */
function newVisitor() {
  const n = ++visitors;
  const headers: Record<string, string> = {
    "X-Forwarded-For": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
  };
  return {
    n,
    headers,
    phone: `+917${String(n).padStart(9, "0")}`,
    email: `soak${n}@example.com`,
  };
}
type Visitor = ReturnType<typeof newVisitor>;

/** One request, timed to the end of its body; network errors are recorded as status 0. */
async function request(
  visitor: Visitor,
  label: string,
  url: string,
  form?: URLSearchParams,
): Promise<{ status: number; body: string; location: string | null }> {
  const t0 = performance.now();
  try {
    const response = await fetch(new URL(url, base), {
      method: form ? "POST" : "GET",
      redirect: "manual",
      headers: form ? { ...visitor.headers, Origin: base } : visitor.headers,
      body: form,
    });
    const body = await response.text();
    const cookie = response.headers
      .getSetCookie()
      .map((c) => c.split(";")[0] ?? "")
      .find((c) => c.startsWith("cart="));
    if (cookie) visitor.headers.Cookie = cookie;
    samples.push({ at: t0 - started, ms: performance.now() - t0, status: response.status, label });
    return { status: response.status, body, location: response.headers.get("location") };
  } catch {
    samples.push({ at: t0 - started, ms: performance.now() - t0, status: 0, label });
    return { status: 0, body: "", location: null };
  }
}

const hidden = (html: string, name: string) =>
  new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1]?.replaceAll("&amp;", "&") ?? "";

async function addToCart(visitor: Visitor) {
  return request(
    visitor,
    "POST /cart",
    "/cart",
    new URLSearchParams({
      intent: "add",
      productId: String(pick(productIds)),
      redirectTo: "/plant",
    }),
  );
}

const scenarios: Record<Kind, (visitor: Visitor) => Promise<unknown>> = {
  async browse(visitor) {
    const page = pick(BROWSE);
    await request(visitor, `GET ${page}`, page);
  },
  async cart(visitor) {
    await addToCart(visitor);
    await request(visitor, "GET /cart", "/cart");
  },
  async checkout(visitor) {
    if ((await addToCart(visitor)).status !== 303) return;
    const page = await request(visitor, "GET /checkout", "/checkout");
    const placed = await request(
      visitor,
      "POST /checkout",
      "/checkout",
      new URLSearchParams({
        name: "Asha Rao",
        email: visitor.email,
        phone: visitor.phone,
        address: "12 MG Road",
        city: "Bengaluru",
        state: "Karnataka",
        pinCode: "560001",
        idempotencyKey: hidden(page.body, "idempotencyKey"),
        shownLines: hidden(page.body, "shownLines"),
        paymentMethod: "cod",
      }),
    );
    if (placed.location) await request(visitor, "GET order placed", placed.location);
  },
  async booking(visitor) {
    const page = await request(visitor, "GET /orderpage", "/orderpage");
    const form = new URLSearchParams({
      name: "Ravi Kumar",
      email: visitor.email,
      phone: visitor.phone,
      addressLine1: "4 Residency Road",
      addressLine2: "Flat 2B",
      city: "Bengaluru",
      pinCode: "560025",
      pickupDate: pick(pickupDates),
      pickupTime: pick(SLOT_TIMES),
      reward: "coupon",
      idempotencyKey: hidden(page.body, "idempotencyKey"),
    });
    form.append("material", pick(materialIds) ?? "");
    form.append("kg", "20");
    const booked = await request(visitor, "POST /orderpage", "/orderpage", form);
    if (booked.location) await request(visitor, "GET pickup booked", booked.location);
  },
};

async function worker() {
  while (performance.now() < deadline) await scenarios[chooseKind()](newVisitor());
}

const rss: { at: number; mb: number }[] = [{ at: 0, mb: rssMb(pid) }];
console.log(
  `Soak: ${MINUTES} min, ${WORKERS} workers, ${databaseUrl ? "PostgreSQL (BENCH_DATABASE_URL)" : "embedded PGlite"}; server pid ${pid}; load average ${loadAverage()}`,
);
console.log(` 0:00 RSS ${rss[0]?.mb.toFixed(1)} MB (healthy, before load)`);

function minuteReport(minute: number) {
  const inMinute = samples.filter((s) => s.at >= minute * 60_000 && s.at < (minute + 1) * 60_000);
  const latencies = inMinute.map((s) => s.ms).sort((a, b) => a - b);
  const classes: Record<string, number> = {};
  for (const s of inMinute)
    classes[statusClass(s.status)] = (classes[statusClass(s.status)] ?? 0) + 1;
  console.log(
    `minute ${minute + 1}: ${inMinute.length} requests (${(inMinute.length / 60).toFixed(1)}/s), p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms, ${Object.entries(
      classes,
    )
      .sort()
      .map(([name, count]) => `${name} ${count}`)
      .join(", ")}; load average ${loadAverage()}`,
  );
}

let reportedMinutes = 0;
const timer = setInterval(() => {
  const at = performance.now() - started;
  const mb = rssMb(pid);
  rss.push({ at, mb });
  console.log(`${clock(at).padStart(5)} RSS ${mb.toFixed(1)} MB`);
  // A minute is reported once its last requests have had 5 s to finish.
  while (reportedMinutes < Math.floor((at - 5000) / 60_000)) minuteReport(reportedMinutes++);
}, RSS_EVERY_MS);

try {
  await Promise.all(Array.from({ length: WORKERS }, worker));
} finally {
  clearInterval(timer);
}
const endAt = performance.now() - started;
rss.push({ at: endAt, mb: rssMb(pid) });
while (reportedMinutes < Math.ceil(endAt / 60_000 - 0.01)) minuteReport(reportedMinutes++);
await server.stop();

const byClass: Record<string, number> = {};
const byLabel: Record<string, Record<string, number>> = {};
for (const s of samples) {
  const name = statusClass(s.status);
  byClass[name] = (byClass[name] ?? 0) + 1;
  byLabel[s.label] ??= {};
  const counts = byLabel[s.label] as Record<string, number>;
  counts[name] = (counts[name] ?? 0) + 1;
}
const all = samples.map((s) => s.ms).sort((a, b) => a - b);
const mbs = rss.map((r) => r.mb);
const endMb = mbs.at(-1) ?? Number.NaN;
// The sample nearest 5 minutes before the end.
const fiveBefore = rss.reduce((best, r) =>
  Math.abs(r.at - (endAt - 300_000)) < Math.abs(best.at - (endAt - 300_000)) ? r : best,
);
console.log("\nRequests by kind and status class");
console.table(byLabel);
console.table({
  database: databaseUrl ? "PostgreSQL" : "PGlite",
  minutes: MINUTES,
  workers: WORKERS,
  visitors,
  requests: samples.length,
  "req/s": (samples.length / (endAt / 1000)).toFixed(1),
  "p50 ms": percentile(all, 50).toFixed(0),
  "p99 ms": percentile(all, 99).toFixed(0),
  ...byClass,
  "RSS start MB": mbs[0]?.toFixed(1),
  "RSS max MB": Math.max(...mbs.filter((mb) => !Number.isNaN(mb))).toFixed(1),
  "RSS end MB": endMb.toFixed(1),
  [`RSS growth since ${clock(fiveBefore.at)} MB`]: (endMb - fiveBefore.mb).toFixed(1),
  "total 5xx": byClass["5xx"] ?? 0,
  "server exit": serverExit || "none",
  "load average (1/5/15 min)": loadAverage(),
});
if (serverExit) console.log(`NOTE: ${serverExit}; RSS figures stop there.`);
if (byClass["5xx"] || byClass.error || serverExit) {
  console.log(`Server output (last 3000 characters):\n${server.output().slice(-3000)}`);
}
fs.rmSync(dataDir, { recursive: true, force: true });
