/**
 * Pickups in the staff dashboard (docs/dashboard.md): the filtered, searched, keyset-paged
 * list and its CSV rows, the detail page's data, and the staff's status changes (the weigh
 * sheet is app/features/exchange/weigh-sheet.server.ts).
 *
 * Units: weights are integer grams in the database and kg (up to 3 decimals) in forms; money is
 * integer paise in the database and rupees (up to 2 decimals) in forms and CSV; pickup dates are
 * calendar dates in Asia/Kolkata. Every change runs in one transaction with its audit row, and
 * updates only from the status that was read, so a stale page gets 409 instead of overwriting.
 */

import { and, asc, desc, eq, gte, ilike, inArray, isNull, lte, type SQL, sql } from "drizzle-orm";
import { recordAudit } from "~/db/audit.server";
import type { Database } from "~/db/client.server";
import { TOO_LATE } from "~/db/outbox.server";
import { weighSheets } from "~/db/schema/exchange";
import { type PickupStatus, pickupItems, pickupStatuses, pickups } from "~/db/schema/pickups";
import { scrapMaterials } from "~/db/schema/rates";
import { staffUsers } from "~/db/schema/staff";
import { csvKolkataTimestamp, csvRupees } from "~/utils/csv.server";
import { isCalendarDate } from "~/utils/dates";
import { entityHistory } from "~/utils/entity-history.server";
import { decodeCursor, keysetBatches, keysetPage } from "~/utils/keyset.server";
import {
  checkChoice,
  checkDateRange,
  checkSearch,
  filterSearchParams,
  finishFilterCheck,
  MAX_FILTER_TEXT,
  startFilterCheck,
} from "~/utils/list-filters.server";
import { normaliseIndianMobile } from "~/utils/phone";
import { type MessageValues, Refusal } from "~/utils/refusal";
import { containsPattern } from "~/utils/sql-like";
import {
  enqueuePickupCancelled,
  enqueuePickupConfirmed,
  REMINDERS_MISSED,
  skipPickupReminders,
  skipWeighSheetReady,
} from "./pickup-messages.server";
import { activePickupStatuses } from "./pickup-status";
import { assertPickupTransition, IllegalPickupTransitionError } from "./pickup-transition.server";

// ---------------------------------------------------------------------------------------------
// List filters

/** The list's filters after checking (docs/dashboard.md); absent = not filtered. */
export interface PickupFilters {
  status?: PickupStatus;
  /** Pickup dates from/to, inclusive, "YYYY-MM-DD" (Asia/Kolkata calendar dates). */
  from?: string;
  to?: string;
  /** Case-insensitive exact city. */
  city?: string;
  pin?: string;
  /** Reference (PU-XXXXXX), Indian mobile number, or part of the name. */
  q?: string;
  /** The assigned collector's staff user id, or "none" for unassigned pickups. */
  collector?: string;
}

export type PickupFilterField = keyof PickupFilters;

/** What the filter form shows: the values as typed and a message for each one ignored. */
export interface ParsedPickupFilters {
  filters: PickupFilters;
  values: Record<PickupFilterField, string>;
  problems: Partial<Record<PickupFilterField, string>>;
}

const pickupFilterKeys = ["status", "from", "to", "city", "pin", "q", "collector"] as const;

/**
 * Reads the list's URL parameters (a contract: status, from, to, city, pin, q, collector; `after` is read
 * separately). An unknown status, a bad date, an over-long text is ignored with a message for
 * the field; nothing here throws.
 */
export function parsePickupFilters(params: URLSearchParams): ParsedPickupFilters {
  const check = startFilterCheck(params, pickupFilterKeys);
  const { values, filters, problems } = check;
  checkChoice(check, "status", pickupStatuses, "dashboard.lists.statusIgnored");
  checkDateRange(check);
  if (values.city) {
    if (values.city.length <= MAX_FILTER_TEXT) filters.city = values.city;
    else problems.city = `A city has at most ${MAX_FILTER_TEXT} characters; this one was ignored.`;
  }
  if (values.pin) {
    if (/^[1-9][0-9]{5}$/.test(values.pin)) filters.pin = values.pin;
    else problems.pin = "Enter a 6-digit PIN code; this one was ignored.";
  }
  checkSearch(check);
  if (values.collector) {
    // A staff user id or "none"; an id nobody has simply matches no pickup.
    if (/^[A-Za-z0-9_-]{1,100}$/.test(values.collector)) filters.collector = values.collector;
    else problems.collector = "Unknown collector; showing every collector.";
  }
  return finishFilterCheck<PickupFilters, PickupFilterField>(check);
}

/** The filters as URL parameters (for the next-page and export links). */
export function pickupFilterParams(filters: PickupFilters): URLSearchParams {
  return filterSearchParams(filters, pickupFilterKeys);
}

/**
 * Search: "PU-…" is a reference, a 10-digit or +91 number is a phone, anything else part of
 * the name (case-insensitive, served by the trigram index).
 */
function searchCondition(q: string): SQL {
  if (/^pu-/i.test(q)) return eq(pickups.reference, q.toUpperCase());
  const phone = normaliseIndianMobile(q);
  if (phone) return eq(pickups.phone, phone);
  return ilike(pickups.name, containsPattern(q));
}

function filterConditions(filters: PickupFilters): SQL[] {
  const where: SQL[] = [];
  if (filters.status) where.push(eq(pickups.status, filters.status));
  if (filters.from) where.push(gte(pickups.pickupDate, filters.from));
  if (filters.to) where.push(lte(pickups.pickupDate, filters.to));
  if (filters.city) where.push(sql`lower(${pickups.city}) = lower(${filters.city})`);
  if (filters.pin) where.push(eq(pickups.pinCode, filters.pin));
  if (filters.q) where.push(searchCondition(filters.q));
  if (filters.collector === "none") where.push(isNull(pickups.collectorId));
  else if (filters.collector) where.push(eq(pickups.collectorId, filters.collector));
  return where;
}

type PickupCursor = [string, number];

function readCursor(after: string | null | undefined): PickupCursor | null {
  const cursor = decodeCursor<PickupCursor>(after, ["string", "number"]);
  return cursor && isCalendarDate(cursor[0]) ? cursor : null;
}

export type PickupListRow = {
  id: number;
  reference: string;
  pickupDate: string;
  slotStart: string;
  name: string;
  phone: string;
  city: string;
  pinCode: string;
  status: PickupStatus;
  estimatePaise: number;
  payoutPaise: number | null;
  /** The assigned collector's name, null when unassigned. */
  collectorName: string | null;
};

/** Columns of a list page and of a CSV batch (one query shape for both). */
const pageColumns = {
  id: pickups.id,
  reference: pickups.reference,
  pickupDate: pickups.pickupDate,
  slotStart: pickups.slotStart,
  status: pickups.status,
  name: pickups.name,
  phone: pickups.phone,
  email: pickups.email,
  addressLine1: pickups.addressLine1,
  addressLine2: pickups.addressLine2,
  city: pickups.city,
  pinCode: pickups.pinCode,
  rewardPreference: pickups.rewardPreference,
  estimatePaise: pickups.estimatePaise,
  payoutPaise: pickups.payoutPaise,
  rewardGiven: pickups.rewardGiven,
  createdAt: pickups.createdAt,
  collectorName: staffUsers.name,
};

async function pickupPage(
  db: Database,
  filters: PickupFilters,
  cursor: PickupCursor | null,
  limit: number,
) {
  const where = filterConditions(filters);
  if (cursor) {
    where.push(sql`(${pickups.pickupDate}, ${pickups.id}) < (${cursor[0]}::date, ${cursor[1]})`);
  }
  return db
    .select(pageColumns)
    .from(pickups)
    .leftJoin(staffUsers, eq(staffUsers.id, pickups.collectorId))
    .where(and(...where))
    .orderBy(desc(pickups.pickupDate), desc(pickups.id))
    .limit(limit);
}

/**
 * One page of the pickups list, newest pickup date first (pickup_date desc, id desc), at most
 * PAGE_SIZE rows; `nextCursor` asks for the page after it (null on the last page). A tampered
 * cursor shows the first page. Each filter combination is an index range scan (migration 0003).
 */
export async function listPickups(
  db: Database,
  filters: PickupFilters,
  after: string | null,
): Promise<{ rows: PickupListRow[]; nextCursor: string | null }> {
  const { page, nextCursor } = await keysetPage(
    (cursor: PickupCursor | null, limit: number) => pickupPage(db, filters, cursor, limit),
    readCursor(after),
    (row): PickupCursor => [row.pickupDate, row.id],
  );
  return {
    rows: page.map((row) => ({
      id: row.id,
      reference: row.reference,
      pickupDate: row.pickupDate,
      slotStart: row.slotStart,
      name: row.name,
      phone: row.phone,
      city: row.city,
      pinCode: row.pinCode,
      status: row.status,
      estimatePaise: row.estimatePaise,
      payoutPaise: row.payoutPaise,
      collectorName: row.collectorName,
    })),
    nextCursor,
  };
}

/** The CSV's header row; amounts in rupees with 2 decimals, times in Asia/Kolkata. */
export const pickupCsvHeader = [
  "Reference",
  "Pickup date",
  "Slot start (IST)",
  "Status",
  "Name",
  "Phone",
  "Email",
  "Address line 1",
  "Address line 2",
  "City",
  "PIN code",
  "Reward preference",
  "Estimate (₹)",
  "Payout (₹)",
  "Reward given",
  "Booked at (IST)",
] as const;

/**
 * Every pickup matching `filters`, as CSV rows in the order of `pickupCsvHeader`, fetched in
 * keyset batches of `batchSize` (docs/dashboard.md: a million rows never sit in memory).
 */
export async function* pickupCsvRows(
  db: Database,
  filters: PickupFilters,
  batchSize = 1000,
): AsyncGenerator<readonly unknown[]> {
  const rows = keysetBatches(
    (cursor: PickupCursor | null, limit: number) => pickupPage(db, filters, cursor, limit),
    (row): PickupCursor => [row.pickupDate, row.id],
    batchSize,
  );
  for await (const row of rows) {
    yield [
      row.reference,
      row.pickupDate,
      row.slotStart,
      row.status,
      row.name,
      row.phone,
      row.email,
      row.addressLine1,
      row.addressLine2,
      row.city,
      row.pinCode,
      row.rewardPreference,
      csvRupees(row.estimatePaise),
      csvRupees(row.payoutPaise),
      row.rewardGiven ?? "",
      csvKolkataTimestamp(row.createdAt),
    ];
  }
}

// ---------------------------------------------------------------------------------------------
// Detail

/**
 * A pickup for the staff detail page: every column, the estimate lines (material, estimated
 * and weighed grams, rate at booking and current rate, paise per kg) and the audit history
 * (the weigh sheet's own data: weighSheetFormData). Null when the id is unknown.
 */
export async function getPickupForStaff(db: Database, id: number) {
  const [pickup] = await db.select().from(pickups).where(eq(pickups.id, id));
  if (!pickup) return null;
  const items = await db
    .select({
      id: pickupItems.id,
      materialId: pickupItems.materialId,
      material: scrapMaterials.name,
      ratePaisePerKg: pickupItems.ratePaisePerKg,
      currentRatePaisePerKg: scrapMaterials.ratePaisePerKg,
      estimatedGrams: pickupItems.estimatedGrams,
      weighedGrams: pickupItems.weighedGrams,
    })
    .from(pickupItems)
    .innerJoin(scrapMaterials, eq(scrapMaterials.id, pickupItems.materialId))
    .where(eq(pickupItems.pickupId, id))
    .orderBy(asc(pickupItems.id));
  return { pickup, items, history: await entityHistory(db, "pickup", id) };
}

// ---------------------------------------------------------------------------------------------
// Changes

/**
 * A staff change that was refused; nothing was written. A refusal (ADR 0024) with a message id
 * (`errors.pickup.notFound`; the English-only `dashboard.pickups.*` for the rest) and its
 * `values`, the HTTP `status` (404 unknown pickup, 409 changed meanwhile or a move the workflow
 * does not allow) and `fieldErrors`, English texts by form field (none so far). The dashboard
 * shows it with `refusalText("en", error)`; its Error `message` is the same English text.
 */
export class PickupAdminError extends Refusal {
  override name = "PickupAdminError";
  declare readonly status: 400 | 404 | 409 | 422;
  constructor(
    id: string,
    status: 400 | 404 | 409 | 422,
    values: MessageValues = {},
    readonly fieldErrors: Record<string, string> = {},
  ) {
    super(id, values, { status });
  }
}

/** "This pickup changed meanwhile. Please reload the page and try again." */
const CHANGED_MEANWHILE = "dashboard.pickups.changed";

/**
 * The pickup, read in the transaction, after checking that it is still in the status the
 * staff member saw and may move to `to` (pickup-status.ts).
 * @throws PickupAdminError 404 unknown, 409 changed meanwhile or illegal move.
 */
async function lockedPickup(
  tx: Database,
  id: number,
  to: PickupStatus,
  expectedFrom: PickupStatus,
) {
  const [pickup] = await tx.select().from(pickups).where(eq(pickups.id, id));
  if (!pickup) throw new PickupAdminError("errors.pickup.notFound", 404);
  if (pickup.status !== expectedFrom) throw new PickupAdminError(CHANGED_MEANWHILE, 409);
  try {
    assertPickupTransition(pickup.status, to);
  } catch (error) {
    if (error instanceof IllegalPickupTransitionError) {
      throw new PickupAdminError("dashboard.pickups.illegalMove", 409, {
        from: error.from,
        to: error.to,
      });
    }
    throw error;
  }
  return pickup;
}

/**
 * Sets the pickup's new values, only if it is still in the status that was read.
 * @throws PickupAdminError 409 when someone changed it meanwhile.
 */
async function updateFromStatus(
  tx: Database,
  id: number,
  from: PickupStatus,
  values: Partial<typeof pickups.$inferInsert>,
) {
  const updated = await tx
    .update(pickups)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(pickups.id, id), eq(pickups.status, from)))
    .returning({ id: pickups.id });
  if (updated.length === 0) throw new PickupAdminError(CHANGED_MEANWHILE, 409);
}

/** The staff's status buttons (the weigh sheet has its own form). */
export type SimplePickupChange = "confirmed" | "missed" | "cancelled";

/**
 * Confirm, mark missed or cancel a pickup through the workflow in pickup-status.ts, with an
 * audit row (before/after status) in the same transaction.
 * @param expectedFrom the status the staff member saw; another one gives 409.
 * @throws PickupAdminError 404 unknown pickup, 409 illegal move or changed meanwhile.
 */
export async function changePickupStatus(
  db: Database,
  id: number,
  to: SimplePickupChange,
  actorEmail: string,
  expectedFrom: PickupStatus,
): Promise<void> {
  await db.transaction(async (tx) => {
    const pickup = await lockedPickup(tx, id, to, expectedFrom);
    await updateFromStatus(tx, id, pickup.status, { status: to });
    // A weigh sheet still waiting for the customer (or disputed) ends with the pickup: nobody
    // can confirm it any more (docs/exchange.md).
    await tx
      .update(weighSheets)
      .set({ status: "closed", decidedAt: new Date(), resolutionNote: `Pickup ${to} by staff.` })
      .where(
        and(eq(weighSheets.pickupId, id), inArray(weighSheets.status, ["pending", "disputed"])),
      );
    await recordAudit(tx, {
      actor: { email: actorEmail },
      action: `pickup.${to}`,
      entity: "pickup",
      entityId: id,
      before: { status: pickup.status },
      after: { status: to },
    });
    if (to === "confirmed") await enqueuePickupConfirmed(tx, id);
    else if (to === "cancelled") await enqueuePickupCancelled(tx, id);
    else await skipPickupReminders(tx, id, REMINDERS_MISSED);
    if (to !== "confirmed") await skipWeighSheetReady(tx, id, `${TOO_LATE}: the pickup was ${to}.`);
  });
}

/**
 * How many open pickups (requested or confirmed) each of `days` ("YYYY-MM-DD") has: the closed
 * days' list shows them, so staff move what was booked before a day closed
 * (docs/operations.md "Closed days"). Days without any are absent.
 */
export async function countOpenPickupsByDay(
  db: Database,
  days: readonly string[],
): Promise<Map<string, number>> {
  if (days.length === 0) return new Map();
  const rows = await db
    .select({ day: pickups.pickupDate, n: sql<number>`count(*)::int` })
    .from(pickups)
    .where(
      and(
        inArray(pickups.pickupDate, [...days]),
        inArray(pickups.status, [...activePickupStatuses]),
      ),
    )
    .groupBy(pickups.pickupDate);
  return new Map(rows.map((row) => [row.day, Number(row.n)]));
}
