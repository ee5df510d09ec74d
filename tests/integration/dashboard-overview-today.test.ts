/**
 * "Today first" on the dashboard overview (docs/dashboard.md "Overview"): each figure at a fixed
 * instant, with rows on both sides of the day, week (Monday) and month boundaries in
 * Asia/Kolkata; each figure's link opens a list that holds the rows behind it; the admin's
 * first-day checklist appears and goes once done; the sections that show only when not zero.
 */
import { and, eq, inArray } from "drizzle-orm";
import { createContext, createElement, useContext } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { products } from "~/db/schema/catalogue";
import { coupons, payouts, weighSheetLines, weighSheets } from "~/db/schema/exchange";
import { pickups } from "~/db/schema/pickups";
import { scrapCategories, scrapMaterials } from "~/db/schema/rates";
import { orders } from "~/db/schema/shop";
import { LOW_STOCK_AT } from "~/features/catalogue/stock-levels";
import { addConfirmedSheet } from "~/features/exchange/daily-totals.server";
import { orderDaysFrom, readOrderDays } from "~/features/overview/order-days.server";
import { CHART_DAYS } from "~/features/overview/overview.server";
import { todayLinks } from "~/features/overview/today";
import {
  getFirstDayChecklist,
  getTodayFigures,
  type TodayFigures,
  todayPeriods,
} from "~/features/overview/today.server";
import { activePickupStatuses } from "~/features/pickups/pickup-status";
import { saveRateSheet } from "~/features/rates/rates-admin.server";
import { createStaffAccount } from "~/features/staff/auth.server";
import * as catalogueRoute from "~/routes/dashboard/catalogue";
import * as ordersRoute from "~/routes/dashboard/orders";
import Overview, * as overviewRoute from "~/routes/dashboard/overview";
import * as pickupsRoute from "~/routes/dashboard/pickups";
import { addDays, kolkataInstant } from "~/utils/dates";
import { orderRow, pickupRow } from "../support/factories/overview-rows";
import { routeArgs, signedInStaff, TEST_PASSWORD } from "../support/factories/staff";
import { addSheetVersion } from "../support/factories/weighed-pickups";
import { testDatabaseForFile } from "../support/processes/test-database";

const handle = testDatabaseForFile({ seeded: true });

// 20:00 UTC on Friday 1 March is 01:30 on Saturday 2 March in Asia/Kolkata: today is the 2nd,
// its week began on Monday 25 February (in the month before), its month on the 1st.
const now = new Date("2030-03-01T20:00:00Z");
const TODAY = "2030-03-02";
const WEEK = "2030-02-25";
const MONTH = "2030-03-01";
const at = (date: string) => kolkataInstant(date, "00:00");
const justBefore = (instant: Date) => new Date(instant.getTime() - 1);
const options = { now, activeStatuses: activePickupStatuses, lowStockAt: LOW_STOCK_AT };

/** A dashboard list loader's rows for `url`, as `cookie`. */
async function listRows<R>(
  loader: (args: never) => Promise<unknown>,
  url: string,
  cookie: string,
): Promise<R[]> {
  const result = (await loader(routeArgs<never>(`http://localhost${url}`, { cookie }))) as {
    rows: R[];
  };
  return result.rows;
}

type OverviewData = Awaited<ReturnType<typeof overviewRoute.loader>>;
const PageData = createContext<OverviewData | null>(null);

/** The route's page with the loader data of the context (a router is needed for its links). */
function OverviewPage() {
  return createElement(Overview as never, { loaderData: useContext(PageData) } as never);
}
const Stub = createRoutesStub([{ path: "/dashboard", Component: OverviewPage }]);

/** The overview page as the server renders it for loader data `data`. */
function renderOverview(data: OverviewData): string {
  return renderToStaticMarkup(
    createElement(
      PageData.Provider,
      { value: data },
      createElement(Stub, { initialEntries: ["/dashboard"] }),
    ),
  );
}

describe("the first-day checklist", () => {
  it("starts with nothing done, ticks each step from the database, and is gone once all three are", async () => {
    const admin = await signedInStaff(handle.db, "admin");
    const load = async () =>
      overviewRoute.loader(
        routeArgs<Parameters<typeof overviewRoute.loader>[0]>("http://localhost/dashboard", {
          cookie: admin.cookie,
        }),
      );
    expect(await getFirstDayChecklist(handle.db)).toEqual({
      ratesSet: false,
      collectorAdded: false,
      bookingTried: false,
    });
    let html = renderOverview(await load());
    expect(html).toContain("First day: 0 of 3 done");
    expect(html).toContain('href="/dashboard/rates"');
    expect(html).toContain('href="/dashboard/staff"');
    expect(html).toContain('href="/orderpage"');

    // An admin changes one rate on the rate sheet: a rate.update audit row.
    const [material] = await handle.db.select().from(scrapMaterials).limit(1);
    if (!material) throw new Error("no material");
    const saved = await saveRateSheet(handle.db, { email: admin.user.email }, [
      {
        id: material.id,
        field: "rate",
        shown: material.ratePaisePerKg,
        wanted: material.ratePaisePerKg + 100,
      },
    ]);
    expect(saved.ok).toBe(true);
    await createStaffAccount(handle.db, {
      email: "first.collector@staff.example",
      name: "First Collector",
      role: "collector",
      password: TEST_PASSWORD,
    });
    html = renderOverview(await load());
    expect(html).toContain("First day: 2 of 3 done");
    expect(html).toContain("Set today&#x27;s scrap rates: done");
    expect(html).not.toContain('href="/dashboard/staff"');

    await handle.db.insert(pickups).values(pickupRow(addDays(TODAY, 3), "09:00", "requested"));
    expect(await getFirstDayChecklist(handle.db)).toEqual({
      ratesSet: true,
      collectorAdded: true,
      bookingTried: true,
    });
    html = renderOverview(await load());
    expect(html).not.toContain("First day");

    // A staff member who is not an admin never sees it.
    const staff = await signedInStaff(handle.db, "staff");
    const forStaff = await overviewRoute.loader(
      routeArgs<Parameters<typeof overviewRoute.loader>[0]>("http://localhost/dashboard", {
        cookie: staff.cookie,
      }),
    );
    expect(forStaff.checklist).toBeNull();
  });
});

describe("today's figures at a fixed instant", () => {
  let figures: TodayFigures;
  let ravi: string;
  let meena: string;
  let cookie: string;
  let kg: { category: string; grams: number }[];

  beforeAll(async () => {
    cookie = (await signedInStaff(handle.db, "admin")).cookie;
    const collector = (name: string) =>
      createStaffAccount(handle.db, {
        email: `${name.toLowerCase()}@collectors.example`,
        name,
        role: "collector",
        password: TEST_PASSWORD,
      });
    ravi = (await collector("Ravi")).id;
    meena = (await collector("Meena")).id;
    await handle.db
      .insert(pickups)
      .values([
        { ...pickupRow(TODAY, "09:00", "requested"), collectorId: ravi },
        { ...pickupRow(TODAY, "09:00", "confirmed"), collectorId: ravi },
        pickupRow(TODAY, "09:00", "confirmed"),
        { ...pickupRow(TODAY, "11:00", "requested"), collectorId: meena },
        { ...pickupRow(TODAY, "11:00", "cancelled"), collectorId: ravi },
        { ...pickupRow(TODAY, "13:00", "missed"), collectorId: meena },
        pickupRow(addDays(TODAY, -1), "09:00", "requested"),
        pickupRow(addDays(TODAY, 1), "09:00", "requested"),
      ]);
    await handle.db.insert(orders).values([
      orderRow(at(TODAY), "placed", 10_000),
      orderRow(justBefore(at(TODAY)), "confirmed", 20_000),
      orderRow(justBefore(at(MONTH)), "delivered", 40_000, { paymentStatus: "paid" }),
      orderRow(at(WEEK), "delivered", 80_000, { paymentStatus: "paid" }),
      orderRow(justBefore(at(WEEK)), "delivered", 160_000, { paymentStatus: "paid" }),
      orderRow(new Date(now.getTime() - 60_000), "cancelled", 320_000),
      orderRow(at(addDays(TODAY, 1)), "placed", 640_000),
      // Cash on delivery: shipped and unpaid is to collect; paid or delivered is not.
      orderRow(at("2030-01-10"), "shipped", 5_000),
      orderRow(at("2030-01-11"), "shipped", 6_000),
      orderRow(at("2030-01-12"), "shipped", 7_000, {
        paymentMethod: "online",
        paymentStatus: "paid",
      }),
      orderRow(at("2030-01-13"), "delivered", 9_000),
    ]);
    kg = await seedExchange();
    await seedStock();
    figures = await getTodayFigures(handle.db, options);
  });

  /**
   * Collected pickups on both sides of the month's start, each with a confirmed sheet (a
   * superseded earlier version too); plants, coupons and payouts likewise.
   * @returns the expected kilograms per category.
   */
  async function seedExchange() {
    const collected = async (
      collectedAt: Date,
      reward: "coupon" | "plants" | "money",
      grams: number[],
      plants?: { productId: number; quantity: number }[],
    ) => {
      const [pickup] = await handle.db
        .insert(pickups)
        .values({ ...pickupRow(addDays(TODAY, -1), "09:00", "weighed"), rewardPreference: reward })
        .returning();
      if (!pickup) throw new Error("no pickup");
      await addSheetVersion(handle.db, pickup.id, { grams: [99_000] });
      const sheet = await addSheetVersion(handle.db, pickup.id, { grams, plants });
      await handle.db
        .update(weighSheets)
        .set({ status: "confirmed", decidedAt: collectedAt })
        .where(eq(weighSheets.id, sheet.id));
      await handle.db
        .update(pickups)
        .set({ status: "collected", collectedAt, payoutPaise: sheet.payoutPaise })
        .where(eq(pickups.id, pickup.id));
      // What the confirmation adds in its transaction (the daily roll-up).
      await addConfirmedSheet(handle.db, sheet.id, reward, collectedAt);
      return { pickup, sheet };
    };
    const plantIds = (
      await handle.db
        .select({ id: products.id })
        .from(products)
        .where(eq(products.kind, "plant"))
        .limit(2)
    ).map((p) => p.id);
    await handle.db.update(products).set({ stock: 100 });
    const inMonth = await collected(at(MONTH), "coupon", [2_000, 500]);
    const lastMonth = await collected(justBefore(at(MONTH)), "coupon", [7_000]);
    await collected(
      now,
      "plants",
      [1_000],
      plantIds.map((productId, i) => ({ productId, quantity: 3 - i })),
    );
    await collected(
      justBefore(at(MONTH)),
      "plants",
      [1_000],
      [{ productId: plantIds[0] ?? 0, quantity: 9 }],
    );
    const paidNow = await collected(justBefore(at(MONTH)), "money", [3_000]);
    const paidBefore = await collected(justBefore(at(MONTH)), "money", [3_000]);
    await handle.db.insert(coupons).values([
      {
        code: "SS-AAAA-0001",
        pickupId: inMonth.pickup.id,
        weighSheetId: inMonth.sheet.id,
        valuePaise: 11_000,
        balancePaise: 11_000,
        expiresAt: at("2030-09-01"),
        createdAt: at(MONTH),
      },
      {
        code: "SS-AAAA-0002",
        pickupId: lastMonth.pickup.id,
        weighSheetId: lastMonth.sheet.id,
        valuePaise: 22_000,
        balancePaise: 22_000,
        expiresAt: at("2030-09-01"),
        createdAt: justBefore(at(MONTH)),
      },
    ]);
    await handle.db.insert(payouts).values([
      {
        pickupId: paidNow.pickup.id,
        amountPaise: 3_300,
        method: "upi",
        reference: "UPI123456",
        paidByName: "Asha",
        paidAt: now,
      },
      {
        pickupId: paidBefore.pickup.id,
        amountPaise: 4_400,
        method: "cash",
        paidByName: "Asha",
        paidAt: justBefore(at(MONTH)),
      },
    ]);
    // The lines of this month's confirmed sheets, by category, as the rate list orders them.
    const lines = await handle.db
      .select({
        category: scrapCategories.name,
        sort: scrapCategories.sortOrder,
        id: scrapCategories.id,
        grams: weighSheetLines.grams,
      })
      .from(weighSheetLines)
      .innerJoin(weighSheets, eq(weighSheets.id, weighSheetLines.weighSheetId))
      .innerJoin(scrapMaterials, eq(scrapMaterials.id, weighSheetLines.materialId))
      .innerJoin(scrapCategories, eq(scrapCategories.id, scrapMaterials.categoryId))
      .where(
        and(eq(weighSheets.status, "confirmed"), inArray(weighSheets.decidedAt, [at(MONTH), now])),
      );
    const byCategory = new Map<string, { sort: number; id: number; grams: number }>();
    for (const line of lines) {
      const row = byCategory.get(line.category) ?? { sort: line.sort, id: line.id, grams: 0 };
      row.grams += line.grams;
      byCategory.set(line.category, row);
    }
    return [...byCategory.entries()]
      .sort(([, a], [, b]) => a.sort - b.sort || a.id - b.id)
      .map(([category, row]) => ({ category, grams: row.grams }));
  }

  /** Three active products at 0, LOW_STOCK_AT and one more; an inactive one at 0. */
  async function seedStock() {
    const rows = await handle.db
      .select({ id: products.id })
      .from(products)
      .orderBy(products.id)
      .limit(4);
    const [out, low, enough, inactive] = rows.map((r) => r.id);
    await handle.db
      .update(products)
      .set({ stock: 0 })
      .where(eq(products.id, out ?? 0));
    await handle.db
      .update(products)
      .set({ stock: LOW_STOCK_AT })
      .where(eq(products.id, low ?? 0));
    await handle.db
      .update(products)
      .set({ stock: LOW_STOCK_AT + 1 })
      .where(eq(products.id, enough ?? 0));
    await handle.db
      .update(products)
      .set({ stock: 0, active: false })
      .where(eq(products.id, inactive ?? 0));
  }

  it("counts the periods in Asia/Kolkata: today, the week from Monday, the month from the 1st", () => {
    expect(todayPeriods(now)).toEqual({ today: TODAY, weekStart: WEEK, monthStart: MONTH });
    expect(todayPeriods(new Date("2030-03-03T18:29:59Z")).weekStart).toBe(WEEK);
    expect(todayPeriods(new Date("2030-03-03T18:30:00Z"))).toEqual({
      today: "2030-03-04",
      weekStart: "2030-03-04",
      monthStart: MONTH,
    });
  });

  it("lists today's pickups to visit by slot and collector, 'Not assigned' last", () => {
    expect(figures.pickupsBySlot).toEqual([
      {
        slotStart: "09:00",
        total: 3,
        collectors: [
          { collectorId: ravi, name: "Ravi", count: 2 },
          { collectorId: null, name: null, count: 1 },
        ],
      },
      {
        slotStart: "11:00",
        total: 1,
        collectors: [{ collectorId: meena, name: "Meena", count: 1 }],
      },
    ]);
  });

  it("sums sales without cancelled orders, and the cash on delivery out for delivery", async () => {
    expect(figures.sales).toEqual({
      today: { count: 1, paise: 10_000 },
      week: { count: 4, paise: 150_000 },
      month: { count: 2, paise: 30_000 },
    });
    expect(figures.cashToCollect).toEqual({ count: 2, paise: 11_000 });
    // The page reads the orders per day once for the chart and the sales: the same sums.
    const orderDays = readOrderDays(handle.db, orderDaysFrom(now, CHART_DAYS));
    const shared = await getTodayFigures(handle.db, { ...options, orderDays });
    expect(shared.sales).toEqual(figures.sales);
  });

  it("adds up this month's kilograms per material group and the rewards given", () => {
    expect(kg.reduce((sum, row) => sum + row.grams, 0)).toBe(3_500);
    expect(figures.kgThisMonth).toEqual(kg);
    expect(figures.rewardsThisMonth).toEqual({
      coupons: { count: 1, paise: 11_000 },
      plants: 5,
      money: { count: 1, paise: 3_300 },
    });
  });

  it("lists active products out of stock or low, the emptiest first", () => {
    expect(figures.lowStock.count).toBe(2);
    expect(figures.lowStock.outOfStock).toBe(1);
    expect(figures.lowStock.products.map((p) => p.stock)).toEqual([0, LOW_STOCK_AT]);
  });

  it("links each figure to a list that holds the rows behind it", async () => {
    const links = todayLinks(figures.periods);
    type PickupRow = { reference: string; status: string; collectorName: string | null };
    const today = await listRows<PickupRow>(pickupsRoute.loader, links.pickupsToday, cookie);
    const toVisit = today.filter((r) => r.status === "requested" || r.status === "confirmed");
    expect(toVisit).toHaveLength(4);
    const ravis = await listRows<PickupRow>(pickupsRoute.loader, links.collector(ravi), cookie);
    expect(ravis.filter((r) => r.status !== "cancelled").map((r) => r.collectorName)).toEqual([
      "Ravi",
      "Ravi",
    ]);
    const unassigned = await listRows<PickupRow>(
      pickupsRoute.loader,
      links.collector(null),
      cookie,
    );
    expect(unassigned.map((r) => r.collectorName)).toEqual([null]);

    type OrderRow = { totalPaise: number; status: string; paymentMethod: string };
    const orderList = (url: string) => listRows<OrderRow>(ordersRoute.loader, url, cookie);
    const sales = async (url: string) =>
      (await orderList(url))
        .filter((o) => o.status !== "cancelled")
        .reduce((s, o) => s + o.totalPaise, 0);
    expect(await sales(links.salesToday)).toBe(figures.sales.today.paise);
    expect(await sales(links.salesWeek)).toBe(figures.sales.week.paise);
    expect(await sales(links.salesMonth)).toBe(figures.sales.month.paise);
    const cash = await orderList(links.cashToCollect);
    expect(cash.map((o) => [o.status, o.paymentMethod, o.totalPaise])).toEqual([
      ["shipped", "cod", 6_000],
      ["shipped", "cod", 5_000],
    ]);
    expect((await orderList(links.toConfirm)).every((o) => o.status === "placed")).toBe(true);
    expect((await orderList(links.toShip)).every((o) => o.status === "confirmed")).toBe(true);

    type ProductRow = { id: number; stock: number; active: boolean };
    const catalogue = (url: string) => listRows<ProductRow>(catalogueRoute.loader, url, cookie);
    expect((await catalogue(links.lowStock)).map((p) => p.id).sort()).toEqual(
      figures.lowStock.products.map((p) => p.id).sort(),
    );
    expect((await catalogue(links.outOfStock)).map((p) => p.stock)).toEqual([0]);
    expect(links.product(7)).toBe("/dashboard/catalogue/7");
  });

  it("shows the figures with their links, and disputes, payouts, needs attention and backups only when not zero", async () => {
    const data = await overviewRoute.loader(
      routeArgs<Parameters<typeof overviewRoute.loader>[0]>("http://localhost/dashboard", {
        cookie,
      }),
    );
    // The loader reads the clock: give the page this test's figures, with nothing waiting.
    const quiet = renderOverview({
      ...data,
      todayFigures: figures,
      payoutsToMake: { count: 0, more: false },
      overdueGrievances: 0,
      disputes: [],
      overdue: { count: 0, pickups: [] },
      lastBackup: { finishedAt: now, sizeBytes: 2_000, kind: "nightly", warning: null },
    });
    expect(quiet).toContain("Pickups today: 4");
    expect(quiet).toContain(
      `href="/dashboard/pickups?from=${TODAY}&amp;to=${TODAY}&amp;collector=none"`,
    );
    expect(quiet).toContain("Not assigned (1)");
    expect(quiet).toContain('href="/dashboard/orders?status=shipped&amp;payment=unpaid"');
    expect(quiet).toContain("₹110");
    expect(quiet).toContain(`href="/dashboard/orders?from=${WEEK}&amp;to=${TODAY}"`);
    expect(quiet).toContain("₹1,500");
    expect(quiet).toContain("Scrap collected this month: 3.5 kg");
    expect(quiet).toContain('href="/dashboard/catalogue?stock=low"');
    for (const hidden of [
      "Disputes:",
      "Payouts to make",
      "Needs attention",
      "Last backup",
      "Grievances",
    ]) {
      expect(quiet).not.toContain(hidden);
    }
    const busy = renderOverview({
      ...data,
      todayFigures: figures,
      payoutsToMake: { count: 1_000, more: true },
      overdueGrievances: 2,
      disputes: [
        {
          pickupId: 1,
          reference: "PU-DISPUT",
          name: "Asha",
          version: 1,
          reason: "Too light",
          disputedAt: now,
        },
      ],
      overdue: { count: 1, pickups: [] },
      lastBackup: { finishedAt: null, sizeBytes: 0, kind: null, warning: "No backup yet" },
    });
    expect(busy).toContain("Disputes: 1");
    expect(busy).toContain("Payouts to make: 1000+");
    expect(busy).toContain("Grievances not acknowledged within 48 hours: 2");
    expect(busy).toContain("Needs attention: 1");
    expect(busy).toContain("No backup yet");
  });
});
