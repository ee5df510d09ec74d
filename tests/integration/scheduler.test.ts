/**
 * The scheduler (docs/operations.md "Scheduler and housekeeping") against a freshly migrated
 * database (PGlite, or PostgreSQL with TEST_DATABASE_URL): several schedulers with different
 * server ids on one database run a window once; a run left 'running' by a dead server is taken
 * over after its lease; a clock that jumps back to a done window does nothing; failures retry
 * after a backoff; stop() waits for the job in flight; old rows are pruned.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { scheduledRuns } from "~/db/schema/operations";
import {
  createScheduler,
  everyMinutes,
  pruneScheduledRuns,
  type ScheduledJob,
} from "~/features/operations/scheduler.server";
import { createTestDatabase } from "../support/processes/test-database";

let handle: DatabaseHandle;
let db: DatabaseHandle["db"];

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
  // The job's observable effect: one row per run, in a table of this test.
  await db.execute(
    sql`create table job_effects (job text not null, window_key text not null, server text not null)`,
  );
});
afterAll(async () => {
  await handle?.close();
});
beforeEach(async () => {
  await db.execute(sql`delete from job_effects`);
  await db.delete(scheduledRuns);
});

async function effects(job: string) {
  const result = (await db.execute(
    sql`select window_key, server from job_effects where job = ${job} order by window_key`,
  )) as unknown as { rows: { window_key: string; server: string }[] };
  return result.rows;
}

async function runRow(job: string, windowKey: string) {
  const [row] = await db
    .select()
    .from(scheduledRuns)
    .where(and(eq(scheduledRuns.job, job), eq(scheduledRuns.windowKey, windowKey)));
  return row;
}

/** A job due every 5 minutes whose run writes one effect row (after `gate`, when given). */
function effectJob(
  name: string,
  server: string,
  options: { gate?: () => Promise<void>; fail?: () => boolean } = {},
): ScheduledJob {
  return {
    name,
    windowOf: everyMinutes(5),
    leaseMs: 60_000,
    async run({ db: jobDb, windowKey }) {
      await options.gate?.();
      if (options.fail?.()) throw new Error("the job failed on purpose");
      await jobDb.execute(
        sql`insert into job_effects (job, window_key, server) values (${name}, ${windowKey}, ${server})`,
      );
      return `wrote one effect for ${windowKey}`;
    },
  };
}

async function until(condition: () => boolean | Promise<boolean>, what: string) {
  const deadline = Date.now() + 10_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function clock(iso: string) {
  let now = new Date(iso);
  return {
    now: () => now,
    set(next: string) {
      now = new Date(next);
    },
  };
}

describe("several schedulers on one database", () => {
  it("run a window once: five servers ticking at once make one effect", async () => {
    const time = clock("2026-11-22T10:01:00Z");
    const servers = ["a", "b", "c", "d", "e"].map((id) =>
      createScheduler({ db, id, now: time.now, jobs: [effectJob("together", id)] }),
    );
    const ticks = await Promise.all(servers.map((s) => s.tick()));
    const outcomes = ticks.map((entries) => entries[0]?.outcome).sort();
    expect(outcomes).toEqual(["done", "not-claimed", "not-claimed", "not-claimed", "not-claimed"]);
    expect(await effects("together")).toHaveLength(1);
    const row = await runRow("together", "2026-11-22T10:00Z");
    expect(row).toMatchObject({
      status: "done",
      attempts: 1,
      detail: "wrote one effect for 2026-11-22T10:00Z",
    });
    expect(row?.claimedBy).toBe((await effects("together"))[0]?.server);

    // Later ticks in the same window change nothing; the next window runs once again.
    await Promise.all(servers.map((s) => s.tick()));
    expect(await effects("together")).toHaveLength(1);
    time.set("2026-11-22T10:05:00Z");
    await Promise.all(servers.map((s) => s.tick()));
    expect((await effects("together")).map((e) => e.window_key)).toEqual([
      "2026-11-22T10:00Z",
      "2026-11-22T10:05Z",
    ]);
  });

  it("does not start a window another server is running", async () => {
    const time = clock("2026-11-22T11:00:00Z");
    let started = false;
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const gate = async () => {
      started = true;
      await released;
    };
    const a = createScheduler({
      db,
      id: "a",
      now: time.now,
      jobs: [effectJob("busy", "a", { gate })],
    });
    const b = createScheduler({ db, id: "b", now: time.now, jobs: [effectJob("busy", "b")] });
    const aTick = a.tick();
    await until(() => started, "server a to start the run");
    expect((await b.tick())[0]?.outcome).toBe("not-claimed");
    release();
    expect((await aTick)[0]?.outcome).toBe("done");
    expect(await effects("busy")).toEqual([{ window_key: "2026-11-22T11:00Z", server: "a" }]);
  });
});

describe("a run left behind by a dead server", () => {
  it("is taken over once its lease has run out, and its effect happens once", async () => {
    const time = clock("2026-11-22T12:02:00Z");
    // Server 'dead' claimed the window and was killed before finishing: lease still running.
    await db.insert(scheduledRuns).values({
      job: "crashy",
      windowKey: "2026-11-22T12:00Z",
      status: "running",
      claimedBy: "dead",
      leaseUntil: new Date("2026-11-22T12:02:30Z"),
      startedAt: new Date("2026-11-22T12:01:30Z"),
    });
    const alive = createScheduler({
      db,
      id: "alive",
      now: time.now,
      jobs: [effectJob("crashy", "alive")],
    });
    expect((await alive.tick())[0]?.outcome).toBe("not-claimed");
    expect(await effects("crashy")).toEqual([]);

    time.set("2026-11-22T12:03:00Z");
    expect((await alive.tick())[0]?.outcome).toBe("done");
    expect(await runRow("crashy", "2026-11-22T12:00Z")).toMatchObject({
      status: "done",
      claimedBy: "alive",
      attempts: 2,
    });
    expect(await alive.tick()).toMatchObject([{ outcome: "not-claimed" }]);
    expect(await effects("crashy")).toHaveLength(1);
  });

  it("a late finish by the old holder does not overwrite the new holder's row", async () => {
    const time = clock("2026-11-22T13:00:00Z");
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let started = false;
    const slow = createScheduler({
      db,
      id: "slow",
      now: time.now,
      jobs: [
        effectJob("overrun", "slow", {
          gate: async () => {
            started = true;
            await released;
          },
        }),
      ],
    });
    const slowTick = slow.tick();
    await until(() => started, "the slow run to start");
    // Its lease runs out (the clock moves past it) and another server takes over and fails.
    time.set("2026-11-22T13:01:30Z");
    const other = createScheduler({
      db,
      id: "other",
      now: time.now,
      jobs: [effectJob("overrun", "other", { fail: () => true })],
    });
    expect((await other.tick())[0]?.outcome).toBe("failed");
    release();
    await slowTick;
    // The row tells the truth about the latest attempt: 'other' failed it.
    expect(await runRow("overrun", "2026-11-22T13:00Z")).toMatchObject({
      status: "failed",
      claimedBy: "other",
      attempts: 2,
    });
  });
});

describe("clock jumps and retries", () => {
  it("does nothing when the clock jumps back to a window already done", async () => {
    const time = clock("2026-11-22T14:07:00Z");
    const s = createScheduler({ db, id: "a", now: time.now, jobs: [effectJob("jumpy", "a")] });
    await s.tick();
    time.set("2026-11-22T14:12:00Z");
    await s.tick();
    // Back into the first window, then into the second one again.
    for (const back of ["2026-11-22T14:05:30Z", "2026-11-22T14:09:59Z", "2026-11-22T14:14:00Z"]) {
      time.set(back);
      expect((await s.tick())[0]?.outcome).toBe("not-claimed");
    }
    expect((await effects("jumpy")).map((e) => e.window_key)).toEqual([
      "2026-11-22T14:05Z",
      "2026-11-22T14:10Z",
    ]);
  });

  it("retries a failed window after its backoff, at most maxAttempts times", async () => {
    const time = clock("2026-11-22T15:00:00Z");
    let failures = 2;
    const runs: string[] = [];
    const s = createScheduler({
      db,
      id: "a",
      now: time.now,
      retryDelay: () => 60_000,
      maxAttempts: 3,
      onRun: (job, outcome) => runs.push(`${job}:${outcome}`),
      jobs: [effectJob("flaky", "a", { fail: () => failures-- > 0 })],
    });
    expect((await s.tick())[0]).toMatchObject({
      outcome: "failed",
      detail: "Error: the job failed on purpose",
    });
    // Not before the retry time.
    time.set("2026-11-22T15:00:59Z");
    expect((await s.tick())[0]?.outcome).toBe("not-claimed");
    time.set("2026-11-22T15:01:01Z");
    expect((await s.tick())[0]?.outcome).toBe("failed");
    time.set("2026-11-22T15:02:02Z");
    expect((await s.tick())[0]?.outcome).toBe("done");
    expect(runs).toEqual(["flaky:failed", "flaky:failed", "flaky:done"]);
    expect(await runRow("flaky", "2026-11-22T15:00Z")).toMatchObject({
      status: "done",
      attempts: 3,
    });
    expect(await effects("flaky")).toHaveLength(1);

    // A window that keeps failing is left failed after maxAttempts.
    const never = createScheduler({
      db,
      id: "a",
      now: time.now,
      retryDelay: () => 1000,
      maxAttempts: 2,
      jobs: [effectJob("broken", "a", { fail: () => true })],
    });
    time.set("2026-11-22T15:06:00Z");
    await never.tick();
    time.set("2026-11-22T15:06:02Z");
    await never.tick();
    time.set("2026-11-22T15:08:00Z");
    expect((await never.tick())[0]?.outcome).toBe("not-claimed");
    expect(await runRow("broken", "2026-11-22T15:05Z")).toMatchObject({
      status: "failed",
      attempts: 2,
    });
  });

  it("refuses two jobs with one name", () => {
    expect(() => createScheduler({ db, jobs: [effectJob("x", "a"), effectJob("x", "a")] })).toThrow(
      /unique/,
    );
  });
});

describe("start and stop", () => {
  it("ticks at start, and stop() waits for the job in flight", async () => {
    let started = false;
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const s = createScheduler({
      db,
      id: "a",
      tickMs: 60_000,
      jobs: [
        effectJob("stopping", "a", {
          gate: async () => {
            started = true;
            await released;
          },
        }),
      ],
    });
    s.start();
    await until(() => started, "the first tick to run the job");
    let stopped = false;
    const stopping = s.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    release();
    await stopping;
    const [row] = await db.select().from(scheduledRuns).where(eq(scheduledRuns.job, "stopping"));
    expect(row?.status).toBe("done");
    expect(await effects("stopping")).toHaveLength(1);
  });
});

describe("pruneScheduledRuns", () => {
  it("deletes rows started more than 90 days ago, once", async () => {
    const now = new Date("2026-11-22T00:00:00Z");
    const day = 24 * 60 * 60_000;
    for (const [key, daysAgo] of [
      ["old", 91],
      ["edge", 89],
      ["new", 1],
    ] as const) {
      await db.insert(scheduledRuns).values({
        job: "pruned",
        windowKey: key,
        status: "done",
        claimedBy: "a",
        leaseUntil: new Date(now.getTime() - daysAgo * day),
        startedAt: new Date(now.getTime() - daysAgo * day),
      });
    }
    expect(await pruneScheduledRuns(db, now)).toBe(1);
    expect(await pruneScheduledRuns(db, now)).toBe(0);
    const left = await db.select({ key: scheduledRuns.windowKey }).from(scheduledRuns);
    expect(left.map((r) => r.key).sort()).toEqual(["edge", "new"]);
  });
});
