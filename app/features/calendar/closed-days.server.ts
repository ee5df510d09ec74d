/**
 * The days the shop is closed (docs/operations.md "Closed days"): staff close a day with a reason
 * and reopen it, each change with its audit row (`closed_date.create`, `.delete`; entity
 * `closed_date`) in the same transaction. Bookings ask `holdOpenDay` inside their own
 * transaction: it takes the day's advisory lock shared, and closing takes it exclusively, so a
 * booking and a closing of the same day never pass each other: either the booking commits first
 * (and the dashboard counts it on the closed day) or it is refused. Days are "YYYY-MM-DD" in
 * Asia/Kolkata.
 */
import { and, asc, eq, gte, lte, sql } from "drizzle-orm";
import { recordAudit } from "~/db/audit.server";
import type { Database } from "~/db/client.server";
import { closedDates } from "~/db/schema/calendar";
import { todayInKolkata } from "~/utils/dates";
import { Refusal } from "~/utils/refusal";
import type { ClosedDayInput } from "./closed-day.schema";

/** A refused change of the calendar, with the form field it belongs to. */
export class CalendarError extends Refusal {
  override name = "CalendarError";
  constructor(id: string, status: 404 | 409 | 422, field?: "day") {
    super(id, {}, { status, field });
  }
}

/** A closed day as the dashboard lists it. */
export interface ClosedDay {
  day: string;
  reason: string;
  closedBy: string;
}

/** The advisory lock of one day's bookings and closing. */
function dayLockKey(day: string) {
  return sql`hashtext(${`closed-day ${day}`})`;
}

/** Closed days from `from` on (inclusive), earliest first. */
export async function listClosedDays(db: Database, from: string): Promise<ClosedDay[]> {
  return db
    .select({ day: closedDates.day, reason: closedDates.reason, closedBy: closedDates.closedBy })
    .from(closedDates)
    .where(gte(closedDates.day, from))
    .orderBy(asc(closedDates.day));
}

/** The closed days between `from` and `to` (inclusive), for a booking form's dates. */
export async function closedDaysBetween(
  db: Database,
  from: string,
  to: string,
): Promise<Set<string>> {
  const rows = await db
    .select({ day: closedDates.day })
    .from(closedDates)
    .where(and(gte(closedDates.day, from), lte(closedDates.day, to)));
  return new Set(rows.map((row) => row.day));
}

/**
 * Inside a booking's transaction: holds `day`'s lock shared until the transaction ends, and
 * says whether the shop is open that day (the booking refuses it in its own words when not).
 */
export async function holdOpenDay(tx: Database, day: string): Promise<boolean> {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${dayLockKey(day)})`);
  const [closed] = await tx
    .select({ day: closedDates.day })
    .from(closedDates)
    .where(eq(closedDates.day, day));
  return !closed;
}

/**
 * Closes `input.day` with its reason, audited. Today may be closed (bookings for its later
 * slots stop); a past day may not.
 * @throws CalendarError 422 `dashboard.calendar.dayPassed`, 409 `dashboard.calendar.alreadyClosed`.
 */
export async function closeDay(
  db: Database,
  actor: { email: string },
  input: ClosedDayInput,
  now: Date,
): Promise<void> {
  if (input.day < todayInKolkata(now)) {
    throw new CalendarError("dashboard.calendar.dayPassed", 422, "day");
  }
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${dayLockKey(input.day)})`);
    const inserted = await tx
      .insert(closedDates)
      .values({ day: input.day, reason: input.reason, closedBy: actor.email })
      .onConflictDoNothing()
      .returning({ day: closedDates.day });
    if (inserted.length === 0) {
      throw new CalendarError("dashboard.calendar.alreadyClosed", 409, "day");
    }
    await recordAudit(tx, {
      actor,
      action: "closed_date.create",
      entity: "closed_date",
      entityId: input.day,
      after: { day: input.day, reason: input.reason },
    });
  });
}

/**
 * Opens `day` again, audited with the reason it had.
 * @throws CalendarError 404 `dashboard.calendar.notClosed` when it is not closed.
 */
export async function reopenDay(db: Database, actor: { email: string }, day: string) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${dayLockKey(day)})`);
    const [removed] = await tx
      .delete(closedDates)
      .where(eq(closedDates.day, day))
      .returning({ reason: closedDates.reason });
    if (!removed) throw new CalendarError("dashboard.calendar.notClosed", 404);
    await recordAudit(tx, {
      actor,
      action: "closed_date.delete",
      entity: "closed_date",
      entityId: day,
      before: { day, reason: removed.reason },
    });
  });
}
