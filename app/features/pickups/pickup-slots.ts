/**
 * Which pickup dates and slots can be booked at a given instant (docs/pickups.md). Pure: the
 * clock is a parameter, so tests inject it. Dates are "YYYY-MM-DD" in Asia/Kolkata.
 */
import { addDays, isCalendarDate, kolkataInstant, todayInKolkata } from "~/utils/dates";
import type { PickupConfig } from "./pickup-config";

/** True once the slot's start time has passed (then it can be neither booked nor moved). */
export function slotHasStarted(date: string, slotStart: string, now: Date): boolean {
  return kolkataInstant(date, slotStart).getTime() <= now.getTime();
}

/** Bookable dates: today (if a slot is still ahead) through the end of the window. */
export function bookableDates(now: Date, config: PickupConfig): string[] {
  const today = todayInKolkata(now);
  const dates: string[] = [];
  for (let i = 0; i < config.windowDays; i++) {
    const date = addDays(today, i);
    if (config.slots.some((slot) => !slotHasStarted(date, slot.start, now))) dates.push(date);
  }
  return dates;
}

/**
 * Why this date and slot cannot be booked now, as a message for the visitor; null when it
 * can (capacity aside, which needs the database).
 */
export function slotChoiceProblem(
  date: string,
  slotStart: string,
  now: Date,
  config: PickupConfig,
): { field: "pickupDate" | "pickupTime"; message: string } | null {
  if (!isCalendarDate(date)) return { field: "pickupDate", message: "Choose a pickup date." };
  const today = todayInKolkata(now);
  const last = addDays(today, config.windowDays - 1);
  if (date < today)
    return { field: "pickupDate", message: "This date has passed. Choose today or a later date." };
  if (date > last) {
    return {
      field: "pickupDate",
      message: `We book pickups up to ${config.windowDays} days ahead. Choose an earlier date.`,
    };
  }
  if (!config.slots.some((slot) => slot.start === slotStart)) {
    return { field: "pickupTime", message: "Choose one of the pickup times." };
  }
  if (slotHasStarted(date, slotStart, now)) {
    return {
      field: "pickupTime",
      message: "This pickup time has already started. Choose a later time.",
    };
  }
  return null;
}
