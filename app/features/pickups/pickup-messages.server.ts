/**
 * The messages a booking's events cause (docs/messages.md "Events"): each function writes outbox
 * rows with `enqueueMessage` inside the EVENT'S OWN transaction `tx`, so a rolled-back event
 * leaves no message and a committed one always has its message. Customer messages go to the
 * booking's e-mail and WhatsApp number; staff alerts go by e-mail to SHOP_ALERT_EMAIL (none when
 * it is unset). Dedupe keys make a repeated event add nothing. The exchange's events (on the way,
 * weigh sheet, collected, dispute) are in `app/features/exchange/exchange-messages.server.ts`,
 * built on the helpers exported here.
 *
 * Dates are calendar dates and slots "HH:MM" in Asia/Kolkata; money integer paise; grams.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import {
  enqueueMessage,
  type MessageParamsByTemplate,
  type MessageTemplate,
  type PickupMessageParams,
  skipPendingMessages,
} from "~/db/outbox.server";
import { auditLog } from "~/db/schema/audit";
import { type Pickup, pickups } from "~/db/schema/pickups";
import { localePath } from "~/i18n/languages";
import { addDays, kolkataInstant } from "~/utils/dates";
import { env } from "~/utils/env.server";
import { defaultPickupConfig, type PickupSlot } from "./pickup-config";

/** Why the pending reminders of a pickup were skipped (shown to staff on the message). */
export const REMINDERS_MOVED = "The pickup was moved.";
export const REMINDERS_CANCELLED = "The pickup was cancelled.";
export const REMINDERS_MISSED = "The pickup was missed.";

/** One hour in milliseconds. */
export const HOUR_MS = 60 * 60 * 1000;

/**
 * The address staff alerts go to: SHOP_ALERT_EMAIL, or null when it is unset (then no staff
 * alert row is written at all: a row needs a recipient; docs/messages.md).
 */
export function shopAlertEmail(): string | null {
  return env().messages.shopAlertEmail;
}

/** The label of a configured slot ("11 am – 1 pm"); the raw "HH:MM" for one no longer offered. */
export function slotLabel(
  slotStart: string,
  slots: readonly PickupSlot[] = defaultPickupConfig.slots,
) {
  return slots.find((slot) => slot.start === slotStart)?.label ?? slotStart;
}

/**
 * The parameters every pickup message carries: the tracking link site-relative and in the
 * language the pickup was booked in (`/hi/pickups/<token>`; docs/languages.md).
 */
export function pickupMessageParams(pickup: Pickup): PickupMessageParams {
  return {
    reference: pickup.reference,
    name: pickup.name,
    trackingPath: localePath(pickup.language, `/pickups/${pickup.trackingToken}`),
    pickupDate: pickup.pickupDate,
    slotLabel: slotLabel(pickup.slotStart),
  };
}

/** The pickup row as the transaction sees it now. @throws Error for an unknown id (a bug). */
export async function pickupRow(tx: Database, pickupId: number): Promise<Pickup> {
  const [pickup] = await tx.select().from(pickups).where(eq(pickups.id, pickupId));
  if (!pickup) throw new Error(`Pickup ${pickupId} not found for its messages`);
  return pickup;
}

/** When a message may go: the event's clock, not before, not after (OutboxMessage). */
export interface Timing {
  now?: Date;
  sendAfter?: Date;
  expiresAt?: Date;
}

/**
 * One customer message about `pickup` on both channels (its e-mail and its +91 number), in the
 * language the pickup was booked in.
 */
export function toCustomer<T extends MessageTemplate>(
  tx: Database,
  pickup: Pickup,
  template: T,
  event: string,
  params: MessageParamsByTemplate[T],
  timing: Timing = {},
): Promise<number> {
  return enqueueMessage(tx, {
    template,
    to: { email: pickup.email, whatsapp: pickup.phone },
    params,
    language: pickup.language,
    dedupeKey: `pickup:${pickup.id}:${event}`,
    entity: { type: "pickup", id: pickup.id },
    ...timing,
  });
}

/** One staff alert about `pickup` by e-mail to SHOP_ALERT_EMAIL; nothing when it is unset. */
export async function toStaff<
  T extends "staff_new_booking" | "staff_new_dispute" | "staff_weigh_sheet_approval",
>(
  tx: Database,
  pickup: Pickup,
  template: T,
  event: string,
  params: MessageParamsByTemplate[T],
): Promise<number> {
  const address = shopAlertEmail();
  if (!address) return 0;
  return enqueueMessage(tx, {
    template,
    to: { email: address },
    params,
    language: "en",
    dedupeKey: `pickup:${pickup.id}:${event}`,
    entity: { type: "pickup", id: pickup.id },
  });
}

/**
 * When the two reminders of a pickup on `date` (YYYY-MM-DD) at `slotStart` ("HH:MM") are due, and
 * until when each still makes sense (docs/messages.md "Too late"), all in Asia/Kolkata: the
 * evening one ("Tomorrow: …") from 18:00 the day before until midnight, the hour one ("In about
 * an hour …") from one hour before the slot until the slot starts.
 */
export function reminderTimes(
  date: string,
  slotStart: string,
): { evening: Date; eveningUntil: Date; hour: Date; hourUntil: Date } {
  const slotBegins = kolkataInstant(date, slotStart);
  return {
    evening: kolkataInstant(addDays(date, -1), "18:00"),
    eveningUntil: kolkataInstant(date, "00:00"),
    hour: new Date(slotBegins.getTime() - HOUR_MS),
    hourUntil: slotBegins,
  };
}

/**
 * Enqueues the evening and hour reminders for the pickup's CURRENT date and slot, each unless
 * its time has passed at `now`. Keys name the date and slot (and the move number after a
 * reschedule), so a moved pickup gets reminders for its new slot only, also when it is moved
 * back to a slot it had before.
 */
async function enqueueReminders(tx: Database, pickup: Pickup, now: Date, move: number) {
  const times = reminderTimes(pickup.pickupDate, pickup.slotStart);
  const slot = `${pickup.pickupDate}T${pickup.slotStart}${move > 0 ? `:move${move}` : ""}`;
  const params = pickupMessageParams(pickup);
  if (times.evening > now) {
    await toCustomer(tx, pickup, "pickup_reminder_evening", `reminder-evening:${slot}`, params, {
      sendAfter: times.evening,
      expiresAt: times.eveningUntil,
    });
  }
  if (times.hour > now) {
    await toCustomer(tx, pickup, "pickup_reminder_hour", `reminder-hour:${slot}`, params, {
      sendAfter: times.hour,
      expiresAt: times.hourUntil,
    });
  }
}

/**
 * A new booking (inside `bookPickup`'s transaction; not for an idempotent replay): the
 * confirmation 'pickup_booked', the two reminders, and 'staff_new_booking'.
 */
export async function enqueuePickupBooked(tx: Database, pickupId: number, now: Date) {
  const pickup = await pickupRow(tx, pickupId);
  const params = pickupMessageParams(pickup);
  await toCustomer(tx, pickup, "pickup_booked", "booked", params, { now });
  await enqueueReminders(tx, pickup, now, 0);
  await toStaff(tx, pickup, "staff_new_booking", "staff-new-booking", {
    ...params,
    dashboardPath: `/dashboard/pickups/${pickup.id}`,
  });
}

/** How many times the pickup has been moved, its audit rows counted (this move included). */
async function moveNumber(tx: Database, pickupId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, "pickup"),
        eq(auditLog.entityId, String(pickupId)),
        eq(auditLog.action, "pickup.rescheduled"),
      ),
    );
  return Math.max(1, Number(row?.n ?? 0));
}

/**
 * The pickup was moved (inside the reschedule's transaction, after its audit row): the pending
 * reminders of the old slot are skipped, 'pickup_rescheduled' is enqueued (key
 * `pickup:<id>:rescheduled:<n>`, n the move number) and the reminders of the new slot.
 */
export async function enqueuePickupRescheduled(tx: Database, pickupId: number, now: Date) {
  const pickup = await pickupRow(tx, pickupId);
  const move = await moveNumber(tx, pickupId);
  await skipPendingMessages(
    tx,
    { type: "pickup", id: pickupId },
    `pickup:${pickupId}:reminder`,
    REMINDERS_MOVED,
  );
  await toCustomer(
    tx,
    pickup,
    "pickup_rescheduled",
    `rescheduled:${move}`,
    pickupMessageParams(pickup),
    { now },
  );
  await enqueueReminders(tx, pickup, now, move);
}

/** Skips the pickup's pending reminders with `reason` (missed, cancelled). */
export async function skipPickupReminders(tx: Database, pickupId: number, reason: string) {
  return skipPendingMessages(
    tx,
    { type: "pickup", id: pickupId },
    `pickup:${pickupId}:reminder`,
    reason,
  );
}

/** The pickup was cancelled (by the visitor or by staff): reminders skipped, 'pickup_cancelled'. */
export async function enqueuePickupCancelled(tx: Database, pickupId: number) {
  const pickup = await pickupRow(tx, pickupId);
  await skipPickupReminders(tx, pickupId, REMINDERS_CANCELLED);
  await toCustomer(tx, pickup, "pickup_cancelled", "cancelled", pickupMessageParams(pickup));
}

/** Staff confirmed the pickup: 'pickup_confirmed'. */
export async function enqueuePickupConfirmed(tx: Database, pickupId: number) {
  const pickup = await pickupRow(tx, pickupId);
  await toCustomer(tx, pickup, "pickup_confirmed", "confirmed", pickupMessageParams(pickup));
}

/** Skips the pickup's pending 'weigh_sheet_ready' messages (every version) with `reason`. */
export function skipWeighSheetReady(tx: Database, pickupId: number, reason: string) {
  return skipPendingMessages(
    tx,
    { type: "pickup", id: pickupId },
    `pickup:${pickupId}:weigh-sheet:`,
    reason,
  );
}
