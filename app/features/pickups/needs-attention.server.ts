/**
 * 'Needs attention' on the dashboard overview (docs/dashboard.md, docs/operations.md): pickups
 * whose slot ended more than {@link OVERDUE_AFTER_HOURS} hours ago while still 'requested' or
 * 'confirmed', i.e. nobody recorded the visit (collected, missed or cancelled). A query, not a
 * job: it is always current. Slot times are Asia/Kolkata (pickup-config.ts).
 */
import { and, asc, count, eq, inArray, lt, lte, or } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { type PickupStatus, pickups } from "~/db/schema/pickups";
import { kolkataInstant, todayInKolkata } from "~/utils/dates";
import type { PickupSlot } from "./pickup-config";
import { activePickupStatuses } from "./pickup-status";

/** A slot this long past its end without a recorded visit needs attention, hours. */
export const OVERDUE_AFTER_HOURS = 24;
/** At most this many overdue pickups are listed (the count covers all). */
export const OVERDUE_LIST_LIMIT = 50;

export interface OverduePickup {
  id: number;
  reference: string;
  name: string;
  city: string;
  status: PickupStatus;
  /** "YYYY-MM-DD" and "HH:MM", Asia/Kolkata. */
  pickupDate: string;
  slotStart: string;
}

/** The end of a slot starting at `start` ("HH:MM"): the configured end, or 2 hours later for a slot no longer offered. */
function slotEnd(start: string, slots: readonly PickupSlot[]): string {
  const configured = slots.find((slot) => slot.start === start);
  if (configured) return configured.end;
  const [h, m] = start.split(":").map(Number);
  const minutes = Math.min(24 * 60 - 1, (h ?? 0) * 60 + (m ?? 0) + 120);
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/**
 * The overdue pickups at `now`: the number, and the oldest {@link OVERDUE_LIST_LIMIT} (oldest
 * slot first). A pickup is overdue when its slot's end (Asia/Kolkata) is more than
 * {@link OVERDUE_AFTER_HOURS} hours before `now` and it is still requested or confirmed.
 * @param slots the configured slots (their ends); other slot starts count as 2-hour slots.
 */
export async function listOverduePickups(
  db: Database,
  now: Date,
  slots: readonly PickupSlot[],
): Promise<{ count: number; pickups: OverduePickup[] }> {
  const cutoff = new Date(now.getTime() - OVERDUE_AFTER_HOURS * 60 * 60_000);
  const cutoffDate = todayInKolkata(cutoff);
  const active = inArray(pickups.status, [...activePickupStatuses]);
  // Every slot of an earlier day ended before the cutoff; on the cutoff's day only some did.
  const onCutoffDay = await db
    .selectDistinct({ slotStart: pickups.slotStart })
    .from(pickups)
    .where(and(active, eq(pickups.pickupDate, cutoffDate)));
  const endedStarts = onCutoffDay
    .map((row) => row.slotStart)
    .filter((start) => kolkataInstant(cutoffDate, slotEnd(start, slots)) <= cutoff);
  // The explicit upper bound lets PostgreSQL read `pickups_active_date_slot_idx` as a range.
  const overdue = and(
    active,
    lte(pickups.pickupDate, cutoffDate),
    endedStarts.length > 0
      ? or(
          lt(pickups.pickupDate, cutoffDate),
          and(eq(pickups.pickupDate, cutoffDate), inArray(pickups.slotStart, endedStarts)),
        )
      : lt(pickups.pickupDate, cutoffDate),
  );
  const [total] = await db.select({ n: count() }).from(pickups).where(overdue);
  const rows = await db
    .select({
      id: pickups.id,
      reference: pickups.reference,
      name: pickups.name,
      city: pickups.city,
      status: pickups.status,
      pickupDate: pickups.pickupDate,
      slotStart: pickups.slotStart,
    })
    .from(pickups)
    .where(overdue)
    .orderBy(asc(pickups.pickupDate), asc(pickups.slotStart), asc(pickups.id))
    .limit(OVERDUE_LIST_LIMIT);
  return { count: total?.n ?? 0, pickups: rows };
}
