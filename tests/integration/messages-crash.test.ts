/**
 * The outbox's promises under crashes and several servers (docs/messages.md "The dispatcher"):
 * a dispatcher process killed with SIGKILL in the middle of a batch loses no message and
 * repeats at most the rows its workers were sending (CONCURRENCY, one per worker); two
 * dispatchers on one database send every message exactly once, also when their clocks are
 * minutes apart (libfaketime): the database's clock decides.
 * Dispatchers run as child processes (tests/support/processes/dispatcher.ts) against the
 * fake WhatsApp Cloud API on loopback. Figures are printed as "[figure] …" lines.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Database, type DatabaseHandle, openDatabase } from "~/db/client.server";
import { TOO_LATE } from "~/db/outbox.server";
import { messages } from "~/db/schema/messages";
import { projectRoot } from "~/utils/project-root.server";
import {
  fakeWhatsAppDispatcher,
  insertWhatsAppMessages,
  messageRows,
  waitFor,
} from "../support/factories/outbox";
import { type FakeWhatsApp, startFakeWhatsApp } from "../support/fakes/whatsapp";
import { createScratchDatabase } from "../support/processes/test-database";

const adminUrl = process.env.TEST_DATABASE_URL;
/** Debian's libfaketime (package faketime): moves a child process's clock. */
const LIBFAKETIME = "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1";
/** WhatsApp sends in flight per dispatcher: a kill repeats at most this many rows. */
const CONCURRENCY = 5;
let fake: FakeWhatsApp;

beforeAll(async () => {
  fake = await startFakeWhatsApp();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  fake.requests.length = 0;
  fake.delayMs = 0;
});

interface DispatcherChild {
  child: ChildProcess;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Starts tests/support/processes/dispatcher.ts under node + tsx (no wrapper process to outlive a
 * kill).
 */
async function spawnDispatcher(database: Record<string, string>, extra: Record<string, string>) {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", path.join("tests", "support", "processes", "dispatcher.ts")],
    {
      cwd: projectRoot(),
      env: {
        ...process.env,
        ...database,
        WHATSAPP_API_BASE: fake.base,
        WHATSAPP_TOKEN: fake.token,
        WHATSAPP_PHONE_NUMBER_ID: fake.phoneNumberId,
        ...extra,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const started: DispatcherChild = { child, output: () => output, exited };
  await Promise.race([
    waitFor(() => output.includes("ready\n"), 60_000, "the dispatcher process"),
    exited.then(() => {
      throw new Error(`The dispatcher process exited:\n${output}`);
    }),
  ]);
  return started;
}

async function pendingCount(db: Database): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(messages)
    .where(eq(messages.status, "pending"));
  return row?.n ?? -1;
}

/** Deliveries per message id (the first body parameter) as the fake received them. */
function deliveries(ids: number[]) {
  const counts = fake.countsByFirstText();
  const perId = ids.map((id) => counts.get(String(id)) ?? 0);
  return {
    missing: perId.filter((n) => n === 0).length,
    repeated: perId.filter((n) => n > 1).length,
    most: Math.max(...perId),
    unknown: [...counts.keys()].filter((key) => !ids.map(String).includes(key)).length,
  };
}

/**
 * Kills a dispatcher process with SIGKILL after ~100 deliveries of 500, then lets a new
 * dispatcher (2 s lease) finish; returns the figures.
 */
async function killMidBatch(
  ids: number[],
  childDatabase: Record<string, string>,
  reopen: () => Promise<Database>,
) {
  fake.delayMs = 15;
  const victim = await spawnDispatcher(childDatabase, {
    LEASE_MS: "2000",
    BATCH_SIZE: "20",
    CONCURRENCY: String(CONCURRENCY),
    POLL_MS: "50",
  });
  await waitFor(() => fake.requests.length >= 100, 60_000, "100 deliveries");
  victim.child.kill("SIGKILL");
  expect((await victim.exited).signal).toBe("SIGKILL");
  const receivedAtKill = fake.requests.length;

  const survivorDb = await reopen();
  const sentAtKill = (await messageRows(survivorDb, ids)).filter(
    (row) => row.status === "sent",
  ).length;
  const started = performance.now();
  const survivor = fakeWhatsAppDispatcher(survivorDb, fake, { leaseMs: 2000, pollMs: 50 });
  survivor.start();
  await waitFor(async () => (await pendingCount(survivorDb)) === 0, 120_000, "every row sent");
  await survivor.stop();
  const recoverySeconds = (performance.now() - started) / 1000;
  return { receivedAtKill, sentAtKill, recoverySeconds, survivorDb };
}

function reportCrash(
  driver: string,
  figures: Awaited<ReturnType<typeof killMidBatch>>,
  ids: number[],
) {
  const counted = deliveries(ids);
  process.stdout.write(
    `[figure] SIGKILL (${driver}): killed after ${figures.receivedAtKill} deliveries (${figures.sentAtKill} recorded sent); a new dispatcher finished the rest in ${figures.recoverySeconds.toFixed(2)} s; ${fake.requests.length} deliveries for 500 messages, missing ${counted.missing}, repeated ${counted.repeated}\n`,
  );
  return counted;
}

describe("a dispatcher killed with SIGKILL mid-batch", () => {
  it.skipIf(!adminUrl)(
    "on PostgreSQL: loses none of 500 messages and repeats at most the sends in flight",
    async () => {
      const scratch = await createScratchDatabase(adminUrl as string, "crash");
      const handle = await openDatabase({ databaseUrl: scratch.url, poolSize: 4 });
      try {
        const ids = await insertWhatsAppMessages(handle.db, 500);
        const figures = await killMidBatch(
          ids,
          { DISPATCHER_DATABASE_URL: scratch.url },
          async () => handle.db,
        );
        const counted = reportCrash("postgres", figures, ids);
        expect(counted).toMatchObject({ missing: 0, unknown: 0 });
        expect(counted.repeated).toBeLessThanOrEqual(CONCURRENCY);
        expect(counted.most).toBeLessThanOrEqual(2);
        const rows = await messageRows(handle.db, ids);
        expect(rows.every((row) => row.status === "sent")).toBe(true);
      } finally {
        await handle.close();
        await scratch.drop();
      }
    },
    240_000,
  );

  it("on a PGlite data directory: loses none of 500 messages and repeats at most the sends in flight", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "outbox-crash-"));
    let reopened: DatabaseHandle | undefined;
    try {
      const seeding = await openDatabase({ dataDir });
      const ids = await insertWhatsAppMessages(seeding.db, 500);
      await seeding.close();
      const figures = await killMidBatch(ids, { DISPATCHER_DATA_DIR: dataDir }, async () => {
        // The killed process's lock is stale: openDatabase takes it over (data-dir-lock).
        reopened = await openDatabase({ dataDir });
        return reopened.db;
      });
      const counted = reportCrash("pglite", figures, ids);
      expect(counted).toMatchObject({ missing: 0, unknown: 0 });
      expect(counted.repeated).toBeLessThanOrEqual(CONCURRENCY);
      expect(counted.most).toBeLessThanOrEqual(2);
      const rows = await messageRows(figures.survivorDb, ids);
      expect(rows.every((row) => row.status === "sent")).toBe(true);
    } finally {
      await reopened?.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});

describe("two dispatchers on one database", () => {
  it.skipIf(!adminUrl)(
    "on PostgreSQL: two server processes send 1,000 messages, each exactly once",
    async () => {
      const scratch = await createScratchDatabase(adminUrl as string, "twin");
      const handle = await openDatabase({ databaseUrl: scratch.url, poolSize: 2 });
      try {
        const ids = await insertWhatsAppMessages(handle.db, 1000);
        const database = { DISPATCHER_DATABASE_URL: scratch.url };
        const settings = { BATCH_SIZE: "20", POLL_MS: "50" };
        const [a, b] = await Promise.all([
          spawnDispatcher(database, { ...settings, DISPATCHER_ID: "server-a" }),
          spawnDispatcher(database, { ...settings, DISPATCHER_ID: "server-b" }),
        ]);
        await waitFor(async () => (await pendingCount(handle.db)) === 0, 120_000, "every row sent");
        const times = fake.requests.map((request) => request.receivedAt);
        const seconds = (Math.max(...times) - Math.min(...times)) / 1000;
        const stopped = [a, b].map(async (child) => {
          child.child.kill("SIGTERM");
          expect((await child.exited).code).toBe(0);
          const line = child
            .output()
            .split("\n")
            .find((text) => text.includes('"stopped"'));
          return (JSON.parse(line ?? "{}") as { sent?: number }).sent ?? 0;
        });
        const [sentA, sentB] = await Promise.all(stopped);
        const counted = deliveries(ids);
        expect(counted).toMatchObject({ missing: 0, repeated: 0, unknown: 0, most: 1 });
        expect(fake.requests).toHaveLength(1000);
        expect((sentA ?? 0) + (sentB ?? 0)).toBe(1000);
        expect(sentA).toBeGreaterThan(0);
        expect(sentB).toBeGreaterThan(0);
        process.stdout.write(
          `[figure] two dispatcher processes (postgres): 1000 messages, 0 duplicates, server-a ${sentA} / server-b ${sentB}, first to last delivery ${seconds.toFixed(2)} s = ${(1000 / seconds).toFixed(0)} messages/s\n`,
        );
      } finally {
        await handle.close();
        await scratch.drop();
      }
    },
    240_000,
  );

  it.skipIf(!adminUrl || !fs.existsSync(LIBFAKETIME))(
    "on PostgreSQL: two servers whose clocks are 6 minutes apart send each message once, none too late, none skipped on time",
    async () => {
      const scratch = await createScratchDatabase(adminUrl as string, "skew");
      const handle = await openDatabase({ databaseUrl: scratch.url, poolSize: 2 });
      try {
        const now = Date.now();
        const plain = await insertWhatsAppMessages(handle.db, 400);
        // Too late by a second on the database's clock; on time for a server 3 minutes behind.
        const late = await insertWhatsAppMessages(handle.db, 100, undefined, new Date(now - 1000));
        // On time for 2 more minutes; too late already for a server 3 minutes ahead.
        const onTime = await insertWhatsAppMessages(
          handle.db,
          100,
          undefined,
          new Date(now + 120_000),
        );
        const database = { DISPATCHER_DATABASE_URL: scratch.url };
        const settings = { BATCH_SIZE: "20", POLL_MS: "50", LEASE_MS: "60000" };
        const servers = await Promise.all(
          (["-180", "+180"] as const).map((offset, i) =>
            spawnDispatcher(database, {
              ...settings,
              DISPATCHER_ID: `server-${i}`,
              LD_PRELOAD: LIBFAKETIME,
              FAKETIME: offset,
              FAKETIME_DONT_FAKE_MONOTONIC: "1",
            }),
          ),
        );
        const skews = servers.map((server) => {
          const line = server
            .output()
            .split("\n")
            .find((text) => text.includes('"clock"'));
          const clock = (JSON.parse(line ?? "{}") as { clock?: string }).clock ?? "";
          return Math.round((Date.parse(clock) - Date.now()) / 60_000);
        });
        expect(skews).toEqual([-3, 3]);
        await waitFor(async () => (await pendingCount(handle.db)) === 0, 120_000, "every row done");
        await Promise.all(
          servers.map(async (server) => {
            server.child.kill("SIGTERM");
            expect((await server.exited).code).toBe(0);
          }),
        );
        expect(deliveries([...plain, ...onTime])).toMatchObject({
          missing: 0,
          repeated: 0,
          most: 1,
        });
        const lateCounts = fake.countsByFirstText();
        expect(late.filter((id) => lateCounts.has(String(id)))).toEqual([]);
        const lateRows = await messageRows(handle.db, late);
        expect(
          lateRows.every((row) => row.status === "skipped" && row.lastError === TOO_LATE),
        ).toBe(true);
        expect(fake.requests).toHaveLength(500);
      } finally {
        await handle.close();
        await scratch.drop();
      }
    },
    240_000,
  );

  it("on PGlite: two dispatchers on the one connection send 1,000 messages, each exactly once", async () => {
    const handle = await openDatabase({ memory: true });
    try {
      const ids = await insertWhatsAppMessages(handle.db, 1000);
      const started = performance.now();
      const pair = [
        fakeWhatsAppDispatcher(handle.db, fake, { id: "a", pollMs: 10 }),
        fakeWhatsAppDispatcher(handle.db, fake, { id: "b", pollMs: 10 }),
      ];
      for (const dispatcher of pair) dispatcher.start();
      await waitFor(async () => (await pendingCount(handle.db)) === 0, 120_000, "every row sent");
      const seconds = (performance.now() - started) / 1000;
      await Promise.all(pair.map((dispatcher) => dispatcher.stop()));
      expect(deliveries(ids)).toMatchObject({ missing: 0, repeated: 0, unknown: 0, most: 1 });
      process.stdout.write(
        `[figure] two dispatchers (pglite, one process): 1000 messages, 0 duplicates, ${seconds.toFixed(2)} s = ${(1000 / seconds).toFixed(0)} messages/s\n`,
      );
    } finally {
      await handle.close();
    }
  }, 240_000);
});
