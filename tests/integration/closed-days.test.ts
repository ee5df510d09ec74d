/**
 * Closed days (docs/operations.md "Closed days"): an admin closes a day with a reason; the pickup
 * form no longer offers it, and a booking or a move onto it is refused next to the date, in the
 * page's language, with nothing written; pickups booked before it closed stay and the closed
 * days' page counts them; reopening makes it bookable again. Past days, a day closed twice, a
 * reopened day and bad fields are refused. Every change is audited.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { useDatabaseHandle } from "~/db/db.server";
import { seedDatabase } from "~/db/seed.server";
import { type CalendarError, closeDay, reopenDay } from "~/features/calendar/closed-days.server";
import { defaultPickupConfig, type PickupConfig } from "~/features/pickups/pickup-config";
import {
  bookPickup,
  getSlotAvailability,
  PickupRejectedError,
  reschedulePickup,
} from "~/features/pickups/pickups.server";
import { refusalText } from "~/i18n/i18n.server";
import * as closedDaysRoute from "~/routes/dashboard/closed-days";
import { addDays, todayInKolkata } from "~/utils/dates";
import { pickupInput } from "../support/factories/pickup-bookings";
import { callRoute, errorsOf, signedInStaff, statusOf } from "../support/factories/staff";
import { createTestDatabase, queryRows } from "../support/processes/test-database";

let handle: DatabaseHandle;
let db: DatabaseHandle["db"];
let admin: { email: string; cookie: string };
let collectorCookie: string;
const config: PickupConfig = { ...defaultPickupConfig, openPickupsPerContact: 1000 };

// 21 Nov 2026, 10:00 IST.
const morning = new Date("2026-11-21T04:30:00Z");
const actor = { email: "owner@example.com" };

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
  useDatabaseHandle(handle);
  await seedDatabase(db);
  const signed = await signedInStaff(db, "admin");
  admin = { email: signed.user.email, cookie: signed.cookie };
  collectorCookie = (await signedInStaff(db, "collector")).cookie;
});
afterAll(async () => {
  await handle?.close();
});

type Handler = (args: never) => Promise<unknown>;

async function count(table: "pickups" | "closed_dates" | "audit_log"): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${sql.raw(table)}`,
  );
  return Number(row?.n);
}

async function offeredDates(now: Date): Promise<string[]> {
  return (await getSlotAvailability(db, now, config)).map((day) => day.date);
}

describe("a closed day and pickups", () => {
  it("is not offered, refuses a booking and a move onto it next to the date, and keeps what was booked before", async () => {
    const before = await bookPickup(db, pickupInput({ pickupDate: "2026-11-24" }), morning, config);
    const other = await bookPickup(db, pickupInput({ pickupDate: "2026-11-25" }), morning, config);
    expect(await offeredDates(morning)).toContain("2026-11-24");

    await closeDay(db, actor, { day: "2026-11-24", reason: "Diwali" }, morning);
    expect(await offeredDates(morning)).not.toContain("2026-11-24");
    expect(await offeredDates(morning)).toContain("2026-11-25");

    const pickups = await count("pickups");
    const refused = await bookPickup(
      db,
      pickupInput({ pickupDate: "2026-11-24" }),
      morning,
      config,
    ).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PickupRejectedError);
    expect((refused as PickupRejectedError).field).toBe("pickupDate");
    expect((refused as PickupRejectedError).status).toBe(409);
    expect(refusalText("hi", refused as PickupRejectedError)).toBe(
      "उस दिन हम बंद हैं। कोई और तारीख़ चुनें।",
    );
    const moved = await reschedulePickup(
      db,
      other.trackingToken,
      "2026-11-24",
      "13:00",
      morning,
      config,
    ).catch((error: unknown) => error);
    expect((moved as PickupRejectedError).id).toBe("errors.pickup.dateClosed");
    expect(await count("pickups")).toBe(pickups);
    const [row] = await queryRows<{ pickup_date: string }>(
      db,
      sql`select pickup_date::text from pickups where id = ${other.id}`,
    );
    expect(row?.pickup_date).toBe("2026-11-25");

    // Reopened, the day is bookable again; the pickup booked before stayed all along.
    await reopenDay(db, actor, "2026-11-24");
    expect(await offeredDates(morning)).toContain("2026-11-24");
    await bookPickup(db, pickupInput({ pickupDate: "2026-11-24" }), morning, config);
    const [kept] = await queryRows<{ status: string }>(
      db,
      sql`select status from pickups where id = ${before.id}`,
    );
    expect(kept?.status).toBe("requested");
  });

  it("refuses a past day, a day closed twice and reopening a day that is open, writing nothing", async () => {
    const closedBefore = await count("closed_dates");
    const audits = await count("audit_log");
    const refusal = (promise: Promise<unknown>) => promise.catch((error: unknown) => error);
    const past = await refusal(closeDay(db, actor, { day: "2026-11-20", reason: "x" }, morning));
    expect((past as CalendarError).id).toBe("dashboard.calendar.dayPassed");
    await closeDay(db, actor, { day: "2026-11-21", reason: "Bandh" }, morning);
    const twice = await refusal(closeDay(db, actor, { day: "2026-11-21", reason: "Y" }, morning));
    expect((twice as CalendarError).status).toBe(409);
    const open = await refusal(reopenDay(db, actor, "2026-11-22"));
    expect((open as CalendarError).status).toBe(404);
    expect(await count("closed_dates")).toBe(closedBefore + 1);
    expect(await count("audit_log")).toBe(audits + 1);
  });

  it("a day closed while a booking of it waits: the booking is refused or counted, never lost", async () => {
    const day = "2026-11-27";
    const results = await Promise.allSettled([
      bookPickup(db, pickupInput({ pickupDate: day }), morning, config),
      closeDay(db, actor, { day, reason: "Strike" }, morning),
      bookPickup(db, pickupInput({ pickupDate: day, pickupTime: "13:00" }), morning, config),
    ]);
    expect(results[1]?.status).toBe("fulfilled");
    const booked = results.filter((result, index) => index !== 1 && result.status === "fulfilled");
    for (const [index, result] of results.entries()) {
      if (index !== 1 && result.status === "rejected") {
        expect((result.reason as PickupRejectedError).id).toBe("errors.pickup.dateClosed");
      }
    }
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from pickups where pickup_date = ${day}`,
    );
    expect(Number(row?.n)).toBe(booked.length);
  });
});

describe("the closed days' page", () => {
  const day = addDays(todayInKolkata(new Date()), 30);
  const url = "http://localhost/dashboard/closed-days";
  const asAdmin = (form?: Record<string, string>) => ({ cookie: admin.cookie, form });

  it("closes a day, lists it with its booked pickups, and reopens it after the confirmation step", async () => {
    const closed = await callRoute(
      closedDaysRoute.action as Handler,
      url,
      asAdmin({ intent: "close", day, reason: "  Diwali  " }),
    );
    expect((closed as Response).headers.get("Location")).toBe(
      `/dashboard/closed-days?closed=${day}`,
    );
    const page = (await callRoute(closedDaysRoute.loader as Handler, url, asAdmin())) as {
      days: { day: string; reason: string; pickups: number; closedBy: string }[];
    };
    expect(page.days.find((row) => row.day === day)).toMatchObject({
      reason: "Diwali",
      pickups: 0,
      closedBy: admin.email,
    });
    const asked = await callRoute(
      closedDaysRoute.action as Handler,
      url,
      asAdmin({ intent: "reopen", day }),
    );
    expect((asked as Response).headers.get("Location")).toMatch(/confirm=reopen/);
    expect(await count("closed_dates")).toBeGreaterThan(0);
    const reopened = await callRoute(
      closedDaysRoute.action as Handler,
      url,
      asAdmin({ intent: "reopen", day, confirm: "yes" }),
    );
    expect((reopened as Response).headers.get("Location")).toBe(
      `/dashboard/closed-days?reopened=${day}`,
    );
    const audit = await queryRows<{ action: string }>(
      db,
      sql`select action from audit_log where entity = 'closed_date' and entity_id = ${day}
          order by id`,
    );
    expect(audit.map((row) => row.action)).toEqual(["closed_date.create", "closed_date.delete"]);
  });

  it("refuses bad fields next to them, and a collector, with nothing written", async () => {
    const closed = await count("closed_dates");
    const cases: [Record<string, string>, string, RegExp][] = [
      [{ day: "2026-02-30", reason: "x" }, "day", /like 2026-11-08/],
      [{ day: "tomorrow", reason: "x" }, "day", /like 2026-11-08/],
      [{ day, reason: "   " }, "reason", /why the shop is closed/],
      [{ day, reason: "x".repeat(81) }, "reason", /at most 80/],
      [{ day: "2020-01-01", reason: "Old" }, "day", /has passed/],
    ];
    for (const [form, field, text] of cases) {
      const result = await callRoute(
        closedDaysRoute.action as Handler,
        url,
        asAdmin({ intent: "close", ...form }),
      );
      expect(statusOf(result), JSON.stringify(form)).toBeGreaterThanOrEqual(400);
      expect(errorsOf(result)[field], JSON.stringify(form)).toMatch(text);
    }
    const collector = await callRoute(closedDaysRoute.action as Handler, url, {
      cookie: collectorCookie,
      form: { intent: "close", day, reason: "Diwali" },
    });
    expect(statusOf(collector)).toBe(403);
    expect(await count("closed_dates")).toBe(closed);
  });
});
