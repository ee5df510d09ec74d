/**
 * A server killed while the scheduler books a month of organisations' pickups
 * (docs/corporate.md "Recurring pickups"): the 'book-site-pickups' job runs in a child process
 * that is killed with SIGKILL after 5 of 14 dates committed; the restarted scheduler takes the
 * window over once the lease ran out and books exactly the 9 missing dates: every date once,
 * each with one pickup, none twice, none missing. On PGlite and on PostgreSQL (TEST_DATABASE_URL).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "~/db/client.server";
import { scheduledRuns } from "~/db/schema/operations";
import { sitePickupDates } from "~/db/schema/organisations";
import { seedDatabase } from "~/db/seed.server";
import { closeDay } from "~/features/calendar/closed-days.server";
import { addSite, createOrganisation } from "~/features/corporate/organisations.server";
import { createScheduler } from "~/features/operations/scheduler.server";
import { kolkataInstant } from "~/utils/dates";
import { env } from "~/utils/env.server";
import { scheduledJobs } from "../../server/scheduler";
import { createScratchDatabase, queryRows } from "../support/processes/test-database";
import { killOnceItSays, spawnVictim } from "../support/processes/victim";

/** Monday 1 March 2027: the sites are added then, with their first possible day 29 March. */
const added = kolkataInstant("2027-03-01", "10:00");
/** Monday 29 March 2027, 01:45 IST: the daily 01:30 window is due, booking 30 Mar – 26 Apr. */
const now = kolkataInstant("2027-03-29", "01:45");
const actor = { email: "office@example.com" };

function spawnBooking(database: Record<string, string>) {
  return spawnVictim("site-pickups.ts", {
    ...database,
    BOOKING_NOW: now.toISOString(),
    STOP_AFTER: "5",
  });
}

/** Every date booked, as "site due → pickup day (pickups of that date)". */
async function bookedDates(db: DatabaseHandle["db"]) {
  return queryRows<{ site: string; due: string; day: string | null; pickups: number }>(
    db,
    sql`select s.name as site, d.due_date::text as due, p.pickup_date::text as day,
          (select count(*)::int from pickups q where q.idempotency_key = 'site ' || d.site_id || ' ' || d.due_date) as pickups
        from site_pickup_dates d join organisation_sites s on s.id = d.site_id
        left join pickups p on p.id = d.pickup_id
        order by s.name, d.due_date`,
  );
}

it("a run killed with SIGKILL half-way leaves whole dates only; the restarted server books exactly the missing ones", async () => {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const dataDir = adminUrl ? null : fs.mkdtempSync(path.join(os.tmpdir(), "site-pickups-crash-"));
  const scratch = adminUrl ? await createScratchDatabase(adminUrl, "sitecrash") : null;
  const open = () =>
    openDatabase(
      scratch ? { databaseUrl: scratch.url, poolSize: 2 } : { dataDir: dataDir as string },
    );
  let database: DatabaseHandle = await open();
  try {
    const db = database.db;
    await seedDatabase(db);
    const organisationId = await createOrganisation(
      db,
      actor,
      {
        leadId: null,
        name: "Prestige Lakeside",
        kind: "housing_society",
        contactName: "Meera Iyer",
        contactPhone: "+919845044444",
        contactEmail: "meera@example.com",
        reward: "coupon",
        payoutDetails: "",
      },
      added,
    );
    const site = (name: string, frequency: "weekly" | "fortnightly", weekday: number) => ({
      siteName: name,
      addressLine1: `Prestige Lakeside, ${name}`,
      addressLine2: "",
      city: "Bengaluru",
      pinCode: "560087",
      contactName: "Security desk",
      contactPhone: "+919845055555",
      frequency,
      weekday,
      slotStart: "09:00",
      startsOn: "2027-03-29",
    });
    // Added on 1 March with a first day four weeks on: nothing is booked until the job runs.
    await addSite(db, actor, organisationId, site("Tower A", "weekly", 2), added);
    await addSite(db, actor, organisationId, site("Tower B", "weekly", 4), added);
    await addSite(db, actor, organisationId, site("Tower C", "weekly", 6), added);
    await addSite(db, actor, organisationId, site("Clubhouse", "fortnightly", 3), added);
    // Thursday 8 April is closed: Tower B's pickup moves to Friday.
    await closeDay(db, actor, { day: "2027-04-08", reason: "Ugadi" }, added);
    expect(await bookedDates(db)).toEqual([]);
    // The embedded database has one owner: the child takes the data directory over.
    if (dataDir) await database.close();

    const victim = spawnBooking(
      scratch ? { SCHEDULER_DATABASE_URL: scratch.url } : { SCHEDULER_DATA_DIR: dataDir as string },
    );
    await killOnceItSays(victim, '{"dates":5}', "the child to book 5 dates");

    if (dataDir) database = await open();
    const after = database.db;
    const half = await bookedDates(after);
    expect(half).toHaveLength(5);
    expect(half.every((row) => row.pickups === 1 && row.day !== null)).toBe(true);

    const restarted = createScheduler({
      db: after,
      id: "restarted",
      // After the victim's 2 s lease.
      now: () => new Date(now.getTime() + 3000),
      jobs: scheduledJobs(env()).filter((job) => job.name === "book-site-pickups"),
    });
    const [entry] = await restarted.tick();
    expect(entry).toMatchObject({
      outcome: "done",
      // Sites go in order (Tower A's 4 dates, then Tower B's first): the 9 left, one moved.
      detail: "8 pickups booked, 1 moved, 0 skipped",
    });
    const [run] = await after
      .select()
      .from(scheduledRuns)
      .where(eq(scheduledRuns.job, "book-site-pickups"));
    expect(run).toMatchObject({ status: "done", claimedBy: "restarted", attempts: 2 });

    const expected = [
      ...["2027-03-31", "2027-04-14"].map((due) => ({ site: "Clubhouse", due, day: due })),
      ...["2027-03-30", "2027-04-06", "2027-04-13", "2027-04-20"].map((due) => ({
        site: "Tower A",
        due,
        day: due,
      })),
      { site: "Tower B", due: "2027-04-01", day: "2027-04-01" },
      { site: "Tower B", due: "2027-04-08", day: "2027-04-09" },
      { site: "Tower B", due: "2027-04-15", day: "2027-04-15" },
      { site: "Tower B", due: "2027-04-22", day: "2027-04-22" },
      ...["2027-04-03", "2027-04-10", "2027-04-17", "2027-04-24"].map((due) => ({
        site: "Tower C",
        due,
        day: due,
      })),
    ].map((row) => ({ ...row, pickups: 1 }));
    expect(await bookedDates(after)).toEqual(expected);
    const [pickups] = await queryRows<{ n: number }>(
      after,
      sql`select count(*)::int as n from pickups where idempotency_key like 'site %'`,
    );
    expect(Number(pickups?.n)).toBe(expected.length);
    expect(await after.select().from(sitePickupDates)).toHaveLength(expected.length);
  } finally {
    await database.close().catch(() => {});
    await scratch?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}, 120_000);
