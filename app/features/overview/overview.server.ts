/**
 * The dashboard overview's lower part (docs/dashboard.md "Overview"; today's figures are
 * today.server.ts): active pickups per slot today and over the coming days, orders waiting to be
 * confirmed or shipped, counts by status, and pickups and orders per day for the last 30 days,
 * with the kilograms collected per day. Days are Asia/Kolkata calendar days
 * (docs/architecture.md "Time").
 *
 * Every query reads a bounded range through an index, so the page costs the same at 1M rows as
 * at 1k: pickups by `pickups_date_slot_idx` (pickup_date, slot_start, status), orders by
 * `orders_created_status_total_idx` (created_at, status, total_paise) and
 * `orders_status_created_idx` (status, created_at, id),
 * kilograms from the daily roll-up of confirmed sheets `collected_grams_daily` (ADR 0036).
 */
import { and, asc, between, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { collectedGramsDaily } from "~/db/schema/exchange";
import { type PickupStatus, pickupStatuses, pickups } from "~/db/schema/pickups";
import { type OrderStatus, orderStatuses, orders } from "~/db/schema/shop";
import { addDays, todayInKolkata } from "~/utils/dates";
import { type OrderDayGroup, readOrderDays } from "./order-days.server";

/** Days in the chart, today included. */
export const CHART_DAYS = 30;
/** Days after today in the "upcoming pickups" table. */
export const UPCOMING_DAYS = 7;
/** Rows shown in each "waiting" order list and each pickup list (the counts are exact). */
const WAITING_LIMIT = 10;
/** Pickups listed under each upcoming day (the day's total is exact; the rest is a link away). */
export const DAY_LIST_LIMIT = 20;
/** Waiting orders are counted up to this many ("1000+"), so a huge backlog costs no more. */
export const WAITING_COUNT_CAP = 1000;

export interface OverviewPickup {
  id: number;
  reference: string;
  name: string;
  city: string;
  slotStart: string;
  status: PickupStatus;
}

/** A pickup slot as the overview needs it: its start ("HH:MM" Asia/Kolkata) and label. */
export interface OverviewSlot {
  start: string;
  label: string;
}

export interface OverviewDay {
  /** "YYYY-MM-DD", Asia/Kolkata. */
  date: string;
  /** Active pickups (requested or confirmed) per slot, in the order of `slots`. */
  activePerSlot: number[];
  activeTotal: number;
  /** The day's first active pickups, by slot then id (at most DAY_LIST_LIMIT; `activeTotal` counts all). */
  pickups: OverviewPickup[];
}

export interface WaitingOrder {
  id: number;
  reference: string;
  name: string;
  city: string;
  totalPaise: number;
  createdAt: Date;
}

export interface WaitingOrders {
  /** At most WAITING_COUNT_CAP; `more` says there are more than that. */
  count: number;
  more: boolean;
  /** The oldest ones first (at most 10). */
  oldest: WaitingOrder[];
}

export interface ChartPoint {
  /** "YYYY-MM-DD", Asia/Kolkata. */
  date: string;
  /** Pickups scheduled for that day, any status. */
  pickups: number;
  /** Orders placed that day, any status. */
  orders: number;
  /** Σ grams of confirmed weigh sheets' lines of pickups collected that day (docs/exchange.md). */
  collectedGrams: number;
}

export interface Overview {
  today: string;
  slots: OverviewSlot[];
  /** Today's active pickups per slot (the pickups themselves: today.server.ts). */
  todayActivePerSlot: number[];
  /** The next UPCOMING_DAYS days after today. */
  upcoming: OverviewDay[];
  /** Orders placed (to confirm) and confirmed (to ship): count up to WAITING_COUNT_CAP. */
  toConfirm: WaitingOrders;
  toShip: WaitingOrders;
  /**
   * Cash-on-delivery orders waiting for the customer's code (docs/shop.md "Confirming a
   * cash-on-delivery order"), count up to WAITING_COUNT_CAP.
   */
  awaitingCode: { count: number; more: boolean };
  /** Pickups by status with a pickup date in [pickupRange.from, pickupRange.to]. */
  pickupStatusCounts: Record<PickupStatus, number>;
  pickupRange: { from: string; to: string };
  /** Orders by status placed on or after `orderRangeFrom` (Asia/Kolkata day). */
  orderStatusCounts: Record<OrderStatus, number>;
  orderRangeFrom: string;
  /** CHART_DAYS points, oldest first, ending today. */
  chart: ChartPoint[];
}

function zeroCounts<S extends string>(statuses: readonly S[]): Record<S, number> {
  return Object.fromEntries(statuses.map((s) => [s, 0])) as Record<S, number>;
}

/** The configured slots, plus any slot start found in the data that is no longer configured. */
function slotsWith(configured: readonly OverviewSlot[], seen: Iterable<string>): OverviewSlot[] {
  const slots: OverviewSlot[] = configured.map((s) => ({ start: s.start, label: s.label }));
  const known = new Set(slots.map((s) => s.start));
  for (const start of seen) {
    if (!known.has(start)) {
      known.add(start);
      slots.push({ start, label: `${start} (no longer offered)` });
    }
  }
  return slots.sort((a, b) => a.start.localeCompare(b.start));
}

const pickupListColumns = {
  id: pickups.id,
  reference: pickups.reference,
  name: pickups.name,
  city: pickups.city,
  slotStart: pickups.slotStart,
  status: pickups.status,
};

const waitingColumns = {
  id: orders.id,
  reference: orders.reference,
  name: orders.name,
  city: orders.city,
  totalPaise: orders.totalPaise,
  createdAt: orders.createdAt,
};

/** Orders in `status`, counted through the index up to WAITING_COUNT_CAP. */
async function cappedCount(
  db: Database,
  status: OrderStatus,
): Promise<{ count: number; more: boolean }> {
  const capped = db
    .select({ one: sql`1`.as("one") })
    .from(orders)
    .where(eq(orders.status, status))
    .limit(WAITING_COUNT_CAP + 1)
    .as("capped");
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(capped);
  const n = Number(row?.n ?? 0);
  return { count: Math.min(n, WAITING_COUNT_CAP), more: n > WAITING_COUNT_CAP };
}

/** What the overview needs from the pickups feature; the route passes it in. */
export interface OverviewOptions {
  /** The configured pickup slots ("HH:MM" Asia/Kolkata), in any order. */
  slots: readonly OverviewSlot[];
  /** Statuses that hold a place in their slot. */
  activeStatuses: readonly PickupStatus[];
  /** The instant the overview is read at; its day in Asia/Kolkata is "today". */
  now: Date;
  /**
   * The orders per day read once for the whole page (readOrderDays from at most today − 29);
   * read here when absent.
   */
  orderDays?: Promise<OrderDayGroup[]>;
}

/** The days the overview reads: Asia/Kolkata calendar days as "YYYY-MM-DD". */
function overviewDays(now: Date) {
  const today = todayInKolkata(now);
  const chartFrom = addDays(today, -(CHART_DAYS - 1));
  return {
    today,
    chartFrom,
    upcomingFrom: addDays(today, 1),
    upcomingTo: addDays(today, UPCOMING_DAYS),
  };
}

type OverviewDays = ReturnType<typeof overviewDays>;

/** Pickups from chartFrom to upcomingTo, grouped by date, slot and status (index-only). */
function pickupGroupsQuery(db: Database, days: OverviewDays) {
  return db
    .select({
      date: sql<string>`${pickups.pickupDate}::text`,
      slotStart: pickups.slotStart,
      status: pickups.status,
      count: sql<number>`count(*)::int`,
    })
    .from(pickups)
    .where(between(pickups.pickupDate, days.chartFrom, days.upcomingTo))
    .groupBy(pickups.pickupDate, pickups.slotStart, pickups.status);
}

/**
 * The first DAY_LIST_LIMIT active pickups of each coming day, in slot order: one bounded read of
 * `pickups_active_date_slot_idx` per day.
 */
async function upcomingPickupsQuery(
  db: Database,
  days: OverviewDays,
  activeStatuses: readonly PickupStatus[],
) {
  const perDay = await Promise.all(
    Array.from({ length: UPCOMING_DAYS }, (_, i) =>
      db
        .select(pickupListColumns)
        .from(pickups)
        .where(
          and(
            eq(pickups.pickupDate, addDays(days.upcomingFrom, i)),
            inArray(pickups.status, [...activeStatuses]),
          ),
        )
        .orderBy(asc(pickups.slotStart), asc(pickups.id))
        .limit(DAY_LIST_LIMIT),
    ),
  );
  return perDay;
}

/**
 * Grams on confirmed weigh sheets of pickups collected from chartFrom to today, by collection day
 * (the daily roll-up, ADR 0036).
 */
function collectedGramsQuery(db: Database, days: OverviewDays) {
  return db
    .select({
      date: sql<string>`${collectedGramsDaily.collectedOn}::text`,
      grams: sql<string>`sum(${collectedGramsDaily.grams})::text`,
    })
    .from(collectedGramsDaily)
    .where(between(collectedGramsDaily.collectedOn, days.chartFrom, days.today))
    .groupBy(collectedGramsDaily.collectedOn);
}

/** The oldest orders waiting in `status` (all-time: they are the open backlog), and their count. */
async function waitingOrders(db: Database, status: OrderStatus) {
  const [counted, oldest] = await Promise.all([
    cappedCount(db, status),
    db
      .select(waitingColumns)
      .from(orders)
      .where(eq(orders.status, status))
      .orderBy(asc(orders.createdAt), asc(orders.id))
      .limit(WAITING_LIMIT),
  ]);
  return { ...counted, oldest };
}

type PickupGroup = Awaited<ReturnType<typeof pickupGroupsQuery>>[number];

/** Pickup counts by status, per day, and active bookings per day and slot (slot order). */
function tallyPickups(
  groups: readonly PickupGroup[],
  slots: readonly OverviewSlot[],
  activeStatuses: readonly PickupStatus[],
) {
  const slotIndex = new Map(slots.map((s, i) => [s.start, i]));
  const active = new Set<string>(activeStatuses);
  const statusCounts = zeroCounts(pickupStatuses);
  const perDay = new Map<string, number>();
  const activeByDay = new Map<string, number[]>();
  for (const group of groups) {
    const count = Number(group.count);
    statusCounts[group.status] += count;
    perDay.set(group.date, (perDay.get(group.date) ?? 0) + count);
    if (active.has(group.status)) {
      const perSlot = activeByDay.get(group.date) ?? slots.map(() => 0);
      const index = slotIndex.get(group.slotStart);
      if (index !== undefined) perSlot[index] = (perSlot[index] ?? 0) + count;
      activeByDay.set(group.date, perSlot);
    }
  }
  const activePerSlot = (date: string) => activeByDay.get(date) ?? slots.map(() => 0);
  return { statusCounts, perDay, activePerSlot };
}

/** Order counts by status and per day. */
function tallyOrders(groups: readonly { date: string; status: OrderStatus; count: number }[]) {
  const statusCounts = zeroCounts(orderStatuses);
  const perDay = new Map<string, number>();
  for (const group of groups) {
    const count = Number(group.count);
    statusCounts[group.status] += count;
    perDay.set(group.date, (perDay.get(group.date) ?? 0) + count);
  }
  return { statusCounts, perDay };
}

/**
 * Everything the overview page shows at instant `options.now` (today: its Asia/Kolkata day).
 * - Pickups: dates today − 29 … today + 7 in one grouped, index-only read.
 * - Orders: the chart and status counts from orders placed since the start (00:00 Asia/Kolkata)
 *   of today − 29; the waiting orders are all-time (they are the open backlog), counted up to
 *   1000.
 * - Kilograms: the daily roll-up of confirmed sheets, today − 29 to today.
 */
export async function getOverview(db: Database, options: OverviewOptions): Promise<Overview> {
  const days = overviewDays(options.now);
  const [pickupGroups, upcomingRows, orderGroups, toConfirm, toShip, gramsByDay, awaitingCode] =
    await Promise.all([
      pickupGroupsQuery(db, days),
      upcomingPickupsQuery(db, days, options.activeStatuses),
      options.orderDays ?? readOrderDays(db, days.chartFrom),
      waitingOrders(db, "placed"),
      waitingOrders(db, "confirmed"),
      collectedGramsQuery(db, days),
      cappedCount(db, "awaiting_confirmation"),
    ]);
  const collectedGrams = new Map(gramsByDay.map((row) => [row.date, Number(row.grams)]));

  const slots = slotsWith(
    options.slots,
    pickupGroups.filter((g) => g.date >= days.today).map((g) => g.slotStart),
  );
  const pickupTally = tallyPickups(pickupGroups, slots, options.activeStatuses);
  const orderTally = tallyOrders(orderGroups.filter((group) => group.date >= days.chartFrom));

  const chart: ChartPoint[] = Array.from({ length: CHART_DAYS }, (_, i) => {
    const date = addDays(days.chartFrom, i);
    return {
      date,
      pickups: pickupTally.perDay.get(date) ?? 0,
      orders: orderTally.perDay.get(date) ?? 0,
      collectedGrams: collectedGrams.get(date) ?? 0,
    };
  });
  const upcoming: OverviewDay[] = Array.from({ length: UPCOMING_DAYS }, (_, i) => {
    const date = addDays(days.upcomingFrom, i);
    const activePerSlot = pickupTally.activePerSlot(date);
    return {
      date,
      activePerSlot,
      activeTotal: activePerSlot.reduce((a, b) => a + b, 0),
      pickups: upcomingRows[i] ?? [],
    };
  });

  return {
    today: days.today,
    slots,
    todayActivePerSlot: pickupTally.activePerSlot(days.today),
    upcoming,
    toConfirm,
    toShip,
    awaitingCode,
    pickupStatusCounts: pickupTally.statusCounts,
    pickupRange: { from: days.chartFrom, to: days.upcomingTo },
    orderStatusCounts: orderTally.statusCounts,
    orderRangeFrom: days.chartFrom,
    chart,
  };
}
