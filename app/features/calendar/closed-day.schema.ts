/**
 * The dashboard's "Close a day" form (docs/operations.md "Closed days"): a calendar date
 * (YYYY-MM-DD, as `<input type="date">` sends it) and a reason of 1 to 80 characters. Messages
 * are `dashboard.calendar.*` ids (English: the dashboard's language).
 */
import { z } from "zod";
import { isCalendarDate } from "~/utils/dates";

/** The most characters a reason may have (the table's check says the same). */
export const MAX_REASON_LENGTH = 80;

/** The form's field names. */
export const closedDayFields = ["day", "reason"] as const;

export const closedDaySchema = z.object({
  day: z
    .string()
    .trim()
    .refine((value) => isCalendarDate(value), { message: "dashboard.calendar.dayInvalid" }),
  reason: z
    .string()
    .trim()
    .min(1, "dashboard.calendar.reasonRequired")
    .max(MAX_REASON_LENGTH, "dashboard.calendar.reasonTooLong"),
});

export type ClosedDayInput = z.output<typeof closedDaySchema>;
