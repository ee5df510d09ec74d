/**
 * Collectors and the route sheet (docs/exchange.md): assigning pickups (one and in bulk, only to
 * enabled collectors, only pickups a visit can still happen to, one audit row each), the route
 * sheet (the day's assigned pickups by slot, a collector's own only, `?date=`), the visit
 * ('On my way' with the handover code once, 'Arrived'), and the pickups list's collector filter.
 * Through the route modules with real sessions, on PGlite or TEST_DATABASE_URL.
 */
import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "~/db/schema/audit";
import { type PickupStatus, pickupItems, pickups } from "~/db/schema/pickups";
import { scrapMaterials } from "~/db/schema/rates";
import { staffUsers } from "~/db/schema/staff";
import { seedDatabase } from "~/db/seed.server";
import {
  assignCollector,
  listCollectors,
  MAX_ASSIGN_PICKUPS,
} from "~/features/exchange/assignment.server";
import { ExchangeError } from "~/features/exchange/exchange-error";
import { getRouteSheet } from "~/features/exchange/route-sheet.server";
import { markArrived, markOnTheWay } from "~/features/exchange/visit.server";
import { defaultPickupConfig } from "~/features/pickups/pickup-config";
import * as pickupsRoute from "~/routes/dashboard/pickups";
import * as assignRoute from "~/routes/dashboard/pickups-assign";
import * as routeSheetRoute from "~/routes/dashboard/route";
import { addDays, todayInKolkata } from "~/utils/dates";
import { pickupAddress } from "../support/factories/carts-and-addresses";
import { fieldText } from "../support/factories/exchange-refusal";
import { routeArgs, signedInStaff } from "../support/factories/staff";
import { testDatabaseForFile } from "../support/processes/test-database";

const handle = testDatabaseForFile();
const BASE = "http://localhost/dashboard";
const today = todayInKolkata(new Date());

type Account = Awaited<ReturnType<typeof signedInStaff>>;
let staff: Account;
let asha: Account; // collector
let bala: Account; // collector
let disabledCollectorId: string;
let brassId: number;
let counter = 0;

async function renamed(account: Account, name: string): Promise<Account> {
  await handle.db.update(staffUsers).set({ name }).where(eq(staffUsers.id, account.user.id));
  return { ...account, user: { ...account.user, name } };
}

beforeAll(async () => {
  await seedDatabase(handle.db);
  staff = await signedInStaff(handle.db, "staff");
  asha = await renamed(await signedInStaff(handle.db, "collector"), "Asha Collector");
  bala = await renamed(await signedInStaff(handle.db, "collector"), "Bala Collector");
  const disabled = await signedInStaff(handle.db, "collector");
  disabledCollectorId = disabled.user.id;
  await handle.db
    .update(staffUsers)
    .set({ banned: true, name: "Zed Disabled" })
    .where(eq(staffUsers.id, disabledCollectorId));
  const [brass] = await handle.db
    .select()
    .from(scrapMaterials)
    .where(eq(scrapMaterials.name, "Brass"));
  if (!brass) throw new Error("no Brass in the seed");
  brassId = brass.id;
});

/** A new pickup (with 2.5 kg of brass estimated); returns its id and reference. */
async function newPickup(
  values: Partial<typeof pickups.$inferInsert> = {},
): Promise<{ id: number; reference: string }> {
  counter += 1;
  const reference = `PU-R${String(counter).padStart(5, "0")}`;
  const [row] = await handle.db
    .insert(pickups)
    .values({
      ...pickupAddress,
      reference,
      trackingToken: `route-token-${counter}`,
      pickupDate: today,
      slotStart: "11:00",
      rewardPreference: "coupon",
      estimatePaise: 62_500,
      ...values,
    })
    .returning({ id: pickups.id, reference: pickups.reference });
  if (!row) throw new Error("no pickup");
  await handle.db.insert(pickupItems).values({
    pickupId: row.id,
    materialId: brassId,
    ratePaisePerKg: 25_000,
    estimatedGrams: 2_500,
  });
  return row;
}

async function collectorOf(id: number): Promise<string | null> {
  const [row] = await handle.db
    .select({ collectorId: pickups.collectorId })
    .from(pickups)
    .where(eq(pickups.id, id));
  return row?.collectorId ?? null;
}

async function auditRows(action: string, ids: number[]) {
  return handle.db
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, action),
        inArray(
          auditLog.entityId,
          ids.map((id) => String(id)),
        ),
      ),
    );
}

/** The status and Location of what a loader/action returned or threw. */
async function outcome(call: () => Promise<unknown>) {
  try {
    const result = await call();
    if (result instanceof Response) {
      return { status: result.status, location: result.headers.get("Location"), data: null };
    }
    const wrapped = result as { init?: ResponseInit; data?: unknown };
    if (wrapped && typeof wrapped === "object" && "init" in wrapped && "data" in wrapped) {
      return { status: wrapped.init?.status ?? 200, location: null, data: wrapped.data };
    }
    return { status: 200, location: null, data: result };
  } catch (thrown) {
    if (thrown instanceof Response) {
      return { status: thrown.status, location: thrown.headers.get("Location"), data: null };
    }
    const wrapped = thrown as { init?: ResponseInit; data?: unknown };
    if (wrapped?.init?.status)
      return { status: wrapped.init.status, location: null, data: wrapped.data };
    throw thrown;
  }
}

/** A POST of `fields` (repeated keys allowed) to an action, as `cookie`. */
function postArgs(url: string, cookie: string, fields: [string, string][], params = {}) {
  const args = routeArgs<{ request: Request }>(url, { cookie, params });
  const request = new Request(url, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
  return { ...args, request };
}

describe("assigning pickups", () => {
  it("lists enabled collectors by name, never staff or disabled accounts", async () => {
    const collectors = await listCollectors(handle.db);
    expect(collectors.map((c) => c.name)).toEqual(["Asha Collector", "Bala Collector"]);
  });

  it("assigns several pickups in one go with one audit row each, and takes them back", async () => {
    const a = await newPickup();
    const b = await newPickup({ status: "confirmed" });
    const c = await newPickup({ status: "weighed" });
    const ids = [a.id, b.id, c.id];
    const result = await assignCollector(handle.db, ids, asha.user.id, staff.user);
    expect(result).toEqual({ assigned: 3 });
    for (const id of ids) expect(await collectorOf(id)).toBe(asha.user.id);
    const rows = await auditRows("pickup.assigned", ids);
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row.actor).toBe(staff.user.email);
      expect(row.details).toMatchObject({
        before: { collector: null },
        after: { collector: "Asha Collector" },
      });
    }
    // To another collector: the audit row names both.
    await assignCollector(handle.db, [a.id], bala.user.id, staff.user);
    const moved = (await auditRows("pickup.assigned", [a.id])).at(-1);
    expect(moved?.details).toMatchObject({
      before: { collector: "Asha Collector" },
      after: { collector: "Bala Collector" },
    });
    // The same collector again changes nothing and writes nothing.
    expect(await assignCollector(handle.db, [a.id], bala.user.id, staff.user)).toEqual({
      assigned: 0,
    });
    expect(await auditRows("pickup.assigned", [a.id])).toHaveLength(2);
    // Unassign.
    await assignCollector(handle.db, [a.id], null, staff.user);
    expect(await collectorOf(a.id)).toBeNull();
  });

  it("assigns only to enabled collector accounts; nothing is written otherwise", async () => {
    const p = await newPickup();
    for (const target of [staff.user.id, disabledCollectorId, "no-such-account"]) {
      const error = await assignCollector(handle.db, [p.id], target, staff.user).catch((e) => e);
      expect(error).toBeInstanceOf(ExchangeError);
      expect(error.status).toBe(422);
      expect(fieldText(error, "collectorId")).toBe("Choose an enabled collector account.");
    }
    expect(await collectorOf(p.id)).toBeNull();
    expect(await auditRows("pickup.assigned", [p.id])).toHaveLength(0);
  });

  it("refuses collected, cancelled and missed pickups by reference, writing nothing", async () => {
    const fine = await newPickup();
    const cancelled = await newPickup({ status: "cancelled" });
    const collected = await newPickup({ status: "collected" });
    const error = await assignCollector(
      handle.db,
      [fine.id, cancelled.id, collected.id],
      asha.user.id,
      staff.user,
    ).catch((e) => e);
    expect(error).toBeInstanceOf(ExchangeError);
    expect(error.status).toBe(409);
    expect(error.message).toContain(cancelled.reference);
    expect(error.message).toContain(collected.reference);
    expect(error.message).not.toContain(fine.reference);
    expect(await collectorOf(fine.id)).toBeNull();
    expect(await auditRows("pickup.assigned", [fine.id])).toHaveLength(0);
  });

  it("bulk from the list: checked ids, back to the same filters with a notice", async () => {
    const a = await newPickup();
    const b = await newPickup();
    const result = await outcome(() =>
      assignRoute.action(
        postArgs(`${BASE}/pickups/assign`, staff.cookie, [
          ["pickupId", String(a.id)],
          ["pickupId", String(b.id)],
          ["collectorId", bala.user.id],
          ["back", "status=requested&assigned=9"],
        ]) as never,
      ),
    );
    expect(result.status).toBe(302);
    expect(result.location).toBe("/dashboard/pickups?status=requested&assigned=2");
    expect(await collectorOf(a.id)).toBe(bala.user.id);
    expect(await collectorOf(b.id)).toBe(bala.user.id);

    const page = await outcome(() =>
      pickupsRoute.loader(
        routeArgs(`${BASE}/pickups?collector=${bala.user.id}&assigned=2`, {
          cookie: staff.cookie,
        }),
      ),
    );
    const data = page.data as Awaited<ReturnType<typeof pickupsRoute.loader>>;
    expect(data.notice).toBe("Collector changed on 2 pickups.");
    expect(data.rows.map((r) => r.id)).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(data.rows.every((r) => r.collectorName === "Bala Collector")).toBe(true);
    const unassigned = (await pickupsRoute.loader(
      routeArgs(`${BASE}/pickups?collector=none`, { cookie: staff.cookie }),
    )) as Awaited<ReturnType<typeof pickupsRoute.loader>>;
    expect(unassigned.rows.length).toBeGreaterThan(0);
    expect(unassigned.rows.every((r) => r.collectorName === null)).toBe(true);
    expect(unassigned.rows.map((r) => r.id)).not.toContain(a.id);
  });

  it("bulk refuses no ids, tampered ids, more than 200 ids and unknown pickups, writing nothing", async () => {
    const p = await newPickup();
    const cases: [[string, string][], number, string][] = [
      [[["collectorId", asha.user.id]], 400, "Choose at least one pickup."],
      [
        [
          ["pickupId", "1; drop table pickups"],
          ["collectorId", asha.user.id],
        ],
        400,
        "do not exist",
      ],
      [
        [
          ...Array.from({ length: MAX_ASSIGN_PICKUPS + 1 }, (_, i): [string, string] => [
            "pickupId",
            String(i + 1),
          ]),
          ["collectorId", asha.user.id],
        ],
        400,
        "at most 200",
      ],
      [
        [
          ["pickupId", String(p.id)],
          ["pickupId", "999999"],
          ["collectorId", asha.user.id],
        ],
        404,
        "do not exist",
      ],
    ];
    for (const [fields, status, message] of cases) {
      const result = await outcome(() =>
        assignRoute.action(postArgs(`${BASE}/pickups/assign`, staff.cookie, fields) as never),
      );
      expect(result.status).toBe(status);
      expect((result.data as { error: string }).error).toContain(message);
    }
    expect(await collectorOf(p.id)).toBeNull();
  });

  it("the pickup page's form assigns one pickup and returns to it", async () => {
    const p = await newPickup();
    const result = await outcome(() =>
      assignRoute.action(
        postArgs(`${BASE}/pickups/${p.id}/assign`, staff.cookie, [["collectorId", asha.user.id]], {
          id: String(p.id),
        }) as never,
      ),
    );
    expect(result).toMatchObject({
      status: 302,
      location: `/dashboard/pickups/${p.id}?assigned=1`,
    });
    expect(await collectorOf(p.id)).toBe(asha.user.id);
  });

  it("a collector may not assign (403)", async () => {
    const p = await newPickup();
    const result = await outcome(() =>
      assignRoute.action(
        postArgs(`${BASE}/pickups/${p.id}/assign`, asha.cookie, [["collectorId", asha.user.id]], {
          id: String(p.id),
        }) as never,
      ),
    );
    expect(result.status).toBe(403);
    expect(await collectorOf(p.id)).toBeNull();
  });
});

describe("the route sheet", () => {
  const day = addDays(today, 30);
  let ids: Record<string, number>;

  beforeAll(async () => {
    const make = async (key: string, values: Partial<typeof pickups.$inferInsert>) =>
      [key, (await newPickup({ pickupDate: day, ...values })).id] as const;
    ids = Object.fromEntries(
      await Promise.all([
        make("late", { slotStart: "15:00", collectorId: asha.user.id, name: "Late Customer" }),
        make("early", { slotStart: "09:00", collectorId: asha.user.id, phone: "+919845011111" }),
        make("mid", { slotStart: "11:00", collectorId: asha.user.id, status: "confirmed" }),
        make("cancelled", { slotStart: "11:00", collectorId: asha.user.id, status: "cancelled" }),
        make("missed", { slotStart: "11:00", collectorId: asha.user.id, status: "missed" }),
        make("bala", { slotStart: "11:00", collectorId: bala.user.id }),
        make("nobody", { slotStart: "11:00" }),
        make("nextDay", { pickupDate: addDays(day, 1), collectorId: asha.user.id }),
      ]),
    );
  });

  it("shows a collector their own pickups of the day by slot, without cancelled or missed", async () => {
    const sheet = await getRouteSheet(handle.db, {
      date: day,
      viewer: asha.user,
      slots: defaultPickupConfig.slots,
    });
    expect(sheet.groups.map((g) => [g.start, g.pickups.map((p) => p.id)])).toEqual([
      ["09:00", [ids.early]],
      ["11:00", [ids.mid]],
      ["15:00", [ids.late]],
    ]);
    expect(sheet.groups[0]?.label).toBe("9 am – 11 am");
    expect(sheet).toMatchObject({
      previousDate: addDays(day, -1),
      nextDate: addDays(day, 1),
      count: 3,
    });
    const early = sheet.groups[0]?.pickups[0];
    expect(early).toMatchObject({
      reward: "Coupon",
      estimatePaise: 62_500,
      estimate: [{ material: "Brass", grams: 2_500 }],
      pinCode: pickupAddress.pinCode,
      canAct: true,
      links: {
        tel: "tel:+919845011111",
        whatsapp: "https://wa.me/919845011111",
        map: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(
          `${pickupAddress.addressLine1}, ${pickupAddress.city}, ${pickupAddress.pinCode}`,
        )}`,
      },
    });
  });

  it("shows staff every assigned pickup with the collector, and narrows to one collector", async () => {
    const all = (await routeSheetRoute.loader(
      routeArgs(`${BASE}/route?date=${day}`, { cookie: staff.cookie }),
    )) as Awaited<ReturnType<typeof routeSheetRoute.loader>>;
    const shown = all.sheet.groups.flatMap((g) => g.pickups);
    expect(shown.map((p) => p.id).sort()).toEqual([ids.early, ids.mid, ids.late, ids.bala].sort());
    expect(shown.find((p) => p.id === ids.bala)?.collectorName).toBe("Bala Collector");
    expect(all.collectors.map((c) => c.name)).toEqual(["Asha Collector", "Bala Collector"]);
    const narrowed = (await routeSheetRoute.loader(
      routeArgs(`${BASE}/route?date=${day}&collector=${bala.user.id}`, { cookie: staff.cookie }),
    )) as Awaited<ReturnType<typeof routeSheetRoute.loader>>;
    expect(narrowed.sheet.groups.flatMap((g) => g.pickups.map((p) => p.id))).toEqual([ids.bala]);
  });

  it("reads ?date=, and a bad date shows today with a message", async () => {
    const load = (query: string, cookie = asha.cookie) =>
      routeSheetRoute.loader(routeArgs(`${BASE}/route${query}`, { cookie })) as ReturnType<
        typeof routeSheetRoute.loader
      >;
    const next = await load(`?date=${addDays(day, 1)}`);
    expect(next.sheet.groups.flatMap((g) => g.pickups.map((p) => p.id))).toEqual([ids.nextDay]);
    expect(next.dateProblem).toBeNull();
    for (const bad of ["2026-02-31", "tomorrow", "1999-01-01", "%00"]) {
      const before = todayInKolkata(new Date());
      const page = await load(`?date=${encodeURIComponent(bad)}`);
      // The loader reads the clock itself: its today is the day before or after the request.
      expect([before, todayInKolkata(new Date())]).toContain(page.sheet.date);
      expect(page.dateProblem).toBe("That is not a date like 2026-11-23; showing today.");
    }
    // A collector's ?collector= is ignored: they see their own pickups only.
    const own = await load(`?date=${day}&collector=${bala.user.id}`);
    expect(own.sheet.groups.flatMap((g) => g.pickups.map((p) => p.id))).not.toContain(ids.bala);
    expect(own.collectors).toEqual([]);
  });
});

describe("the visit", () => {
  const visit = (cookie: string, intent: string, pickupId: number, date = today) =>
    outcome(() =>
      routeSheetRoute.action(
        postArgs(`${BASE}/route`, cookie, [
          ["intent", intent],
          ["pickupId", String(pickupId)],
          ["date", date],
        ]) as never,
      ),
    );
  async function visitColumns(id: number) {
    const [row] = await handle.db
      .select({
        onTheWayAt: pickups.onTheWayAt,
        arrivedAt: pickups.arrivedAt,
        handoverCode: pickups.handoverCode,
      })
      .from(pickups)
      .where(eq(pickups.id, id));
    if (!row) throw new Error("no pickup");
    return row;
  }

  it("'On my way' sets the time and one handover code; again keeps the code, moves the time", async () => {
    const p = await newPickup({ collectorId: asha.user.id, pickupDate: addDays(today, 3) });
    const first = await markOnTheWay(handle.db, p.id, asha.user, new Date("2030-01-01T04:00:00Z"));
    expect(first.handoverCode).toMatch(/^[0-9]{4}$/);
    const second = await markOnTheWay(handle.db, p.id, asha.user, new Date("2030-01-01T04:30:00Z"));
    expect(second.handoverCode).toBe(first.handoverCode);
    const row = await visitColumns(p.id);
    expect(row.handoverCode).toBe(first.handoverCode);
    expect(row.onTheWayAt?.toISOString()).toBe("2030-01-01T04:30:00.000Z");
    const audits = await auditRows("pickup.on_my_way", [p.id]);
    expect(audits).toHaveLength(2);
    expect(audits.map((a) => a.actor)).toEqual([asha.user.email, asha.user.email]);
    expect(JSON.stringify(audits)).not.toContain(`"${first.handoverCode}"`);
  });

  it("the route sheet's buttons: on my way, then arrived, before the pickup's date", async () => {
    const p = await newPickup({ collectorId: asha.user.id, pickupDate: addDays(today, 2) });
    const onTheWay = await visit(asha.cookie, "on_my_way", p.id, addDays(today, 2));
    expect(onTheWay).toMatchObject({
      status: 302,
      location: `/dashboard/route?date=${addDays(today, 2)}&done=on_my_way`,
    });
    expect((await visitColumns(p.id)).onTheWayAt).not.toBeNull();
    const arrived = await visit(asha.cookie, "arrived", p.id);
    expect(arrived.status).toBe(302);
    expect((await visitColumns(p.id)).arrivedAt).not.toBeNull();
    expect(await auditRows("pickup.arrived", [p.id])).toHaveLength(1);
  });

  it("'Arrived' works without 'On my way'", async () => {
    const p = await newPickup({ collectorId: asha.user.id });
    const { arrivedAt } = await markArrived(handle.db, p.id, asha.user, new Date());
    const row = await visitColumns(p.id);
    expect(row.arrivedAt?.getTime()).toBe(arrivedAt.getTime());
    expect(row.onTheWayAt).toBeNull();
    expect(row.handoverCode).toBeNull();
  });

  it("a collector cannot act on another collector's pickup (403) nor an unassigned one", async () => {
    const theirs = await newPickup({ collectorId: bala.user.id });
    const nobodys = await newPickup();
    for (const id of [theirs.id, nobodys.id]) {
      for (const intent of ["on_my_way", "arrived"]) {
        const result = await visit(asha.cookie, intent, id);
        expect(result.status).toBe(403);
        expect(result.data).toEqual({ error: "This pickup is not assigned to you.", pickupId: id });
      }
      const row = await visitColumns(id);
      expect(row).toEqual({ onTheWayAt: null, arrivedAt: null, handoverCode: null });
    }
    expect(await auditRows("pickup.on_my_way", [theirs.id, nobodys.id])).toHaveLength(0);
  });

  it("nobody acts on a cancelled, missed or collected pickup (409); staff may act on any other", async () => {
    const statuses: PickupStatus[] = ["cancelled", "missed", "collected"];
    for (const status of statuses) {
      const p = await newPickup({ collectorId: asha.user.id, status });
      for (const cookie of [asha.cookie, staff.cookie]) {
        const result = await visit(cookie, "on_my_way", p.id);
        expect(result.status).toBe(409);
      }
      expect((await visitColumns(p.id)).handoverCode).toBeNull();
    }
    const bala1 = await newPickup({ collectorId: bala.user.id });
    expect((await visit(staff.cookie, "arrived", bala1.id)).status).toBe(302);
  });

  it("refuses an unknown intent or pickup with 400/404", async () => {
    const p = await newPickup({ collectorId: asha.user.id });
    expect((await visit(asha.cookie, "weigh", p.id)).status).toBe(400);
    expect((await visit(asha.cookie, "arrived", 2_000_000_000)).status).toBe(404);
    const malformed = await outcome(() =>
      routeSheetRoute.action(
        postArgs(`${BASE}/route`, asha.cookie, [
          ["intent", "arrived"],
          ["pickupId", "-1"],
        ]) as never,
      ),
    );
    expect(malformed.status).toBe(400);
  });
});
