/**
 * The shop's calendar (docs/operations.md "Closed days"): the days staff closed, such as Diwali
 * or a strike. Nothing can be booked on a closed day; what was booked before stays, and the
 * dashboard counts it. Days are calendar dates in Asia/Kolkata.
 */
import { sql } from "drizzle-orm";
import { check, date, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const closedDates = pgTable(
  "closed_dates",
  {
    day: date("day", { mode: "string" }).primaryKey(),
    /** Why, as staff wrote it (1 to 80 characters), shown on the dashboard only. */
    reason: text("reason").notNull(),
    /** The staff e-mail that closed it. */
    closedBy: text("closed_by").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("closed_dates_reason_length", sql`char_length(${t.reason}) between 1 and 80`)],
);
