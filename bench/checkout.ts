/**
 * `npm run bench:checkout` (docs/shop.md): orders per second through HTTP against the
 * built server, next to the same order transaction called directly on the same database.
 *
 * First, in this process, `placeOrder` runs directly on the database for N carts at each
 * concurrency (8 and 50). Then the built server is started on the same database and, for each
 * concurrency, N carts are filled and their checkout forms fetched over HTTP, and the N
 * 'Confirm Order' posts are sent by that many concurrent clients. Figures: orders/s and
 * p50/p99 latency of the order step, and HTTP / direct. (PGlite is opened once per process:
 * reopening it in one process has crashed V8 24.9 here.) Embedded PGlite by default;
 * BENCH_DATABASE_URL=postgres://… uses that (empty, disposable) PostgreSQL database.
 * Prints figures; never fails a build. Needs `npm run build`.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { type DatabaseHandle, openDatabase } from "~/db/client.server";
import { seedDatabase } from "~/db/seed.server";
import { placeOrder } from "~/features/orders/orders.server";
import { idempotencyKey } from "~/utils/codes.server";
import { cartWith, newShopper, shipping } from "../tests/support/factories/carts-and-addresses";
import { startServerProcess } from "../tests/support/processes/server";
import { queryRows } from "../tests/support/processes/test-database";

const ORDERS = Number(process.env.ORDERS ?? 400);
const LEVELS = [8, 50];
const databaseUrl = process.env.BENCH_DATABASE_URL;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-checkout-"));

async function open(): Promise<DatabaseHandle> {
  return databaseUrl ? openDatabase({ databaseUrl, poolSize: 50 }) : openDatabase({ dataDir });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function pool<T>(items: T[], concurrency: number, work: (item: T) => Promise<number>) {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const item = items[next++] as T;
        const t0 = performance.now();
        const ok = await work(item);
        if (ok) latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    ok: latencies.length,
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

const rows: Record<string, string>[] = [];
const directRates = new Map<number, number>();

// Direct: migrate, seed, plenty of stock, then placeOrder() at each concurrency.
let productId = 0;
{
  const handle = await open();
  try {
    await seedDatabase(handle.db);
    await handle.db.execute(sql`update products set stock = 10000000 where slug = 'tulsi'`);
    const [row] = await queryRows<{ id: number }>(
      handle.db,
      sql`select id from products where slug = 'tulsi'`,
    );
    productId = Number(row?.id);
    for (const concurrency of LEVELS) {
      const carts = [];
      for (let i = 0; i < ORDERS; i++)
        carts.push(await cartWith(handle.db, [{ productId, quantity: 1 }]));
      const run = await pool(carts, concurrency, async (cart) => {
        // A shopper each: a phone may hold only a few unconfirmed cash-on-delivery orders.
        await placeOrder(handle.db, {
          ...cart,
          idempotencyKey: idempotencyKey(),
          shipping: newShopper(),
        });
        return 1;
      });
      directRates.set(concurrency, run.perSecond);
      rows.push({
        path: "placeOrder() direct",
        clients: String(concurrency),
        orders: `${run.ok}/${ORDERS}`,
        "orders/s": run.perSecond.toFixed(0),
        "p50 ms": run.p50.toFixed(1),
        "p99 ms": run.p99.toFixed(1),
      });
    }
  } finally {
    await handle.close();
  }
}

// HTTP: the built server on the same database.
// Each order comes from a client address and a phone of its own (X-Forwarded-For, trusted from
// loopback), as real shoppers do: the anti-automation limits per address and per phone
// (docs/operations.md) would refuse one client placing them all.
let shopperCount = 0;
const server = await startServerProcess(dataDir, {
  LOG_LEVEL: "warn",
  TRUST_PROXY: "loopback",
  ...(databaseUrl
    ? { DATABASE_URL: databaseUrl, SESSION_SECRET: "bench-secret-bench-secret-bench-0001" }
    : {}),
});
try {
  for (const concurrency of LEVELS) {
    const forms = await Promise.all(
      Array.from({ length: ORDERS }, async () => {
        const add = await fetch(`${server.base}/cart`, {
          method: "POST",
          body: new URLSearchParams({ intent: "add", productId: String(productId) }),
        });
        const cookie = (add.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
        const html = await (
          await fetch(`${server.base}/checkout`, { headers: { Cookie: cookie } })
        ).text();
        const field = (name: string) =>
          new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1]?.replaceAll("&amp;", "&") ??
          "";
        const n = ++shopperCount;
        return {
          cookie,
          key: field("idempotencyKey"),
          shownLines: field("shownLines"),
          address: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
          phone: `9${String(n).padStart(9, "0")}`,
        };
      }),
    );
    const http = await pool(forms, concurrency, async (form) => {
      const response = await fetch(`${server.base}/checkout`, {
        method: "POST",
        redirect: "manual",
        headers: { Cookie: form.cookie, "X-Forwarded-For": form.address },
        body: new URLSearchParams({
          name: shipping.name,
          email: shipping.email,
          phone: form.phone,
          address: shipping.address,
          city: shipping.city,
          state: shipping.state,
          pinCode: shipping.pinCode,
          idempotencyKey: form.key,
          shownLines: form.shownLines,
        }),
      });
      await response.arrayBuffer();
      return response.status === 303 ? 1 : 0;
    });
    rows.push({
      path: "HTTP POST /checkout",
      clients: String(concurrency),
      orders: `${http.ok}/${ORDERS}`,
      "orders/s": http.perSecond.toFixed(0),
      "p50 ms": http.p50.toFixed(1),
      "p99 ms": http.p99.toFixed(1),
      "HTTP / direct": (http.perSecond / (directRates.get(concurrency) ?? 1)).toFixed(2),
    });
  }
} finally {
  await server.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
console.log(`Database: ${databaseUrl ? "PostgreSQL (BENCH_DATABASE_URL)" : "embedded PGlite"}`);
console.table(rows);
