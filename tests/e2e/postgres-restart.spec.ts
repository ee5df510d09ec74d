/**
 * PostgreSQL going away under write load must not stop the app (docs/operations.md "Faults and
 * recovery"): bookings keep arriving while every connection of the app's database is ended —
 * by a real restart when PG_RESTART_COMMAND is set (`.ci/run` runs this spec alone with
 * `pg_ctlcluster … restart -m fast`), otherwise by `pg_terminate_backend` on the app's own
 * connections, which gives the same "terminating connection due to administrator command"
 * (SQLSTATE 57P01) and can run beside other specs. Afterwards the server is still up and
 * serving, every booking it acknowledged (303 to its page) is in the database, and a request
 * that failed got 503 with Retry-After, never 500.
 */
import { execSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { addDays, todayInKolkata } from "~/utils/dates";
import { createScratchDatabase } from "../support/processes/scratch-database";
import { type ServerProcess, startServerProcess } from "../support/processes/server";

const adminUrl = process.env.E2E_DATABASE_URL;
const restartCommand = process.env.PG_RESTART_COMMAND;
test.skip(!adminUrl, "PostgreSQL only: set E2E_DATABASE_URL (the spec creates its own database)");
test.describe.configure({ timeout: 180_000 });

/** Concurrent booking loops: each is one customer's browser posting without JavaScript. */
const LOOPS = 6;

interface Answer {
  status: number;
  retryAfter: string | null;
  token: string | null;
  /** The body of a 503 ("" otherwise). */
  body: string;
}

let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let server: ServerProcess;
let dataDir = "";

test.beforeAll(async () => {
  scratch = await createScratchDatabase(adminUrl as string, "pg_restart");
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pg-restart-"));
  server = await startServerProcess(dataDir, {
    DATABASE_URL: scratch.url,
    SESSION_SECRET: "pg-restart-secret-pg-restart-secret-0123",
    NODE_ENV: "production",
    TRUST_PROXY: "loopback",
    PICKUP_SLOT_CAPACITY: "1000",
    LOG_LEVEL: "warn",
  });
});

test.afterAll(async () => {
  await server?.stop();
  await scratch?.drop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Booking number `n`: its own phone and client address, so no per-phone or per-address cap. */
async function book(base: string, n: number): Promise<Answer> {
  const today = todayInKolkata(new Date());
  const response = await fetch(`${base}/orderpage`, {
    method: "POST",
    headers: {
      Origin: base,
      "Sec-Fetch-Site": "same-origin",
      "X-Forwarded-For": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
    },
    body: new URLSearchParams({
      name: "Ravi Kumar",
      email: `ravi.${n}@example.com`,
      phone: `98${String(n).padStart(8, "0")}`,
      addressLine1: "4 Residency Road",
      addressLine2: "Near the bus stop",
      city: "Bengaluru",
      pinCode: "560025",
      pickupDate: addDays(today, 2 + (n % 5)),
      pickupTime: "11:00",
      reward: "coupon",
      idempotencyKey: crypto.randomUUID(),
      website: "",
    }),
    redirect: "manual",
  }).catch(() => null);
  if (!response) return { status: 0, retryAfter: null, token: null, body: "" };
  const body = await response.text();
  const location = response.headers.get("location") ?? "";
  return {
    status: response.status,
    retryAfter: response.headers.get("retry-after"),
    token: /\/pickups\/([\w-]+)\/booked$/.exec(location)?.[1] ?? null,
    body: response.status === 503 ? body : "",
  };
}

/** Ends every connection of the app's database: a restart of PostgreSQL, or terminating them. */
async function endEveryConnection(): Promise<string> {
  if (restartCommand) {
    execSync(restartCommand, { stdio: "pipe", timeout: 60_000 });
    return "restart";
  }
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      "select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1",
      [new URL(scratch.url).pathname.slice(1)],
    );
    return `terminated ${rows[0]?.n ?? 0} connections`;
  } finally {
    await client.end();
  }
}

test("the app survives its PostgreSQL connections ending under write load", async () => {
  const answers: Answer[] = [];
  let next = 0;
  let stop = false;
  const loops = Array.from({ length: LOOPS }, async () => {
    while (!stop) answers.push(await book(server.base, next++));
  });
  await expect.poll(() => answers.length, { timeout: 30_000 }).toBeGreaterThan(30);
  const how = await endEveryConnection();
  const atEnd = answers.length;
  await expect.poll(() => answers.length - atEnd, { timeout: 60_000 }).toBeGreaterThan(60);
  stop = true;
  await Promise.all(loops);

  expect(server.child.exitCode, server.output()).toBeNull();
  expect(server.child.signalCode).toBeNull();
  expect(server.output()).not.toMatch(/Unhandled 'error' event/);

  const byStatus = new Map<number, number>();
  for (const answer of answers) byStatus.set(answer.status, (byStatus.get(answer.status) ?? 0) + 1);
  const refused = answers.filter((answer) => answer.status === 503);
  process.stdout.write(
    `[figure] PostgreSQL ${how} under ${LOOPS} booking loops: ${answers.length} bookings posted, ${JSON.stringify(Object.fromEntries(byStatus))}\n`,
  );
  expect(
    [...byStatus.keys()].filter((status) => status !== 303 && status !== 503),
    server.output().slice(-4000),
  ).toEqual([]);
  for (const answer of refused) {
    expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    // Words, not React Router's error page without its messages (which showed message ids).
    expect(answer.body).toMatch(
      /^We could not finish this just now because our database did not answer\./,
    );
  }

  // Every acknowledged booking is in the database.
  const tokens = answers.flatMap((answer) => (answer.token ? [answer.token] : []));
  expect(tokens.length).toBeGreaterThan(60);
  const client = new pg.Client({ connectionString: scratch.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      "select count(*)::int as n from pickups where tracking_token = any($1)",
      [tokens],
    );
    expect(rows[0]?.n).toBe(tokens.length);
  } finally {
    await client.end();
  }

  // And it serves: health, a page, a new booking.
  await expect
    .poll(async () => (await fetch(`${server.base}/healthz`)).status, { timeout: 20_000 })
    .toBe(200);
  expect((await fetch(`${server.base}/ratelist`)).status).toBe(200);
  expect((await book(server.base, 999_999)).status).toBe(303);
});
