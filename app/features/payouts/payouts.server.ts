/**
 * Payouts of 'money' rewards (docs/exchange.md "Payouts"): the pickups the customer confirmed
 * with reward 'money' that nobody has paid yet (oldest collection first), recording a payout
 * (method, reference, who paid and when) in one transaction with its audit row, and the payouts
 * made, newest first, in keyset pages and as CSV. Money is integer paise; days are Asia/Kolkata.
 * The amount is always the pickup's `payout_paise`, never a typed figure.
 */
import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { recordAudit } from "~/db/audit.server";
import type { Database } from "~/db/client.server";
import { type Payout, type PayoutMethod, payouts } from "~/db/schema/exchange";
import { pickups } from "~/db/schema/pickups";
import { ExchangeError } from "~/features/exchange/exchange-error";
import { csvKolkataTimestamp, csvRowsOf, csvRupees } from "~/utils/csv.server";
import { formatCalendarDate, kolkataInstant, todayInKolkata } from "~/utils/dates";
import { PAGE_SIZE, rowsOfEveryPage } from "~/utils/keyset.server";
import { epochMicros, olderThanCursor, pageOf } from "~/utils/keyset-time.server";
import { isUniqueViolation } from "~/utils/pg-errors";
import { checkPayoutReference, payoutMethodLabels } from "./payout-fields";

/** How many payouts to make the page lists (the count above it is exact). */
export const PAYOUTS_TO_MAKE_LIMIT = 100;
/** Rows per query when the CSV export walks every payout. */
const EXPORT_BATCH = 1000;

export interface PayoutToMake {
  id: number;
  reference: string;
  name: string;
  /** E.164, +91XXXXXXXXXX. */
  phone: string;
  /** The confirmed weigh sheet's payout, paise. */
  payoutPaise: number;
  collectedAt: Date;
}

/**
 * Collected 'money' pickups with no payout recorded: `paid_out_at` null, read through the partial
 * index `pickups_payouts_to_make_idx` alone, so the cost is the backlog's. `recordPayout` sets
 * `paid_out_at` in the transaction that inserts the payouts row (and migration 0020 backfilled
 * it), so it is the record; joining the payouts table as well made PostgreSQL hash all of it
 * (220 ms at a million pickups).
 */
const waitingForPayout = and(
  eq(pickups.status, "collected"),
  eq(pickups.rewardPreference, "money"),
  isNull(pickups.paidOutAt),
);

/**
 * The pickups waiting for their money, oldest collection first (at most `limit`; read through
 * `pickups_collected_idx`).
 */
export async function payoutsToMake(
  db: Database,
  limit = PAYOUTS_TO_MAKE_LIMIT,
): Promise<PayoutToMake[]> {
  const rows = await db
    .select({
      id: pickups.id,
      reference: pickups.reference,
      name: pickups.name,
      phone: pickups.phone,
      payoutPaise: pickups.payoutPaise,
      collectedAt: pickups.collectedAt,
    })
    .from(pickups)
    .where(waitingForPayout)
    .orderBy(asc(pickups.collectedAt), asc(pickups.id))
    .limit(limit);
  return rows.map((row) => ({
    ...row,
    payoutPaise: row.payoutPaise ?? 0,
    collectedAt: row.collectedAt ?? new Date(0),
  }));
}

/** Payouts to make are counted up to this many ("1000+"), like the overview's waiting orders. */
export const PAYOUTS_COUNT_CAP = 1000;

/**
 * How many collected 'money' pickups have no payout yet, up to PAYOUTS_COUNT_CAP (`more`: there
 * are more). The cap also keeps the plan small: PostgreSQL takes status, reward and
 * `paid_out_at is null` as independent and expects ~800 times the real rows, so an uncapped
 * count started parallel workers (40 ms at a million pickups); with the limit it reads the
 * partial index alone (0.3 ms).
 */
export async function countPayoutsToMake(db: Database): Promise<{ count: number; more: boolean }> {
  const capped = db
    .select({ one: sql`1`.as("one") })
    .from(pickups)
    .where(waitingForPayout)
    .limit(PAYOUTS_COUNT_CAP + 1)
    .as("capped");
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(capped);
  const n = Number(row?.n ?? 0);
  return { count: Math.min(n, PAYOUTS_COUNT_CAP), more: n > PAYOUTS_COUNT_CAP };
}

/**
 * The instant stored for a payout made on `paidOn` ("YYYY-MM-DD", Asia/Kolkata): now for today,
 * else 12:00 that day (the form asks for the day only).
 */
export function paidAtOf(paidOn: string, now: Date): Date {
  return paidOn === todayInKolkata(now) ? now : kolkataInstant(paidOn, "12:00");
}

export interface PayoutInput {
  method: PayoutMethod;
  /** UPI transaction id or bank reference (required for those), optional for cash. */
  reference: string | null;
  paidAt: Date;
}

export interface PayoutActor {
  id: string;
  name: string;
  email: string;
}

// Refusals are English-only dashboard messages (ADR 0024), but an unknown pickup's.
const ALREADY_PAID = "dashboard.payouts.alreadyPaid";

/** The pickup, locked, after checking that it waits for a payout. @throws ExchangeError 404/409 */
async function pickupAwaitingPayout(tx: Database, pickupId: number) {
  const [pickup] = await tx
    .select({
      id: pickups.id,
      reference: pickups.reference,
      status: pickups.status,
      rewardPreference: pickups.rewardPreference,
      payoutPaise: pickups.payoutPaise,
      collectedAt: pickups.collectedAt,
    })
    .from(pickups)
    .where(eq(pickups.id, pickupId))
    .for("update");
  if (!pickup) throw new ExchangeError("errors.pickup.notFound", 404);
  if (pickup.rewardPreference !== "money") {
    throw new ExchangeError("dashboard.payouts.notMoney", 409);
  }
  if (pickup.status !== "collected" || pickup.payoutPaise === null || !pickup.collectedAt) {
    throw new ExchangeError("dashboard.payouts.notCollected", 409);
  }
  const [paid] = await tx
    .select({ id: payouts.id })
    .from(payouts)
    .where(eq(payouts.pickupId, pickupId));
  if (paid) throw new ExchangeError(ALREADY_PAID, 409);
  return { ...pickup, payoutPaise: pickup.payoutPaise, collectedAt: pickup.collectedAt };
}

/**
 * When the payout is dated: not in the future, not on a day (Asia/Kolkata) before the
 * collection; on the collection's day, no earlier than the collection itself.
 * @throws ExchangeError 422 with a message for the `paidOn` field.
 */
function checkedPaidAt(paidAt: Date, collectedAt: Date, now: Date): Date {
  if (Number.isNaN(paidAt.getTime()) || paidAt.getTime() > now.getTime()) {
    throw new ExchangeError("dashboard.payouts.future", 422, {}, "paidOn");
  }
  const collectedOn = todayInKolkata(collectedAt);
  if (todayInKolkata(paidAt) < collectedOn) {
    const date = formatCalendarDate(collectedOn);
    throw new ExchangeError("dashboard.payouts.beforeCollection", 422, { date }, "paidOn");
  }
  return paidAt < collectedAt ? collectedAt : paidAt;
}

/**
 * Records the payout of a collected 'money' pickup, in one transaction with the audit row
 * 'pickup.payout_recorded'. The amount is the pickup's `payout_paise` (paise).
 * @returns the payouts row and the pickup's reference.
 * @param now the instant it is recorded at, for "not in the future" (the route passes the time
 *   of the request, tests their clock).
 * @throws ExchangeError 404 unknown pickup; 409 not collected, reward not money, or already
 * paid (a double submit records one row: `payouts.pickup_id` is unique); 422 a reference that
 * does not fit the method (field `reference`) or a date in the future or before the collection
 * (field `paidOn`).
 */
export async function recordPayout(
  db: Database,
  pickupId: number,
  input: PayoutInput,
  actor: PayoutActor,
  now: Date,
): Promise<Payout & { pickupReference: string }> {
  const reference = checkPayoutReference(input.method, input.reference);
  if (!reference.ok) {
    const { id, values } = reference.message;
    throw new ExchangeError(id, 422, values, "reference");
  }
  try {
    return await db.transaction(async (tx) => {
      const pickup = await pickupAwaitingPayout(tx, pickupId);
      const paidAt = checkedPaidAt(input.paidAt, pickup.collectedAt, now);
      const [payout] = await tx
        .insert(payouts)
        .values({
          pickupId,
          amountPaise: pickup.payoutPaise,
          method: input.method,
          reference: reference.reference,
          paidById: actor.id,
          paidByName: actor.name,
          paidAt,
        })
        .returning();
      if (!payout) throw new Error("The payout insert returned no row.");
      await tx.update(pickups).set({ paidOutAt: paidAt }).where(eq(pickups.id, pickupId));
      await recordAudit(tx, {
        actor: { email: actor.email },
        action: "pickup.payout_recorded",
        entity: "pickup",
        entityId: pickupId,
        after: {
          amountPaise: payout.amountPaise,
          method: payout.method,
          reference: payout.reference,
          paidAt: payout.paidAt.toISOString(),
        },
      });
      return { ...payout, pickupReference: pickup.reference };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new ExchangeError(ALREADY_PAID, 409);
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Payouts made

/** The payouts list takes no filters; its schema exists for the list-page helpers. */
export const payoutFiltersSchema = z.object({});
export type PayoutFilters = z.infer<typeof payoutFiltersSchema>;

export interface PayoutRow {
  id: number;
  pickupId: number;
  pickupReference: string;
  name: string;
  amountPaise: number;
  method: PayoutMethod;
  reference: string | null;
  paidByName: string;
  paidAt: Date;
}

/**
 * One page of payouts made, newest payment first (`payouts_paid_idx`).
 * @param after a cursor from the previous page's `next` (a bad cursor gives page 1).
 * @returns the rows and the next page's cursor, or null on the last page.
 */
export async function listPayouts(
  db: Database,
  after?: string | null,
  limit = PAGE_SIZE,
): Promise<{ rows: PayoutRow[]; next: string | null }> {
  const found = await db
    .select({
      id: payouts.id,
      pickupId: payouts.pickupId,
      pickupReference: pickups.reference,
      name: pickups.name,
      amountPaise: payouts.amountPaise,
      method: payouts.method,
      reference: payouts.reference,
      paidByName: payouts.paidByName,
      paidAt: payouts.paidAt,
      sortMicros: epochMicros(payouts.paidAt),
    })
    .from(payouts)
    .innerJoin(pickups, eq(pickups.id, payouts.pickupId))
    .where(olderThanCursor(payouts.paidAt, payouts.id, after))
    .orderBy(desc(payouts.paidAt), desc(payouts.id))
    .limit(limit + 1);
  return pageOf(found, limit);
}

export const payoutCsvHeader = [
  "Pickup",
  "Name",
  "Amount (INR)",
  "Method",
  "Reference",
  "Paid by",
  "Paid at (Asia/Kolkata)",
] as const;

/** Every payout made, newest first, as CSV rows, read in keyset batches of 1000. */
export function payoutCsvRows(db: Database): AsyncGenerator<string[]> {
  const rows = rowsOfEveryPage((after) => listPayouts(db, after, EXPORT_BATCH));
  return csvRowsOf(rows, (row) => [
    row.pickupReference,
    row.name,
    csvRupees(row.amountPaise),
    payoutMethodLabels[row.method],
    row.reference ?? "",
    row.paidByName,
    csvKolkataTimestamp(row.paidAt),
  ]);
}
