/**
 * "Today first" on the dashboard overview (docs/dashboard.md "Overview"): the day's work and the
 * shop's money, read at an instant `now` passed in (never the clock). Days, weeks (Monday to
 * Sunday) and months are Asia/Kolkata calendar ones (docs/architecture.md "Time"); money is
 * integer paise, weights integer grams.
 *
 * Every figure is one bounded index read, so the page costs the same at a million orders and
 * pickups (bench/dashboard.ts times it):
 * - today's pickups by slot and collector: `pickups_date_slot_idx` (today's rows only);
 * - cash on delivery to collect: the partial index `orders_cash_to_collect_idx` (shipped,
 *   unpaid, cash on delivery: the orders out for delivery), totals read from the index alone;
 * - sales: tallied from the orders per day and status (order-days.server.ts, one index-only read
 *   of `orders_created_status_total_idx` shared with the 30-day chart);
 * - kilograms and plants given: the daily roll-up of confirmed sheets (`collected_grams_daily`,
 *   `plants_given_daily`, ADR 0036), at most 31 days × the rate list's materials; coupons
 *   `coupons_created_idx`; money paid `payouts_paid_idx`;
 * - low stock: the products table (a shop's catalogue: hundreds of rows, not millions);
 * - the first-day checklist: three `limit 1` reads (audit rows of the rates by
 *   `audit_log_entity_created_idx`, the staff table, any pickup).
 */
import { and, asc, between, eq, gte, inArray, lt, lte, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { auditLog } from "~/db/schema/audit";
import { products } from "~/db/schema/catalogue";
import { collectedGramsDaily, coupons, payouts, plantsGivenDaily } from "~/db/schema/exchange";
import { type PickupStatus, pickups } from "~/db/schema/pickups";
import { scrapCategories, scrapMaterials } from "~/db/schema/rates";
import { orders } from "~/db/schema/shop";
import { staffUsers } from "~/db/schema/staff";
import { addDays, kolkataInstant, todayInKolkata } from "~/utils/dates";
import { type OrderDayGroup, readOrderDays } from "./order-days.server";

/** Products listed by name under "Stock to refill" (the count is exact). */
const LOW_STOCK_LIST = 10;

/** The calendar periods of the overview's figures, "YYYY-MM-DD" in Asia/Kolkata. */
export interface TodayPeriods {
  today: string;
  /** The Monday of today's week (today when it is a Monday). */
  weekStart: string;
  /** The first of today's month. */
  monthStart: string;
}

/** Today, its week's Monday and its month's first day at instant `now` (Asia/Kolkata). */
export function todayPeriods(now: Date): TodayPeriods {
  const today = todayInKolkata(now);
  const sundayIsZero = new Date(`${today}T00:00:00Z`).getUTCDay();
  return {
    today,
    weekStart: addDays(today, -((sundayIsZero + 6) % 7)),
    monthStart: `${today.slice(0, 8)}01`,
  };
}

/** A slot of today with the pickups still to visit in it, per collector. */
export interface SlotWork {
  /** "HH:MM" Asia/Kolkata. */
  slotStart: string;
  total: number;
  /** By collector name; `collectorId` null is "Not assigned" (listed last). */
  collectors: { collectorId: string | null; name: string | null; count: number }[];
}

/** An amount and how many orders or rows make it. */
export interface Tally {
  count: number;
  paise: number;
}

export interface LowStockProduct {
  id: number;
  name: string;
  size: string | null;
  stock: number;
}

export interface TodayFigures {
  periods: TodayPeriods;
  /** Requested and confirmed pickups dated today, by slot (slot order), only slots with some. */
  pickupsBySlot: SlotWork[];
  /** Cash-on-delivery orders shipped and not yet paid: the cash the couriers bring in. */
  cashToCollect: Tally;
  /** Orders placed in each period, cancelled ones left out; `paise` is Σ order totals. */
  sales: { today: Tally; week: Tally; month: Tally };
  /** Σ grams of confirmed weigh sheets of pickups collected this month, per rate-list category. */
  kgThisMonth: { category: string; grams: number }[];
  rewardsThisMonth: {
    /** Coupons issued this month: how many and their value. */
    coupons: Tally;
    /** Plants handed over on confirmed sheets of pickups collected this month (units). */
    plants: number;
    /** Money rewards paid out this month (payouts recorded with a paid date in it). */
    money: Tally;
  };
  /** Active products with stock ≤ `lowStockAt`: the count, and the emptiest first. */
  lowStock: { count: number; outOfStock: number; products: LowStockProduct[] };
}

/** Instants bounding the periods: each period is [start, tomorrow 00:00) in Asia/Kolkata. */
function periodInstants(periods: TodayPeriods) {
  return {
    today: kolkataInstant(periods.today, "00:00"),
    week: kolkataInstant(periods.weekStart, "00:00"),
    month: kolkataInstant(periods.monthStart, "00:00"),
    end: kolkataInstant(addDays(periods.today, 1), "00:00"),
  };
}

type Instants = ReturnType<typeof periodInstants>;

/** Today's requested and confirmed pickups counted by slot and collector. */
async function pickupsBySlot(
  db: Database,
  today: string,
  activeStatuses: readonly PickupStatus[],
): Promise<SlotWork[]> {
  const rows = await db
    .select({
      slotStart: pickups.slotStart,
      collectorId: pickups.collectorId,
      name: staffUsers.name,
      count: sql<number>`count(*)::int`,
    })
    .from(pickups)
    .leftJoin(staffUsers, eq(staffUsers.id, pickups.collectorId))
    .where(and(eq(pickups.pickupDate, today), inArray(pickups.status, [...activeStatuses])))
    .groupBy(pickups.slotStart, pickups.collectorId, staffUsers.name);
  const slots = new Map<string, SlotWork>();
  for (const row of rows) {
    const slot = slots.get(row.slotStart) ?? { slotStart: row.slotStart, total: 0, collectors: [] };
    slot.total += Number(row.count);
    slot.collectors.push({
      collectorId: row.collectorId,
      name: row.name,
      count: Number(row.count),
    });
    slots.set(row.slotStart, slot);
  }
  const byName = (a: SlotWork["collectors"][number], b: SlotWork["collectors"][number]) =>
    a.collectorId === null
      ? 1
      : b.collectorId === null
        ? -1
        : (a.name ?? "").localeCompare(b.name ?? "");
  return [...slots.values()]
    .sort((a, b) => a.slotStart.localeCompare(b.slotStart))
    .map((slot) => ({ ...slot, collectors: slot.collectors.sort(byName) }));
}

const countAndSum = (column: unknown) => ({
  count: sql<number>`count(*)::int`,
  paise: sql<string>`coalesce(sum(${column}), 0)::text`,
});

function tally(row: { count: number; paise: string } | undefined): Tally {
  return { count: Number(row?.count ?? 0), paise: Number(row?.paise ?? 0) };
}

/** Shipped cash-on-delivery orders whose cash is not recorded yet (docs/payments.md). */
async function cashToCollect(db: Database): Promise<Tally> {
  const [row] = await db
    .select(countAndSum(orders.totalPaise))
    .from(orders)
    .where(
      and(
        eq(orders.status, "shipped"),
        eq(orders.paymentStatus, "unpaid"),
        eq(orders.paymentMethod, "cod"),
      ),
    );
  return tally(row);
}

/** Orders placed today, this week and this month that are not cancelled, from the day groups. */
function sales(groups: readonly OrderDayGroup[], periods: TodayPeriods): TodayFigures["sales"] {
  const since = (start: string): Tally => {
    const tally: Tally = { count: 0, paise: 0 };
    for (const group of groups) {
      if (group.status === "cancelled" || group.date < start || group.date > periods.today) {
        continue;
      }
      tally.count += group.count;
      tally.paise += group.paise;
    }
    return tally;
  };
  return {
    today: since(periods.today),
    week: since(periods.weekStart),
    month: since(periods.monthStart),
  };
}

/** The month's days in the daily roll-up of confirmed sheets (its first day to today). */
function daysOfMonth(periods: TodayPeriods) {
  return {
    grams: between(collectedGramsDaily.collectedOn, periods.monthStart, periods.today),
    plants: between(plantsGivenDaily.givenOn, periods.monthStart, periods.today),
  };
}

/** Grams collected this month per rate-list category, in the rate list's order. */
async function kgThisMonth(
  db: Database,
  periods: TodayPeriods,
): Promise<TodayFigures["kgThisMonth"]> {
  const rows = await db
    .select({
      category: scrapCategories.name,
      grams: sql<string>`sum(${collectedGramsDaily.grams})::text`,
    })
    .from(collectedGramsDaily)
    .innerJoin(scrapMaterials, eq(scrapMaterials.id, collectedGramsDaily.materialId))
    .innerJoin(scrapCategories, eq(scrapCategories.id, scrapMaterials.categoryId))
    .where(daysOfMonth(periods).grams)
    .groupBy(scrapCategories.id, scrapCategories.name, scrapCategories.sortOrder)
    .orderBy(asc(scrapCategories.sortOrder), asc(scrapCategories.id));
  return rows.map((row) => ({ category: row.category, grams: Number(row.grams) }));
}

/** Coupons issued, plants handed over and money paid this month. */
async function rewardsThisMonth(
  db: Database,
  periods: TodayPeriods,
  at: Instants,
): Promise<TodayFigures["rewardsThisMonth"]> {
  const [couponRows, plantRows, moneyRows] = await Promise.all([
    db
      .select(countAndSum(coupons.valuePaise))
      .from(coupons)
      .where(and(gte(coupons.createdAt, at.month), lt(coupons.createdAt, at.end))),
    db
      .select({ plants: sql<string>`coalesce(sum(${plantsGivenDaily.plants}), 0)::text` })
      .from(plantsGivenDaily)
      .where(daysOfMonth(periods).plants),
    db
      .select(countAndSum(payouts.amountPaise))
      .from(payouts)
      .where(and(gte(payouts.paidAt, at.month), lt(payouts.paidAt, at.end))),
  ]);
  return {
    coupons: tally(couponRows[0]),
    plants: Number(plantRows[0]?.plants ?? 0),
    money: tally(moneyRows[0]),
  };
}

/** Active products with stock ≤ `lowStockAt`: counts, and the emptiest first (by name). */
async function lowStock(db: Database, lowStockAt: number): Promise<TodayFigures["lowStock"]> {
  const low = and(eq(products.active, true), lte(products.stock, lowStockAt));
  const [counts, list] = await Promise.all([
    db
      .select({
        count: sql<number>`count(*)::int`,
        out: sql<number>`(count(*) filter (where ${products.stock} = 0))::int`,
      })
      .from(products)
      .where(low),
    db
      .select({ id: products.id, name: products.name, size: products.size, stock: products.stock })
      .from(products)
      .where(low)
      .orderBy(asc(products.stock), asc(products.name), asc(products.id))
      .limit(LOW_STOCK_LIST),
  ]);
  return {
    count: Number(counts[0]?.count ?? 0),
    outOfStock: Number(counts[0]?.out ?? 0),
    products: list,
  };
}

/** What the "Today first" figures need from other features; the route passes it in. */
export interface TodayOptions {
  /** The instant the page is read at; its Asia/Kolkata day is "today". */
  now: Date;
  /** The pickup statuses still to visit (the pickups feature's active statuses). */
  activeStatuses: readonly PickupStatus[];
  /** Units at or below which an active product is low in stock (the catalogue's LOW_STOCK_AT). */
  lowStockAt: number;
  /**
   * The orders per day read once for the whole page (readOrderDays from at most the month's
   * first day); read here when absent.
   */
  orderDays?: Promise<OrderDayGroup[]>;
}

/**
 * The overview's "Today first" figures at instant `options.now` (docs/dashboard.md
 * "Overview"). Throws only what the database throws.
 */
export async function getTodayFigures(db: Database, options: TodayOptions): Promise<TodayFigures> {
  const periods = todayPeriods(options.now);
  const at = periodInstants(periods);
  const [slots, cash, orderDays, kg, rewards, stock] = await Promise.all([
    pickupsBySlot(db, periods.today, options.activeStatuses),
    cashToCollect(db),
    options.orderDays ??
      readOrderDays(
        db,
        // biome-ignore lint/complexity/useMathMinMax: the days are ISO date strings, Math.min would give NaN
        periods.weekStart < periods.monthStart ? periods.weekStart : periods.monthStart,
      ),
    kgThisMonth(db, periods),
    rewardsThisMonth(db, periods, at),
    lowStock(db, options.lowStockAt),
  ]);
  return {
    periods,
    pickupsBySlot: slots,
    cashToCollect: cash,
    sales: sales(orderDays, periods),
    kgThisMonth: kg,
    rewardsThisMonth: rewards,
    lowStock: stock,
  };
}

/** The admin's first-day checklist (docs/dashboard.md "Overview"): each step done or not. */
export interface FirstDayChecklist {
  /** Some staff member changed a scrap rate (a `rate.update` audit row exists). */
  ratesSet: boolean;
  /** A collector account exists. */
  collectorAdded: boolean;
  /** Any pickup was ever booked. */
  bookingTried: boolean;
}

/** Reads the three steps of the first-day checklist from the database (three `limit 1` reads). */
export async function getFirstDayChecklist(db: Database): Promise<FirstDayChecklist> {
  const [rates, collectors, bookings] = await Promise.all([
    db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(and(eq(auditLog.entity, "scrap_material"), eq(auditLog.action, "rate.update")))
      .limit(1),
    db
      .select({ id: staffUsers.id })
      .from(staffUsers)
      .where(eq(staffUsers.role, "collector"))
      .limit(1),
    db.select({ id: pickups.id }).from(pickups).limit(1),
  ]);
  return {
    ratesSet: rates.length > 0,
    collectorAdded: collectors.length > 0,
    bookingTried: bookings.length > 0,
  };
}
