/**
 * The dates of a site's recurring pickup schedule (docs/corporate.md "Recurring pickups"), as
 * pure functions of calendar dates ("YYYY-MM-DD", Asia/Kolkata):
 * - weekly: every chosen weekday from the start date on;
 * - fortnightly: the first chosen weekday on or after the start date, then every 14 days;
 * - monthly: the first chosen weekday of every month, from the start date on.
 * A date the shop closed moves to the next open day before the schedule's following date, at
 * most {@link MAX_MOVE_DAYS} days later, or is skipped (docs/operations.md "Closed days").
 * Browser-safe.
 */
import type { ScheduleFrequency } from "~/db/schema/organisations";
import { addDays } from "~/utils/dates";

/** How far ahead schedules are booked: tomorrow to 28 days from today (four weekly pickups). */
export const BOOKING_HORIZON_DAYS = 28;

/** The most days a closed date's pickup moves forward before it is skipped instead. */
export const MAX_MOVE_DAYS = 3;

/** A site's schedule: how often, which ISO weekday (1 Monday … 7 Sunday), from which date. */
export interface SiteSchedule {
  frequency: ScheduleFrequency;
  weekday: number;
  startsOn: string;
}

/** ISO weekday (1 Monday … 7 Sunday) of a calendar date. */
export function isoWeekday(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/** The first date on or after `date` that falls on `weekday`. */
function nextWeekday(date: string, weekday: number): string {
  return addDays(date, (weekday - isoWeekday(date) + 7) % 7);
}

/** The first `weekday` of the month of `date` ("YYYY-MM-01" based). */
function firstWeekdayOfMonth(date: string, weekday: number): string {
  return nextWeekday(`${date.slice(0, 7)}-01`, weekday);
}

/** The first of the month after `date`'s. */
function nextMonth(date: string): string {
  const [year, month] = [Number(date.slice(0, 4)), Number(date.slice(5, 7))];
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, "0")}-01`;
}

/**
 * Every date the schedule names from `from` to `to` (both inclusive), earliest first. Dates
 * before the schedule's start are never named; the fortnightly rhythm counts from the start.
 */
export function scheduleDates(schedule: SiteSchedule, from: string, to: string): string[] {
  const dates: string[] = [];
  if (schedule.frequency === "monthly") {
    for (let month = schedule.startsOn; month <= to; month = nextMonth(month)) {
      const date = firstWeekdayOfMonth(month, schedule.weekday);
      if (date >= schedule.startsOn && date >= from && date <= to) dates.push(date);
    }
    return dates;
  }
  const step = schedule.frequency === "weekly" ? 7 : 14;
  for (let date = nextWeekday(schedule.startsOn, schedule.weekday); date <= to; ) {
    if (date >= from) dates.push(date);
    date = addDays(date, step);
  }
  return dates;
}

/** The schedule's next date after `date` (the limit a closed date's pickup may move to). */
export function followingDate(schedule: SiteSchedule, date: string): string {
  const [next] = scheduleDates(schedule, addDays(date, 1), addDays(date, 62));
  return next ?? addDays(date, 62);
}

/**
 * The days a pickup due on a closed `date` may move to, in order: the days after it, at most
 * {@link MAX_MOVE_DAYS}, and all before the schedule's following date.
 */
export function moveCandidates(schedule: SiteSchedule, date: string): string[] {
  const limit = followingDate(schedule, date);
  const days: string[] = [];
  for (let n = 1; n <= MAX_MOVE_DAYS; n++) {
    const day = addDays(date, n);
    if (day >= limit) break;
    days.push(day);
  }
  return days;
}
