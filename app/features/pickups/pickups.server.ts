/**
 * Scrap pickups (docs/pickups.md; spec §3 Pick-Up; docs/product.md): booking a date and a configured slot
 * whose capacity is enforced inside the booking transaction, the value estimate from the live
 * rate list, and the tracking link's view, cancel and reschedule.
 *
 * Dates are "YYYY-MM-DD" and slots "HH:MM" in Asia/Kolkata; weights integer grams; money
 * integer paise. `now` is a parameter everywhere, so tests inject the clock.
 */
import { and, asc, between, eq, inArray, sql } from "drizzle-orm";
import { changedFields, recordAudit } from "~/db/audit.server";
import type { Database } from "~/db/client.server";
import { localisedColumn } from "~/db/localised-column.server";
import { type PickupStatus, pickupItems, pickups } from "~/db/schema/pickups";
import { scrapMaterials } from "~/db/schema/rates";
import { closedDaysBetween, holdOpenDay } from "~/features/calendar/closed-days.server";
import type { Lang } from "~/i18n/languages";
import { humanReference, isUnguessableToken, unguessableToken } from "~/utils/codes.server";
import { isUniqueViolation } from "~/utils/pg-errors";
import { type MessageValues, Refusal } from "~/utils/refusal";
import { estimatePaise, MAX_ESTIMATE_PAISE } from "./estimate";
import type { PickupInput } from "./pickup.schema";
import type { PickupConfig } from "./pickup-config";
import {
  enqueuePickupBooked,
  enqueuePickupCancelled,
  enqueuePickupRescheduled,
} from "./pickup-messages.server";
import { bookableDates, type SlotProblem, slotChoiceProblem, slotHasStarted } from "./pickup-slots";
import { activePickupStatuses } from "./pickup-status";
import { assertPickupTransition } from "./pickup-transition.server";

/** The booking form's field a refusal stands next to; "form" is the form as a whole. */
export type PickupField = "pickupDate" | "pickupTime" | "pinCode" | "items" | "form";

/**
 * A booking, move or cancellation the visitor can fix; nothing was written. A refusal (ADR
 * 0024) with an `errors.pickup.*` id and its `values`, status 404 (unknown pickup), 409 (full
 * slot, too late to change, open-pickups cap) or 422 (default), and the `field` it stands next
 * to. Its Error `message` is the English text.
 */
export class PickupRejectedError extends Refusal {
  override name = "PickupRejectedError";
  declare readonly field: PickupField;
  declare readonly status: 404 | 409 | 422;
  constructor(
    id: string,
    field: PickupField,
    status: 404 | 409 | 422 = 422,
    values: MessageValues = {},
  ) {
    super(id, values, { status, field });
  }
}

/**
 * The booking's phone number or e-mail already holds `cap` open pickups (docs/operations.md
 * "Anti-automation"): 409 on the form as a whole, `errors.pickup.openPickupsOne` /
 * `openPickupsMany` with `{cap}`; the route adds `{phone}`, the shop's number to call for bulk
 * pickups (docs/product.md), as for `UnconfirmedCodCapError`:
 * `refusalText(lang, message(error.id, { ...error.values, phone }))`.
 */
export class OpenPickupsCapError extends PickupRejectedError {
  override name = "OpenPickupsCapError";
  constructor(readonly cap: number) {
    super(openPickupsId(cap), "form", 409, { cap });
  }
}

/** The message id of the open-pickups cap: one form for a cap of 1, another for more. */
function openPickupsId(cap: number): string {
  return cap === 1 ? "errors.pickup.openPickupsOne" : "errors.pickup.openPickupsMany";
}

export interface SlotAvailability {
  date: string;
  slots: { start: string; label: string; booked: number; capacity: number; open: boolean }[];
}

/**
 * For each bookable date the shop has not closed, each slot's bookings and whether it can still
 * be chosen.
 */
export async function getSlotAvailability(
  db: Database,
  now: Date,
  config: PickupConfig,
): Promise<SlotAvailability[]> {
  const open = bookableDates(now, config);
  if (open.length === 0) return [];
  // Closed days are not offered (docs/operations.md "Closed days").
  const closed = await closedDaysBetween(db, open[0] as string, open.at(-1) as string);
  const dates = open.filter((date) => !closed.has(date));
  if (dates.length === 0) return [];
  const rows = await db
    .select({
      date: pickups.pickupDate,
      slot: pickups.slotStart,
      booked: sql<number>`count(*)::int`,
    })
    .from(pickups)
    .where(
      and(
        between(pickups.pickupDate, dates[0] as string, dates.at(-1) as string),
        inArray(pickups.status, [...activePickupStatuses]),
      ),
    )
    .groupBy(pickups.pickupDate, pickups.slotStart);
  const booked = new Map(rows.map((row) => [`${row.date} ${row.slot}`, Number(row.booked)]));
  return dates.map((date) => ({
    date,
    slots: config.slots.map((slot) => {
      const count = booked.get(`${date} ${slot.start}`) ?? 0;
      return {
        start: slot.start,
        label: slot.label,
        booked: count,
        capacity: config.slotCapacity,
        open: count < config.slotCapacity && !slotHasStarted(date, slot.start, now),
      };
    }),
  }));
}

/** Serialises bookings of one date and slot across connections (PostgreSQL) for the count. */
async function lockSlot(tx: Database, date: string, slotStart: string) {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`pickup-slot ${date} ${slotStart}`}))`,
  );
}

async function activeInSlot(tx: Database, date: string, slotStart: string, exceptId?: number) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(pickups)
    .where(
      and(
        eq(pickups.pickupDate, date),
        eq(pickups.slotStart, slotStart),
        inArray(pickups.status, [...activePickupStatuses]),
        exceptId === undefined ? undefined : sql`${pickups.id} <> ${exceptId}`,
      ),
    );
  return Number(row?.n ?? 0);
}

/**
 * Takes the slot's lock for the rest of the transaction and checks that the shop is open that
 * day (docs/operations.md "Closed days") and the slot has room (not counting `exceptId`, the
 * pickup being moved).
 * @throws PickupRejectedError 409 when the day is closed or the slot is full.
 */
async function claimSlot(
  tx: Database,
  date: string,
  slotStart: string,
  capacity: number,
  exceptId?: number,
) {
  if (!(await holdOpenDay(tx, date))) {
    throw new PickupRejectedError("errors.pickup.dateClosed", "pickupDate", 409);
  }
  await lockSlot(tx, date, slotStart);
  if ((await activeInSlot(tx, date, slotStart, exceptId)) >= capacity) {
    throw new PickupRejectedError("errors.pickup.slotFull", "pickupTime", 409);
  }
}

/**
 * The cap on open pickups per contact (docs/operations.md
 * "Anti-automation"): a phone number, and an e-mail address (compared case-insensitively), may
 * hold `cap` pickups that are requested or confirmed; the next booking is refused. Race-safe:
 * the phone's and the e-mail's advisory locks are held for the rest of the booking
 * transaction (always phone first, then e-mail, and both before the slot's lock), so two
 * bookings for one contact count one after the other.
 * @throws PickupRejectedError 409 ("form") when the phone or the e-mail is at the cap.
 */
async function checkOpenPickupsPerContact(tx: Database, phone: string, email: string, cap: number) {
  const mail = email.toLowerCase();
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`pickup-contact phone ${phone}`}))`);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`pickup-contact email ${mail}`}))`);
  const [row] = await tx
    .select({
      byPhone: sql<number>`count(*) filter (where ${pickups.phone} = ${phone})::int`,
      byEmail: sql<number>`count(*) filter (where lower(${pickups.email}) = ${mail})::int`,
    })
    .from(pickups)
    .where(inArray(pickups.status, [...activePickupStatuses]));
  if (Number(row?.byPhone ?? 0) >= cap || Number(row?.byEmail ?? 0) >= cap) {
    throw new OpenPickupsCapError(cap);
  }
}

/** A date or slot that cannot be chosen, as the refusal of its field (422). */
function slotRefusal(problem: SlotProblem): PickupRejectedError {
  return new PickupRejectedError(problem.id, problem.field, 422, problem.values);
}

/** @throws PickupRejectedError 422 ("pinCode") where the shop does not collect yet. */
function checkPinCode(pinCode: string, config: PickupConfig) {
  if (
    config.pinPrefixes.length > 0 &&
    !config.pinPrefixes.some((prefix) => pinCode.startsWith(prefix))
  ) {
    throw new PickupRejectedError("errors.pickup.pinNotServed", "pinCode");
  }
}

/** The booking made with this idempotency key, as a replay; undefined when none. */
async function findByIdempotencyKey(db: Database, key: string) {
  const [row] = await db
    .select({
      id: pickups.id,
      reference: pickups.reference,
      trackingToken: pickups.trackingToken,
      estimatePaise: pickups.estimatePaise,
    })
    .from(pickups)
    .where(eq(pickups.idempotencyKey, key));
  return row ? { ...row, totalGrams: 0, replayed: true } : undefined;
}

export interface BookedPickup {
  id: number;
  reference: string;
  trackingToken: string;
  estimatePaise: number;
  totalGrams: number;
}

/** An estimate line priced at the current rate: grams and paise per kg. */
interface PricedLine {
  materialId: number;
  grams: number;
  ratePaisePerKg: number;
}

/**
 * The booking's estimate lines at today's rates.
 * @throws PickupRejectedError when a material is not on the active rate list.
 */
async function priceLines(tx: Database, items: PickupInput["items"]): Promise<PricedLine[]> {
  const materialIds = items.map((item) => item.materialId);
  const rates = materialIds.length
    ? await tx
        .select({ id: scrapMaterials.id, rate: scrapMaterials.ratePaisePerKg })
        .from(scrapMaterials)
        .where(and(inArray(scrapMaterials.id, materialIds), eq(scrapMaterials.active, true)))
    : [];
  const rateOf = new Map(rates.map((row) => [row.id, row.rate]));
  return items.map((item) => {
    const rate = rateOf.get(item.materialId);
    if (rate === undefined) {
      throw new PickupRejectedError("errors.pickup.materialsFromList", "items");
    }
    return { materialId: item.materialId, grams: item.grams, ratePaisePerKg: rate };
  });
}

/**
 * The estimate of the lines in paise.
 * @throws PickupRejectedError above ₹10,00,000 (ADR 0010).
 */
function checkedEstimate(lines: PricedLine[]): number {
  const estimate = estimatePaise(lines);
  if (estimate > MAX_ESTIMATE_PAISE) {
    throw new PickupRejectedError("errors.pickup.estimateTooHigh", "items", 422);
  }
  return estimate;
}

/** Inserts the pickup, its estimate lines and its audit row ('pickup.requested', visitor). */
async function insertBooking(
  tx: Database,
  input: PickupInput,
  lines: PricedLine[],
  estimate: number,
  language: Lang,
) {
  const [pickup] = await tx
    .insert(pickups)
    .values({
      reference: humanReference("PU"),
      trackingToken: unguessableToken(),
      idempotencyKey: input.idempotencyKey,
      name: input.name,
      email: input.email,
      phone: input.phone,
      addressLine1: input.addressLine1,
      addressLine2: input.addressLine2,
      city: input.city,
      pinCode: input.pinCode,
      pickupDate: input.pickupDate,
      slotStart: input.pickupTime,
      rewardPreference: input.reward,
      estimatePaise: estimate,
      language,
    })
    .returning({
      id: pickups.id,
      reference: pickups.reference,
      trackingToken: pickups.trackingToken,
    });
  if (!pickup) throw new Error("Pickup insert returned nothing");
  if (lines.length > 0) {
    await tx.insert(pickupItems).values(
      lines.map((line) => ({
        pickupId: pickup.id,
        materialId: line.materialId,
        ratePaisePerKg: line.ratePaisePerKg,
        estimatedGrams: line.grams,
      })),
    );
  }
  await recordAudit(tx, {
    actor: "visitor",
    action: "pickup.requested",
    entity: "pickup",
    entityId: pickup.id,
    after: {
      status: "requested",
      pickupDate: input.pickupDate,
      slotStart: input.pickupTime,
      estimatePaise: estimate,
    },
    extra: { reference: pickup.reference },
  });
  return pickup;
}

/**
 * Books a pickup in one transaction: the date and slot must be bookable at `now`, the PIN
 * code serviceable, every material on the active rate list, and the slot below capacity
 * (counted under a per-slot lock), and the phone number and e-mail below
 * `config.openPickupsPerContact` open pickups each (counted under per-contact locks).
 * The estimate is computed here from current rates. The same idempotency key returns the first
 * booking. `language` is the language of the page it was booked on: its messages and
 * their links use it.
 * @throws PickupRejectedError naming the field to fix.
 */
export async function bookPickup(
  db: Database,
  input: PickupInput,
  now: Date,
  config: PickupConfig,
  language: Lang = "en",
): Promise<BookedPickup & { replayed: boolean }> {
  const problem = slotChoiceProblem(input.pickupDate, input.pickupTime, now, config);
  if (problem) throw slotRefusal(problem);
  checkPinCode(input.pinCode, config);
  try {
    return await db.transaction(async (tx) => {
      const previous = await findByIdempotencyKey(tx, input.idempotencyKey);
      if (previous) return previous;
      const lines = await priceLines(tx, input.items);
      await checkOpenPickupsPerContact(tx, input.phone, input.email, config.openPickupsPerContact);
      await claimSlot(tx, input.pickupDate, input.pickupTime, config.slotCapacity);
      const estimate = checkedEstimate(lines);
      const pickup = await insertBooking(tx, input, lines, estimate, language);
      await enqueuePickupBooked(tx, pickup.id, now);
      return {
        ...pickup,
        estimatePaise: estimate,
        totalGrams: lines.reduce((sum, line) => sum + line.grams, 0),
        replayed: false,
      };
    });
  } catch (error) {
    if (isUniqueViolation(error, "pickups_idempotency_key_unique")) {
      const first = await findByIdempotencyKey(db, input.idempotencyKey);
      if (first) return first;
    }
    throw error;
  }
}

export type PickupView = NonNullable<Awaited<ReturnType<typeof getPickupByToken>>>;

/**
 * The pickup and its estimate lines for a tracking token; null when unknown. The exchange's
 * part of the tracking page (weigh sheets, coupon, payout) is read by `exchangeRecordsOf`
 * (`app/features/exchange/exchange-view.server.ts`). Material names are in `lang` (the
 * material's `name_hi` / `name_kn`, the English one when it has none; docs/languages.md).
 */
export async function getPickupByToken(db: Database, token: string, lang: Lang = "en") {
  if (!isUnguessableToken(token)) return null;
  const [pickup] = await db.select().from(pickups).where(eq(pickups.trackingToken, token));
  if (!pickup) return null;
  const items = await db
    .select({
      id: pickupItems.id,
      material: localisedColumn(lang, scrapMaterials.name, {
        hi: scrapMaterials.nameHi,
        kn: scrapMaterials.nameKn,
      }),
      ratePaisePerKg: pickupItems.ratePaisePerKg,
      estimatedGrams: pickupItems.estimatedGrams,
      weighedGrams: pickupItems.weighedGrams,
    })
    .from(pickupItems)
    .innerJoin(scrapMaterials, eq(scrapMaterials.id, pickupItems.materialId))
    .where(eq(pickupItems.pickupId, pickup.id))
    .orderBy(asc(pickupItems.id));
  return { ...pickup, items };
}

/** Whether the visitor may still cancel or move this pickup at `now`. */
export function visitorCanChange(
  pickup: { status: PickupStatus; pickupDate: string; slotStart: string },
  now: Date,
) {
  return (
    activePickupStatuses.includes(pickup.status) &&
    !slotHasStarted(pickup.pickupDate, pickup.slotStart, now)
  );
}

async function loadForChange(tx: Database, token: string, now: Date) {
  // Locked: two changes of one pickup at once run one after the other (messages count moves).
  const [pickup] = await tx
    .select()
    .from(pickups)
    .where(eq(pickups.trackingToken, token))
    .for("update");
  if (!pickup) throw new PickupRejectedError("errors.pickup.notFound", "form", 404);
  if (!visitorCanChange(pickup, now)) {
    throw new PickupRejectedError("errors.pickup.cannotChange", "form", 409);
  }
  return pickup;
}

/**
 * The visitor cancels until the slot starts; the place in the slot is freed.
 * @throws PickupRejectedError 404 unknown, 409 too late or not active.
 */
export async function cancelPickupByToken(db: Database, token: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const pickup = await loadForChange(tx, token, now);
    assertPickupTransition(pickup.status, "cancelled");
    await tx
      .update(pickups)
      .set({ status: "cancelled", updatedAt: new Date() })
      .where(and(eq(pickups.id, pickup.id), eq(pickups.status, pickup.status)));
    await recordAudit(tx, {
      actor: "visitor",
      action: "pickup.cancelled",
      entity: "pickup",
      entityId: pickup.id,
      before: { status: pickup.status },
      after: { status: "cancelled" },
    });
    await enqueuePickupCancelled(tx, pickup.id);
  });
}

/**
 * Moves the pickup to another open date and slot, until its current slot starts. Capacity of
 * the new slot is checked under its lock, not counting this pickup.
 * @throws PickupRejectedError naming the field to fix.
 */
export async function reschedulePickup(
  db: Database,
  token: string,
  pickupDate: string,
  pickupTime: string,
  now: Date,
  config: PickupConfig,
): Promise<void> {
  const problem = slotChoiceProblem(pickupDate, pickupTime, now, config);
  if (problem) throw slotRefusal(problem);
  await db.transaction(async (tx) => {
    const pickup = await loadForChange(tx, token, now);
    if (pickup.pickupDate === pickupDate && pickup.slotStart === pickupTime) {
      throw new PickupRejectedError("errors.pickup.sameTime", "pickupTime");
    }
    await claimSlot(tx, pickupDate, pickupTime, config.slotCapacity, pickup.id);
    await tx
      .update(pickups)
      .set({ pickupDate, slotStart: pickupTime, updatedAt: new Date() })
      .where(eq(pickups.id, pickup.id));
    await recordAudit(tx, {
      actor: "visitor",
      action: "pickup.rescheduled",
      entity: "pickup",
      entityId: pickup.id,
      ...changedFields(
        { pickupDate: pickup.pickupDate, slotStart: pickup.slotStart },
        { pickupDate, slotStart: pickupTime },
      ),
    });
    await enqueuePickupRescheduled(tx, pickup.id, now);
  });
}
