/**
 * Payouts of money rewards, the overview's kilograms per day and the home page's impact
 * figures (docs/exchange.md "Payouts" and "Impact", docs/dashboard.md), through the route
 * loaders and actions with real staff sessions, on a freshly migrated, seeded database.
 */
import { and, eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { useDatabaseHandle } from "~/db/db.server";
import { auditLog } from "~/db/schema/audit";
import { payouts } from "~/db/schema/exchange";
import { pickups } from "~/db/schema/pickups";
import { seedDatabase } from "~/db/seed.server";
import { ExchangeError } from "~/features/exchange/exchange-error";
import { getImpactFigures, IMPACT_CACHE_MS } from "~/features/impact/impact.server";
import { formatImpactCount, formatImpactKg } from "~/features/impact/impact-section";
import { getOverview } from "~/features/overview/overview.server";
import {
  countPayoutsToMake,
  listPayouts,
  paidAtOf,
  recordPayout,
} from "~/features/payouts/payouts.server";
import { pickupConfigFromEnv } from "~/features/pickups/pickup-config";
import { activePickupStatuses, pickupStatusLabels } from "~/features/pickups/pickup-status";
import * as overviewRoute from "~/routes/dashboard/overview";
import * as payoutsRoute from "~/routes/dashboard/payouts";
import * as payoutsExport from "~/routes/dashboard/payouts-export";
import * as pickupsRoute from "~/routes/dashboard/pickups";
import { addDays, kolkataInstant, todayInKolkata } from "~/utils/dates";
import { exchangePickup } from "../support/factories/payouts";
import { routeAnswer, routeArgs, signedInStaff } from "../support/factories/staff";
import { createTestDatabase } from "../support/processes/test-database";

type Args = Parameters<typeof payoutsRoute.action>[0];
type LoaderArgs = Parameters<typeof payoutsRoute.loader>[0];

let handle: DatabaseHandle;
let cookie: string;
let collectorCookie: string;
let actor: { id: string; name: string; email: string };

beforeAll(async () => {
  handle = await createTestDatabase();
  useDatabaseHandle(handle);
  await seedDatabase(handle.db);
  const staff = await signedInStaff(handle.db, "staff");
  cookie = staff.cookie;
  actor = { id: staff.user.id, name: staff.user.name, email: staff.user.email };
  collectorCookie = (await signedInStaff(handle.db, "collector")).cookie;
});
afterAll(async () => {
  await handle?.close();
});

function post(form: Record<string, string>, who = cookie) {
  return routeAnswer<{
    pickupId: number | null;
    errors: Record<string, string>;
    formError: string;
  }>(() =>
    payoutsRoute.action(
      routeArgs<Args>("http://localhost/dashboard/payouts", { cookie: who, form }),
    ),
  );
}

async function payoutRows(pickupId: number) {
  return handle.db.select().from(payouts).where(eq(payouts.pickupId, pickupId));
}

const today = () => todayInKolkata(new Date());

describe("payouts to make", () => {
  it("lists collected money pickups without a payout, oldest collection first", async () => {
    const db = handle.db;
    const newer = await exchangePickup(db, { collectedAt: new Date(Date.now() - 3_600_000) });
    const older = await exchangePickup(db, { collectedAt: new Date(Date.now() - 7_200_000) });
    const coupon = await exchangePickup(db, { reward: "coupon" });
    const weighed = await exchangePickup(db, {
      status: "weighed",
      collectedAt: null,
      payoutPaise: null,
      sheetStatus: "pending",
    });
    const paid = await exchangePickup(db);
    const now = new Date();
    await recordPayout(db, paid.id, { method: "cash", reference: null, paidAt: now }, actor, now);

    const page = await routeAnswer<Awaited<ReturnType<typeof payoutsRoute.loader>>>(() =>
      payoutsRoute.loader(routeArgs<LoaderArgs>("http://localhost/dashboard/payouts", { cookie })),
    );
    expect(page.status).toBe(200);
    const body = page.body as unknown as {
      toMake: { id: number; reference: string; name: string; phone: string; payoutPaise: number }[];
      toMakeCount: { count: number; more: boolean };
    };
    const ids = body.toMake.map((p) => p.id);
    expect(ids).toEqual([older.id, newer.id]);
    expect(ids).not.toContain(coupon.id);
    expect(ids).not.toContain(weighed.id);
    expect(ids).not.toContain(paid.id);
    expect(body.toMakeCount).toEqual({ count: 2, more: false });
    expect(body.toMake[0]).toMatchObject({
      reference: older.reference,
      name: "Ravi Kumar",
      phone: "+919845012345",
      payoutPaise: 12_345,
    });
    expect(await countPayoutsToMake(db)).toEqual({ count: 2, more: false });

    // Both recorded: nothing left to make.
    for (const p of [older, newer]) {
      await recordPayout(db, p.id, { method: "cash", reference: null, paidAt: now }, actor, now);
    }
    expect(await countPayoutsToMake(db)).toEqual({ count: 0, more: false });
  });

  it("shows the count on the overview, linking to the page", async () => {
    const waiting = await exchangePickup(handle.db);
    const overview = await routeAnswer<{ payoutsToMake: { count: number } }>(() =>
      overviewRoute.loader(
        routeArgs<Parameters<typeof overviewRoute.loader>[0]>("http://localhost/dashboard", {
          cookie,
        }),
      ),
    );
    expect(overview.body?.payoutsToMake.count).toBe(1);
    const now = new Date();
    await recordPayout(
      handle.db,
      waiting.id,
      { method: "cash", reference: null, paidAt: now },
      actor,
      now,
    );
  });
});

describe("recording a payout", () => {
  it("refuses a reference that does not fit the method, writing nothing", async () => {
    const p = await exchangePickup(handle.db);
    const cases: [Record<string, string>, string][] = [
      [{ method: "upi", reference: "" }, "reference"],
      [{ method: "upi", reference: "12345" }, "reference"],
      [{ method: "upi", reference: "ABC 123456" }, "reference"],
      [{ method: "upi", reference: "A".repeat(36) }, "reference"],
      [{ method: "bank_transfer", reference: "123" }, "reference"],
      [{ method: "bank_transfer", reference: "" }, "reference"],
      [{ method: "cheque", reference: "123456" }, "method"],
      [{ method: "", reference: "123456" }, "method"],
    ];
    for (const [fields, field] of cases) {
      const answer = await post({ pickupId: String(p.id), paidOn: today(), ...fields });
      expect(answer.status, JSON.stringify(fields)).toBe(422);
      expect(answer.body?.pickupId).toBe(p.id);
      expect(answer.body?.errors[field], JSON.stringify(fields)).toBeTruthy();
    }
    const badDay = await post({ pickupId: String(p.id), method: "cash", paidOn: "2026-02-31" });
    expect(badDay.status).toBe(422);
    expect(badDay.body?.errors.paidOn).toMatch(/day it was paid/);
    expect(await payoutRows(p.id)).toEqual([]);
  });

  it("refuses a day in the future or before the collection", async () => {
    const p = await exchangePickup(handle.db, {
      collectedAt: kolkataInstant(addDays(today(), -3), "18:00"),
    });
    const tomorrow = await post({
      pickupId: String(p.id),
      method: "upi",
      reference: "417712345678",
      paidOn: addDays(today(), 1),
    });
    expect(tomorrow.status).toBe(422);
    expect(tomorrow.body?.errors.paidOn).toMatch(/future/);
    const before = await post({
      pickupId: String(p.id),
      method: "upi",
      reference: "417712345678",
      paidOn: addDays(today(), -4),
    });
    expect(before.status).toBe(422);
    expect(before.body?.errors.paidOn).toMatch(/before the collection/);
    const now = new Date();
    const inAMinute = recordPayout(
      handle.db,
      p.id,
      { method: "cash", reference: null, paidAt: new Date(now.getTime() + 60_000) },
      actor,
      now,
    );
    await expect(inAMinute).rejects.toMatchObject({ status: 422 });
    expect(await payoutRows(p.id)).toEqual([]);

    // The collection's own day is accepted, stored no earlier than the collection.
    const sameDay = await post({
      pickupId: String(p.id),
      method: "cash",
      reference: "",
      paidOn: addDays(today(), -3),
    });
    expect(sameDay.status).toBe(302);
    const [row] = await payoutRows(p.id);
    expect(row?.paidAt.toISOString()).toBe(
      kolkataInstant(addDays(today(), -3), "18:00").toISOString(),
    );
    expect(row?.reference).toBeNull();
  });

  it("records a UPI payout with the pickup's amount, its audit row, and only once", async () => {
    const p = await exchangePickup(handle.db, { payoutPaise: 45_050 });
    const form = {
      pickupId: String(p.id),
      method: "upi",
      reference: " 417712345678 ",
      paidOn: today(),
      // Never read: the amount comes from the pickup.
      amountPaise: "1",
      amount: "1",
    };
    const first = await post(form);
    expect(first.status).toBe(302);
    expect(first.location).toBe(`/dashboard/payouts?recorded=${p.reference}`);
    const second = await post(form);
    expect(second.status).toBe(409);
    expect(second.body?.formError).toMatch(/already been recorded/);

    const rows = await payoutRows(p.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      amountPaise: 45_050,
      method: "upi",
      reference: "417712345678",
      paidById: actor.id,
      paidByName: actor.name,
    });
    // The pickup leaves the payouts to make's partial index with the payout's time.
    const [paidPickup] = await handle.db
      .select({ paidOutAt: pickups.paidOutAt })
      .from(pickups)
      .where(eq(pickups.id, p.id));
    expect(paidPickup?.paidOutAt).toEqual(rows[0]?.paidAt);
    const audits = await handle.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, "pickup.payout_recorded"), eq(auditLog.entityId, String(p.id))),
      );
    expect(audits).toHaveLength(1);
    expect(audits[0]?.actor).toBe(actor.email);
    expect(audits[0]?.details).toMatchObject({ after: { amountPaise: 45_050, method: "upi" } });

    const page = await routeAnswer<{ notice: string | null }>(() =>
      payoutsRoute.loader(
        routeArgs<LoaderArgs>(`http://localhost/dashboard/payouts?recorded=${p.reference}`, {
          cookie,
        }),
      ),
    );
    expect(page.body?.notice).toBe(`Payout recorded for ${p.reference}.`);
  });

  it("records two simultaneous submits once", async () => {
    const p = await exchangePickup(handle.db);
    const now = new Date();
    const input = { method: "bank_transfer" as const, reference: "UTR0001", paidAt: now };
    const results = await Promise.allSettled([
      recordPayout(handle.db, p.id, input, actor, now),
      recordPayout(handle.db, p.id, input, actor, now),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected");
    expect(refused?.status === "rejected" && refused.reason).toBeInstanceOf(ExchangeError);
    expect(refused?.status === "rejected" && refused.reason.status).toBe(409);
    expect(await payoutRows(p.id)).toHaveLength(1);
  });

  it("answers 409 for a pickup not collected or not rewarded in money, 404 for none", async () => {
    const coupon = await exchangePickup(handle.db, { reward: "coupon" });
    const plants = await exchangePickup(handle.db, { reward: "plants" });
    const weighed = await exchangePickup(handle.db, {
      status: "weighed",
      collectedAt: null,
      payoutPaise: null,
      sheetStatus: "pending",
    });
    const disputed = await exchangePickup(handle.db, {
      status: "disputed",
      collectedAt: null,
      payoutPaise: null,
      sheetStatus: "disputed",
    });
    for (const p of [coupon, plants, weighed, disputed]) {
      const answer = await post({
        pickupId: String(p.id),
        method: "cash",
        reference: "",
        paidOn: today(),
      });
      expect(answer.status).toBe(409);
      expect(await payoutRows(p.id)).toEqual([]);
    }
    const none = await post({ pickupId: "999999", method: "cash", reference: "", paidOn: today() });
    expect(none.status).toBe(404);
    const tampered = await post({ pickupId: "abc", method: "cash", paidOn: today() });
    expect(tampered.status).toBe(400);
  });

  it("answers odd forms with 4xx (or records once), never a 5xx", async () => {
    const p = await exchangePickup(handle.db);
    const text = fc.oneof(
      fc.string({ maxLength: 60 }),
      fc.constantFrom("upi", "cash", "bank_transfer", "", today(), "2026-02-30", "UTR0001"),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          pickupId: fc.oneof(fc.constant(String(p.id)), fc.string({ maxLength: 12 })),
          method: text,
          reference: text,
          paidOn: text,
        }),
        async (form) => {
          const answer = await post(form);
          expect([302, 400, 404, 409, 422]).toContain(answer.status);
        },
      ),
      { numRuns: 150 },
    );
    expect((await payoutRows(p.id)).length).toBeLessThanOrEqual(1);
  });

  it("turns a posted day into an instant: now for today, noon Asia/Kolkata before", () => {
    const now = new Date("2026-03-14T10:00:00Z");
    expect(paidAtOf("2026-03-14", now)).toBe(now);
    expect(paidAtOf("2026-03-10", now).toISOString()).toBe("2026-03-10T06:30:00.000Z");
  });
});

describe("payouts made", () => {
  it("pages newest first and exports every payout as CSV", async () => {
    const p = await exchangePickup(handle.db, { payoutPaise: 123_450 });
    const now = new Date();
    await recordPayout(
      handle.db,
      p.id,
      { method: "upi", reference: "UPI9988776655", paidAt: now },
      actor,
      now,
    );
    const first = await listPayouts(handle.db, null, 1);
    expect(first.rows[0]).toMatchObject({
      pickupReference: p.reference,
      amountPaise: 123_450,
      method: "upi",
      reference: "UPI9988776655",
      paidByName: actor.name,
    });
    expect(first.next).not.toBeNull();
    const second = await listPayouts(handle.db, first.next, 1);
    expect(second.rows[0]?.id).not.toBe(first.rows[0]?.id);
    const everything = await listPayouts(handle.db, null, 1000);

    const response = (await payoutsExport.loader(
      routeArgs<Parameters<typeof payoutsExport.loader>[0]>(
        "http://localhost/dashboard/payouts/export",
        { cookie },
      ),
    )) as Response;
    expect(response.headers.get("Content-Type")).toMatch(/text\/csv/);
    const lines = (await response.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      "Pickup,Name,Amount (INR),Method,Reference,Paid by,Paid at (Asia/Kolkata)",
    );
    expect(lines).toHaveLength(everything.rows.length + 1);
    expect(lines[1]).toMatch(
      new RegExp(
        `^${p.reference},Ravi Kumar,1234.50,UPI,UPI9988776655,${actor.name},\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}$`,
      ),
    );
  });

  it("is closed to collectors (403) and to visitors", async () => {
    const loader = await routeAnswer(() =>
      payoutsRoute.loader(
        routeArgs<LoaderArgs>("http://localhost/dashboard/payouts", { cookie: collectorCookie }),
      ),
    );
    expect(loader.status).toBe(403);
    const p = await exchangePickup(handle.db);
    const action = await post(
      { pickupId: String(p.id), method: "cash", reference: "", paidOn: today() },
      collectorCookie,
    );
    expect(action.status).toBe(403);
    expect(await payoutRows(p.id)).toEqual([]);
    const csv = await routeAnswer(() =>
      payoutsExport.loader(
        routeArgs<Parameters<typeof payoutsExport.loader>[0]>(
          "http://localhost/dashboard/payouts/export",
          { cookie: collectorCookie },
        ),
      ),
    );
    expect(csv.status).toBe(403);
    const anonymous = await post({ pickupId: String(p.id), method: "cash", paidOn: today() }, "");
    expect(anonymous.status).toBe(401);
  });
});

describe("kilograms collected per day on the overview", () => {
  it("sums confirmed sheets by the Asia/Kolkata day of collection", async () => {
    const db = handle.db;
    const day = "2031-05-20";
    const now = kolkataInstant(day, "20:00");
    // 12.5 kg + 3 kg confirmed at 00:10 IST (18:40 UTC the day before).
    await exchangePickup(db, {
      reward: "coupon",
      collectedAt: kolkataInstant(day, "00:10"),
      lineGrams: [12_500, 3_000],
    });
    // A sheet still waiting for the customer and a disputed one are not counted.
    await exchangePickup(db, {
      reward: "coupon",
      status: "weighed",
      collectedAt: kolkataInstant(day, "11:00"),
      sheetStatus: "pending",
      lineGrams: [40_000],
    });
    await exchangePickup(db, {
      reward: "coupon",
      status: "disputed",
      collectedAt: kolkataInstant(day, "12:00"),
      sheetStatus: "disputed",
      lineGrams: [7_000],
    });
    // The day before: 2 kg, collected 23:50 IST.
    await exchangePickup(db, {
      reward: "plants",
      collectedAt: kolkataInstant(addDays(day, -1), "23:50"),
      lineGrams: [2_000],
    });
    const overview = await getOverview(db, {
      slots: pickupConfigFromEnv().slots,
      activeStatuses: activePickupStatuses,
      now,
    });
    const grams = new Map(overview.chart.map((p) => [p.date, p.collectedGrams]));
    expect(grams.get(day)).toBe(15_500);
    expect(grams.get(addDays(day, -1))).toBe(2_000);
    expect(grams.get(addDays(day, -2))).toBe(0);
    expect(overview.chart).toHaveLength(30);
    expect(overview.chart.at(-1)?.date).toBe(day);
  });
});

describe("pickups list status filter", () => {
  it("offers and applies 'Weighed' and 'Disputed'", async () => {
    expect(pickupStatusLabels.weighed).toBe("Weighed");
    expect(pickupStatusLabels.disputed).toBe("Disputed");
    const weighed = await exchangePickup(handle.db, {
      status: "weighed",
      collectedAt: null,
      sheetStatus: "pending",
    });
    const disputed = await exchangePickup(handle.db, {
      status: "disputed",
      collectedAt: null,
      sheetStatus: "disputed",
    });
    for (const [status, mine] of [
      ["weighed", weighed],
      ["disputed", disputed],
    ] as const) {
      const page = (await pickupsRoute.loader(
        routeArgs<Parameters<typeof pickupsRoute.loader>[0]>(
          `http://localhost/dashboard/pickups?status=${status}`,
          { cookie },
        ),
      )) as { problems: Record<string, string>; rows: { id: number; status: string }[] };
      expect(page.problems).toEqual({});
      expect(page.rows.map((r) => r.id)).toContain(mine.id);
      expect(page.rows.every((r) => r.status === status)).toBe(true);
    }
  });
});

describe("impact figures", () => {
  it("are read once per 5 minutes, then refreshed", async () => {
    const db = handle.db;
    const t0 = new Date("2031-06-01T00:00:00Z");
    const before = await getImpactFigures(db, t0);
    await exchangePickup(db, {
      reward: "plants",
      lineGrams: [12_500, 3_000],
      plantQuantities: [2, 1],
    });
    await exchangePickup(db, {
      reward: "coupon",
      status: "weighed",
      collectedAt: null,
      sheetStatus: "pending",
      lineGrams: [50_000],
      plantQuantities: [4],
    });
    const cached = await getImpactFigures(db, new Date(t0.getTime() + IMPACT_CACHE_MS - 1));
    expect(cached).toEqual(before);
    const fresh = await getImpactFigures(db, new Date(t0.getTime() + IMPACT_CACHE_MS));
    expect(fresh).toEqual({
      collectedGrams: before.collectedGrams + 15_500,
      plantsGiven: before.plantsGiven + 3,
      pickupsCompleted: before.pickupsCompleted + 1,
    });
  });

  it("shows kilograms and counts with Indian grouping", () => {
    expect(formatImpactKg(1_234_567)).toBe("1,234 kg");
    expect(formatImpactKg(15_500)).toBe("15 kg");
    expect(formatImpactKg(0)).toBe("0 kg");
    expect(formatImpactCount(123_456)).toBe("1,23,456");
  });
});
