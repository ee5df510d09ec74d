/**
 * Booking the pickups of organisations' recurring schedules ahead (docs/corporate.md "Recurring
 * pickups"): the scheduler's daily 'book-site-pickups' job, and the same call when staff add a
 * site, book every date a site's schedule names from tomorrow to {@link BOOKING_HORIZON_DAYS}
 * days ahead (Asia/Kolkata).
 *
 * Each date is one transaction: its `site_pickup_dates` row (primary key site and date) and its
 * pickup. A date already there is left alone, so a run killed half-way and run again (the
 * scheduler's claimed window, ADR 0015) books exactly the dates still missing, and two servers
 * never book one twice. A date the shop closed (docs/operations.md "Closed days") moves to the
 * next open day within {@link MAX_MOVE_DAYS} days and before the schedule's following date, or
 * is skipped; the row says which and why, and the organisation's page shows it.
 *
 * The pickup is an ordinary one (status 'confirmed', the site's address and slot, the
 * organisation's reward and contact e-mail): collectors are assigned, weigh it and have it
 * confirmed as usual (docs/exchange.md). Its booking is not messaged: the schedule was agreed
 * with the organisation; a date moved or skipped is (`organisation_date_changed`, e-mail to the
 * organisation's contact, in the date's transaction).
 */
import { and, asc, eq, gte, inArray, lte } from "drizzle-orm";
import { recordAudit } from "~/db/audit.server";
import type { Database } from "~/db/client.server";
import { enqueueMessage } from "~/db/outbox.server";
import { closedDates } from "~/db/schema/calendar";
import {
  organisationSites,
  organisations,
  type ScheduleOutcome,
  sitePickupDates,
} from "~/db/schema/organisations";
import { pickups } from "~/db/schema/pickups";
import { holdOpenDay } from "~/features/calendar/closed-days.server";
import { humanReference, unguessableToken } from "~/utils/codes.server";
import { addDays, todayInKolkata } from "~/utils/dates";
import {
  BOOKING_HORIZON_DAYS,
  MAX_MOVE_DAYS,
  moveCandidates,
  scheduleDates,
} from "./site-schedule";

/** A site with what its pickups need from it and its organisation. */
type BookableSite = Awaited<ReturnType<typeof bookableSites>>[number];

/** How many dates a run booked on the day, moved and skipped. */
export interface BookingCounts {
  booked: number;
  moved: number;
  skipped: number;
}

async function bookableSites(db: Database, siteId?: number) {
  return db
    .select({
      id: organisationSites.id,
      name: organisationSites.name,
      addressLine1: organisationSites.addressLine1,
      addressLine2: organisationSites.addressLine2,
      city: organisationSites.city,
      pinCode: organisationSites.pinCode,
      contactPhone: organisationSites.contactPhone,
      frequency: organisationSites.frequency,
      weekday: organisationSites.weekday,
      slotStart: organisationSites.slotStart,
      startsOn: organisationSites.startsOn,
      organisation: organisations.name,
      contactEmail: organisations.contactEmail,
      contactName: organisations.contactName,
      reward: organisations.reward,
    })
    .from(organisationSites)
    .innerJoin(organisations, eq(organisations.id, organisationSites.organisationId))
    .where(
      and(
        eq(organisationSites.active, true),
        siteId === undefined ? undefined : eq(organisationSites.id, siteId),
      ),
    )
    .orderBy(asc(organisationSites.id));
}

/** The dates of `site` already handled between `from` and `to`. */
async function handledDates(db: Database, siteId: number, from: string, to: string) {
  const rows = await db
    .select({ dueDate: sitePickupDates.dueDate })
    .from(sitePickupDates)
    .where(
      and(
        eq(sitePickupDates.siteId, siteId),
        gte(sitePickupDates.dueDate, from),
        lte(sitePickupDates.dueDate, to),
      ),
    );
  return new Set(rows.map((row) => row.dueDate));
}

/** Inserts the pickup of `site` on `day`, with its audit row (actor 'system'). */
async function insertSitePickup(tx: Database, site: BookableSite, dueDate: string, day: string) {
  const [pickup] = await tx
    .insert(pickups)
    .values({
      reference: humanReference("PU"),
      trackingToken: unguessableToken(),
      idempotencyKey: `site ${site.id} ${dueDate}`,
      status: "confirmed",
      name: `${site.organisation}, ${site.name}`,
      email: site.contactEmail,
      phone: site.contactPhone,
      addressLine1: site.addressLine1,
      addressLine2: site.addressLine2,
      city: site.city,
      pinCode: site.pinCode,
      pickupDate: day,
      slotStart: site.slotStart,
      rewardPreference: site.reward,
    })
    .returning({ id: pickups.id, reference: pickups.reference });
  if (!pickup) throw new Error("Pickup insert returned nothing");
  await recordAudit(tx, {
    actor: "system",
    action: "pickup.scheduled",
    entity: "pickup",
    entityId: pickup.id,
    after: { status: "confirmed", pickupDate: day, slotStart: site.slotStart },
    extra: { reference: pickup.reference, siteId: site.id, dueDate },
  });
  return pickup.id;
}

/** The reason the shop closed `day`, for the note. */
async function closedReason(tx: Database, day: string): Promise<string> {
  const [row] = await tx
    .select({ reason: closedDates.reason })
    .from(closedDates)
    .where(eq(closedDates.day, day));
  return row?.reason ?? "closed";
}

/**
 * Queues the `organisation_date_changed` e-mail to the organisation's contact: the date moved to
 * `movedTo`, or was skipped (null). One per site and date (its dedupe key).
 */
async function tellOrganisation(
  tx: Database,
  site: BookableSite,
  dueDate: string,
  movedTo: string | null,
  reason: string,
) {
  await enqueueMessage(tx, {
    template: "organisation_date_changed",
    to: { email: site.contactEmail },
    params: {
      name: site.contactName,
      organisation: site.organisation,
      site: site.name,
      dueDate,
      movedTo,
      reason,
      slotStart: site.slotStart,
    },
    dedupeKey: `site-date:${site.id}:${dueDate}`,
  });
}

/**
 * Books one date of `site` in its own transaction; nothing when the date is already handled
 * (by an earlier run or another server).
 * @returns what happened, or null when it was already handled.
 */
async function bookDate(
  db: Database,
  site: BookableSite,
  dueDate: string,
): Promise<ScheduleOutcome | null> {
  return db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(sitePickupDates)
      .values({ siteId: site.id, dueDate, outcome: "skipped" })
      .onConflictDoNothing()
      .returning({ dueDate: sitePickupDates.dueDate });
    if (!claimed) return null;
    let day: string | null = null;
    let note = "";
    let reason = "";
    if (await holdOpenDay(tx, dueDate)) {
      day = dueDate;
    } else {
      reason = await closedReason(tx, dueDate);
      note = `Shop closed on ${dueDate} (${reason})`;
      for (const candidate of moveCandidates(site, dueDate)) {
        if (await holdOpenDay(tx, candidate)) {
          day = candidate;
          break;
        }
      }
      note += day
        ? `: moved to ${day}.`
        : `: skipped, no open day within ${MAX_MOVE_DAYS} days before the next date.`;
    }
    const outcome: ScheduleOutcome =
      day === null ? "skipped" : day === dueDate ? "booked" : "moved";
    if (outcome !== "booked") await tellOrganisation(tx, site, dueDate, day, reason);
    const pickupId = day === null ? null : await insertSitePickup(tx, site, dueDate, day);
    await tx
      .update(sitePickupDates)
      .set({ outcome, pickupId, note })
      .where(and(eq(sitePickupDates.siteId, site.id), eq(sitePickupDates.dueDate, dueDate)));
    return outcome;
  });
}

/**
 * Books the missing dates of every active site's schedule (or of `options.siteId` only) from
 * tomorrow to today + {@link BOOKING_HORIZON_DAYS} at `now`.
 * @param options.afterDate called after each date's transaction committed (the crash test
 *   stops the process there).
 * @returns the counts of dates booked on the day, moved and skipped by this run.
 */
export async function bookSitePickups(
  db: Database,
  now: Date,
  options: { siteId?: number; afterDate?: (counts: BookingCounts) => Promise<void> } = {},
): Promise<BookingCounts> {
  const today = todayInKolkata(now);
  const from = addDays(today, 1);
  const to = addDays(today, BOOKING_HORIZON_DAYS);
  const counts: BookingCounts = { booked: 0, moved: 0, skipped: 0 };
  for (const site of await bookableSites(db, options.siteId)) {
    const handled = await handledDates(db, site.id, from, to);
    for (const dueDate of scheduleDates(site, from, to)) {
      if (handled.has(dueDate)) continue;
      const outcome = await bookDate(db, site, dueDate);
      if (outcome === null) continue;
      counts[outcome] += 1;
      await options.afterDate?.(counts);
    }
  }
  return counts;
}

/**
 * Cancels the open (requested or confirmed) pickups a site's schedule booked from `from` on,
 * inside the caller's transaction, each with its audit row.
 * @returns how many were cancelled.
 */
export async function cancelSitePickupsFrom(
  tx: Database,
  actor: { email: string },
  siteId: number,
  from: string,
): Promise<number> {
  const rows = await tx
    .select({ pickupId: sitePickupDates.pickupId })
    .from(sitePickupDates)
    .where(and(eq(sitePickupDates.siteId, siteId), gte(sitePickupDates.dueDate, from)));
  const ids = rows.flatMap((row) => (row.pickupId === null ? [] : [row.pickupId]));
  if (ids.length === 0) return 0;
  const cancelled = await tx
    .update(pickups)
    .set({ status: "cancelled", updatedAt: new Date() })
    .where(and(inArray(pickups.id, ids), inArray(pickups.status, ["requested", "confirmed"])))
    .returning({ id: pickups.id, reference: pickups.reference });
  for (const pickup of cancelled) {
    await recordAudit(tx, {
      actor,
      action: "pickup.cancelled",
      entity: "pickup",
      entityId: pickup.id,
      after: { status: "cancelled" },
      extra: { reference: pickup.reference, reason: "site schedule stopped" },
    });
  }
  return cancelled.length;
}

/** The organisation and site whose schedule booked pickup `pickupId`; null for a customer's. */
export async function siteOfPickup(
  db: Database,
  pickupId: number,
): Promise<{ organisationId: number; organisation: string; site: string } | null> {
  const [row] = await db
    .select({
      organisationId: organisations.id,
      organisation: organisations.name,
      site: organisationSites.name,
    })
    .from(sitePickupDates)
    .innerJoin(organisationSites, eq(organisationSites.id, sitePickupDates.siteId))
    .innerJoin(organisations, eq(organisations.id, organisationSites.organisationId))
    .where(eq(sitePickupDates.pickupId, pickupId));
  return row ?? null;
}
