/**
 * Which pickup dates and slots can be booked at a given instant (docs/pickups.md). Pure: the
 * clock is a parameter, so tests inject it. Dates are "YYYY-MM-DD" in Asia/Kolkata. Imports the
 * English catalogue (for `SlotProblem.message`): keep it out of browser code.
 */
import { addDays, isCalendarDate, kolkataInstant, todayInKolkata } from "~/utils/dates";
import { englishText, type MessageRef, type MessageValues } from "~/utils/refusal";
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
 * Why a date and slot cannot be chosen: the field it concerns, the message as an
 * `errors.pickup.*` id with its values (ADR 0024; `refusalText(lang, problem)` words it), and
 * `message`, the English text (for callers that still show English and translate it later).
 */
export interface SlotProblem extends MessageRef {
  field: "pickupDate" | "pickupTime";
  message: string;
}

function problem(field: SlotProblem["field"], id: string, values: MessageValues = {}): SlotProblem {
  return { field, id, values, message: englishText(id, values) };
}

/**
 * Why this date ("YYYY-MM-DD") and slot start ("HH:MM") cannot be booked at `now`; null when
 * they can (capacity aside, which needs the database). Ids: `errors.pickup.chooseDate`,
 * `datePassed`, `dateTooFar` (`{days}`), `chooseTime`, `slotStarted`.
 */
export function slotChoiceProblem(
  date: string,
  slotStart: string,
  now: Date,
  config: PickupConfig,
): SlotProblem | null {
  if (!isCalendarDate(date)) return problem("pickupDate", "errors.pickup.chooseDate");
  const today = todayInKolkata(now);
  const last = addDays(today, config.windowDays - 1);
  if (date < today) return problem("pickupDate", "errors.pickup.datePassed");
  if (date > last) {
    return problem("pickupDate", "errors.pickup.dateTooFar", { days: config.windowDays });
  }
  if (!config.slots.some((slot) => slot.start === slotStart)) {
    return problem("pickupTime", "errors.pickup.chooseTime");
  }
  if (slotHasStarted(date, slotStart, now)) {
    return problem("pickupTime", "errors.pickup.slotStarted");
  }
  return null;
}
