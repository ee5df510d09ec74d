/**
 * The tracking page's line of steps and the collector's name and call link (docs/pickups.md
 * "The tracking page", docs/exchange.md "The customer's tracking page"): a pickup is walked
 * through the real feature functions with a clock passed to each (booked → confirmed →
 * assigned → on my way → weighed → collected), and the Hindi tracking page's loader is read
 * after each move. Times come from the rows the database stored; the name and phone appear only
 * from 'On my way' until the collection. Also the staff page's optional 'Phone'.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "~/db/schema/audit";
import { pickups } from "~/db/schema/pickups";
import { staffUsers } from "~/db/schema/staff";
import { seedDatabase } from "~/db/seed.server";
import { assignCollector } from "~/features/exchange/assignment.server";
import {
  confirmWeighSheetByToken,
  disputeWeighSheetByToken,
} from "~/features/exchange/confirmation.server";
import { markOnTheWay } from "~/features/exchange/visit.server";
import { saveWeighSheet } from "~/features/exchange/weigh-sheet.server";
import { defaultPickupConfig } from "~/features/pickups/pickup-config";
import { bookPickup, cancelPickupByToken } from "~/features/pickups/pickups.server";
import { changePickupStatus } from "~/features/pickups/pickups-admin.server";
import { setStaffPhone } from "~/features/staff/staff-admin.server";
import { action as staffAction } from "~/routes/dashboard/staff";
import { loader as trackingLoader } from "~/routes/pickup-tracking";
import { formatDateTimeIST } from "~/utils/dates";
import { exchangeDefaults } from "~/utils/env.server";
import { pickupInput } from "../support/factories/pickup-bookings";
import {
  callRoute,
  errorsOf,
  routeArgs,
  signedInStaff,
  statusOf,
} from "../support/factories/staff";
import { firstMaterialId } from "../support/factories/weighed-pickups";
import { testDatabaseForFile } from "../support/processes/test-database";

const handle = testDatabaseForFile();
const config = { ...defaultPickupConfig, openPickupsPerContact: 1000 };
const settings = { ...exchangeDefaults };
// The clock: the evening before the pickup of 23 Nov 2026 (11:00 IST), then its morning.
const bookedClock = new Date("2026-11-22T12:00:00Z");
const onTheWayAt = new Date("2026-11-23T05:10:00Z");
const weighedAt = new Date("2026-11-23T05:55:00Z");
const collectedAt = new Date("2026-11-23T06:20:00Z");
const COLLECTOR_PHONE = "+919845098450";

type Loaded = Awaited<ReturnType<typeof trackingLoader>>;

async function trackingPage(token: string, lang: "hi" | "en" = "hi"): Promise<Loaded> {
  const prefix = lang === "en" ? "" : `/${lang}`;
  return trackingLoader(
    routeArgs(`http://localhost${prefix}/pickups/${token}`, { params: { token } }),
  );
}

/** key:state:time of each step, the way the test reads the line. */
function stepsOf(page: Loaded) {
  return page.steps.map((step) => `${step.key}:${step.state}:${step.at ?? "-"}`);
}

async function pickupRow(id: number) {
  const [row] = await handle.db.select().from(pickups).where(eq(pickups.id, id));
  if (!row) throw new Error("no pickup");
  return row;
}

async function auditTime(pickupId: number, action: string): Promise<Date> {
  const [row] = await handle.db
    .select({ at: auditLog.createdAt })
    .from(auditLog)
    .where(and(eq(auditLog.entityId, String(pickupId)), eq(auditLog.action, action)));
  if (!row) throw new Error(`no ${action} row`);
  return row.at;
}

async function people() {
  const admin = await signedInStaff(handle.db, "admin");
  const collector = await signedInStaff(handle.db, "collector");
  await handle.db
    .update(staffUsers)
    .set({ name: "Ramesh Gowda" })
    .where(eq(staffUsers.id, collector.user.id));
  const door = { ...collector.user, name: "Ramesh Gowda" };
  return { admin, collector, door };
}

async function book() {
  return bookPickup(handle.db, pickupInput({ reward: "coupon" }), bookedClock, config, "hi");
}

const hi = (at: Date) => formatDateTimeIST(at, "hi");

beforeAll(async () => {
  await seedDatabase(handle.db);
});

describe("the line of steps", () => {
  it("walks booked → confirmed → on the way → weighed → collected with the stored times, in Hindi", async () => {
    const { admin, collector, door } = await people();
    await setStaffPhone(handle.db, admin.user, collector.user.id, COLLECTOR_PHONE);
    const booked = await book();
    const row = await pickupRow(booked.id);

    let page = await trackingPage(booked.trackingToken);
    expect(stepsOf(page)).toEqual([
      `booked:current:${hi(row.createdAt)}`,
      "confirmed:upcoming:-",
      "onTheWay:upcoming:-",
      "weighed:upcoming:-",
      "collected:upcoming:-",
    ]);
    expect(page.collector).toBeNull();

    await changePickupStatus(handle.db, booked.id, "confirmed", admin.user.email, "requested");
    await assignCollector(handle.db, [booked.id], collector.user.id, admin.user);
    const confirmedAt = await auditTime(booked.id, "pickup.confirmed");
    page = await trackingPage(booked.trackingToken);
    expect(stepsOf(page)).toEqual([
      `booked:done:${hi(row.createdAt)}`,
      `confirmed:current:${hi(confirmedAt)}`,
      "onTheWay:upcoming:-",
      "weighed:upcoming:-",
      "collected:upcoming:-",
    ]);
    // Assigned but not on the way yet: neither the name nor the phone reach the page.
    expect(page.collector).toBeNull();
    expect(JSON.stringify(page)).not.toMatch(/Ramesh|98450 98450|9845098450/);

    await markOnTheWay(handle.db, booked.id, door, onTheWayAt);
    page = await trackingPage(booked.trackingToken);
    expect(stepsOf(page).slice(2)).toEqual([
      `onTheWay:current:${hi(onTheWayAt)}`,
      "weighed:upcoming:-",
      "collected:upcoming:-",
    ]);
    expect(page.collector).toEqual({
      firstName: "Ramesh",
      telHref: `tel:${COLLECTOR_PHONE}`,
      phone: "+91 98450 98450",
    });
    expect(JSON.stringify(page)).not.toContain("Gowda");

    const materialId = await firstMaterialId(handle.db);
    await saveWeighSheet(
      handle.db,
      booked.id,
      { lines: [{ materialId, grams: 18_600 }], plants: [], expectedVersion: 0 },
      door,
      { settings, minimumKg: 15, now: weighedAt },
    );
    page = await trackingPage(booked.trackingToken);
    expect(stepsOf(page).slice(2)).toEqual([
      `onTheWay:done:${hi(onTheWayAt)}`,
      `weighed:current:${hi(weighedAt)}`,
      "collected:upcoming:-",
    ]);
    expect(page.collector?.firstName).toBe("Ramesh");

    await confirmWeighSheetByToken(handle.db, booked.trackingToken, 1, collectedAt, settings);
    expect((await pickupRow(booked.id)).collectedAt?.getTime()).toBe(collectedAt.getTime());
    page = await trackingPage(booked.trackingToken);
    expect(stepsOf(page)).toEqual([
      `booked:done:${hi(row.createdAt)}`,
      `confirmed:done:${hi(confirmedAt)}`,
      `onTheWay:done:${hi(onTheWayAt)}`,
      `weighed:done:${hi(weighedAt)}`,
      `collected:current:${hi(collectedAt)}`,
    ]);
    // Collected: the collector's name and phone are gone from the page.
    expect(page.collector).toBeNull();
    expect(JSON.stringify(page)).not.toMatch(/Ramesh|98450 98450|9845098450/);
  });

  it("writes the times in the page's language, Asia/Kolkata (10:40 am IST on the English page)", async () => {
    const { door, admin, collector } = await people();
    const booked = await book();
    await assignCollector(handle.db, [booked.id], collector.user.id, admin.user);
    await markOnTheWay(handle.db, booked.id, door, onTheWayAt);
    const page = await trackingPage(booked.trackingToken, "en");
    const step = page.steps.find((s) => s.key === "onTheWay");
    expect(step?.at).toBe(formatDateTimeIST(onTheWayAt, "en"));
    expect(step?.at).toMatch(/10:40/);
    expect(step?.iso).toBe(onTheWayAt.toISOString());
  });

  it("a cancelled pickup ends the line at 'cancelled', with no step ahead and no collector", async () => {
    const { admin, collector } = await people();
    await setStaffPhone(handle.db, admin.user, collector.user.id, COLLECTOR_PHONE);
    const booked = await book();
    await assignCollector(handle.db, [booked.id], collector.user.id, admin.user);
    await cancelPickupByToken(handle.db, booked.trackingToken, bookedClock);
    const cancelledAt = await auditTime(booked.id, "pickup.cancelled");
    const assignedAt = await auditTime(booked.id, "pickup.assigned");
    const page = await trackingPage(booked.trackingToken);
    expect(stepsOf(page).slice(1)).toEqual([
      `confirmed:done:${hi(assignedAt)}`,
      `cancelled:current:${hi(cancelledAt)}`,
    ]);
    expect(page.collector).toBeNull();
  });

  it("a disputed sheet shows 'disputed' at its time with 'collected' still ahead; a corrected sheet is the current step", async () => {
    const { admin, door, collector } = await people();
    await setStaffPhone(handle.db, admin.user, collector.user.id, COLLECTOR_PHONE);
    const booked = await book();
    await assignCollector(handle.db, [booked.id], collector.user.id, admin.user);
    await markOnTheWay(handle.db, booked.id, door, onTheWayAt);
    const materialId = await firstMaterialId(handle.db);
    const lines = [{ materialId, grams: 18_600 }];
    await saveWeighSheet(handle.db, booked.id, { lines, plants: [], expectedVersion: 0 }, door, {
      settings,
      minimumKg: 15,
      now: weighedAt,
    });
    await disputeWeighSheetByToken(handle.db, booked.trackingToken, 1, "Too light", collectedAt);
    let page = await trackingPage(booked.trackingToken);
    expect(stepsOf(page).slice(3)).toEqual([
      `weighed:done:${hi(weighedAt)}`,
      `disputed:current:${hi(collectedAt)}`,
      "collected:upcoming:-",
    ]);
    // Staff take a dispute over: the collector's name and phone are no longer shown.
    expect(page.collector).toBeNull();

    const correctedAt = new Date(collectedAt.getTime() + 60 * 60_000);
    const staffActor = { ...admin.user, role: "admin" as const };
    await saveWeighSheet(
      handle.db,
      booked.id,
      { lines: [{ materialId, grams: 19_000 }], plants: [], expectedVersion: 1 },
      staffActor,
      { settings, minimumKg: 15, now: correctedAt },
    );
    page = await trackingPage(booked.trackingToken);
    expect(stepsOf(page).slice(3)).toEqual([
      `corrected:current:${hi(correctedAt)}`,
      "collected:upcoming:-",
    ]);
  });

  it("without a phone on the collector's account: the first name, no call link", async () => {
    const { door, admin, collector } = await people();
    const booked = await book();
    await assignCollector(handle.db, [booked.id], collector.user.id, admin.user);
    await markOnTheWay(handle.db, booked.id, door, onTheWayAt);
    const page = await trackingPage(booked.trackingToken);
    expect(page.collector).toEqual({ firstName: "Ramesh", telHref: null, phone: null });
  });
});

describe("the staff account's optional phone", () => {
  async function postPhone(cookie: string, userId: string, phone: string) {
    return callRoute(staffAction, "http://localhost/dashboard/staff", {
      cookie,
      form: { intent: "set-phone", userId, phone },
    });
  }

  async function phoneOf(userId: string) {
    const [row] = await handle.db
      .select({ phone: staffUsers.phone })
      .from(staffUsers)
      .where(eq(staffUsers.id, userId));
    return row?.phone;
  }

  it("stores an Indian mobile as +91…, refuses anything else next to the field, clears when empty", async () => {
    const admin = await signedInStaff(handle.db, "admin");
    const collector = await signedInStaff(handle.db, "collector");
    const id = collector.user.id;

    expect(statusOf(await postPhone(admin.cookie, id, "098450 98450"))).toBe(200);
    expect(await phoneOf(id)).toBe(COLLECTOR_PHONE);

    for (const bad of ["12345", "5845098450", "+1 202 555 0143", "x".repeat(40)]) {
      const refused = await postPhone(admin.cookie, id, bad);
      expect(statusOf(refused)).toBe(400);
      expect(errorsOf(refused).phone).toMatch(/mobile number/);
      expect(await phoneOf(id)).toBe(COLLECTOR_PHONE);
    }

    expect(statusOf(await postPhone(admin.cookie, id, "  "))).toBe(200);
    expect(await phoneOf(id)).toBeNull();
    const audit = await handle.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, "staff.phone")));
    expect(audit).toHaveLength(2);
  });

  it("only an admin may set it", async () => {
    const staff = await signedInStaff(handle.db, "staff");
    const collector = await signedInStaff(handle.db, "collector");
    const answer = await postPhone(staff.cookie, collector.user.id, "9845098450");
    expect(statusOf(answer)).toBe(403);
    expect(await phoneOf(collector.user.id)).toBeNull();
  });
});
