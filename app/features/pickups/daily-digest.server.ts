/**
 * The 07:00 digest for staff (docs/messages.md "Reminders, alerts and the digest"): once a day,
 * from 07:00 Asia/Kolkata, one 'staff_daily_digest' e-mail to SHOP_ALERT_EMAIL listing the day's
 * active pickups (requested or confirmed) by slot. Every server's dispatcher calls
 * `ensureDailyDigest` before it claims messages; the dedupe key `digest:YYYY-MM-DD` with
 * ON CONFLICT DO NOTHING makes exactly one row however many servers call it, however often.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { enqueueMessage } from "~/db/outbox.server";
import { messages } from "~/db/schema/messages";
import { pickups } from "~/db/schema/pickups";
import { kolkataInstant, todayInKolkata } from "~/utils/dates";
import { env } from "~/utils/env.server";
import type { PickupSlot } from "./pickup-config";
import { activePickupStatuses } from "./pickup-status";

/** The time of day the digest becomes due, "HH:MM" Asia/Kolkata. */
export const DIGEST_TIME = "07:00";

/** The dedupe key of the digest of `date` ("YYYY-MM-DD", Asia/Kolkata). */
export function digestKey(date: string): string {
  return `digest:${date}`;
}

/** The digest's parameters: the day's active pickups grouped by the configured slots, in order. */
async function digestParams(db: Database, date: string, slots: readonly PickupSlot[]) {
  const rows = await db
    .select({
      reference: pickups.reference,
      name: pickups.name,
      city: pickups.city,
      status: pickups.status,
      slotStart: pickups.slotStart,
    })
    .from(pickups)
    .where(and(eq(pickups.pickupDate, date), inArray(pickups.status, [...activePickupStatuses])))
    .orderBy(asc(pickups.slotStart), asc(pickups.id));
  const known = new Set(slots.map((slot) => slot.start));
  const grouped = slots.map((slot) => ({ start: slot.start, label: slot.label }));
  // A pickup in a slot no longer offered still appears, under its start time.
  for (const row of rows) {
    if (!known.has(row.slotStart)) {
      known.add(row.slotStart);
      grouped.push({ start: row.slotStart, label: row.slotStart });
    }
  }
  return {
    date,
    slots: grouped
      .map((slot) => ({
        label: slot.label,
        pickups: rows
          .filter((row) => row.slotStart === slot.start)
          .map(({ reference, name, city, status }) => ({ reference, name, city, status })),
      }))
      .filter((slot) => slot.pickups.length > 0),
  };
}

/**
 * Inserts today's digest row when it is due: `now` at or after 07:00 Asia/Kolkata, an alert
 * address set, and no digest row for today yet. Safe to call every few seconds from several
 * servers at once: one row per day (ON CONFLICT DO NOTHING on its dedupe key). A day with no
 * pickup still gets its digest (saying so), so staff know the mail is working.
 * @param slots the configured pickup slots (pickup-config.ts), for the grouping and labels.
 * @param alertEmail SHOP_ALERT_EMAIL by default; null or empty: nothing is written.
 * @returns true when this call inserted the row.
 */
export async function ensureDailyDigest(
  db: Database,
  now: Date,
  slots: readonly PickupSlot[],
  alertEmail: string | null = env().messages.shopAlertEmail,
): Promise<boolean> {
  if (!alertEmail) return false;
  const date = todayInKolkata(now);
  const dueAt = kolkataInstant(date, DIGEST_TIME);
  if (now < dueAt) return false;
  const key = digestKey(date);
  const [existing] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.dedupeKey, key), eq(messages.channel, "email")));
  if (existing) return false;
  const added = await enqueueMessage(db, {
    template: "staff_daily_digest",
    to: { email: alertEmail },
    params: await digestParams(db, date, slots),
    language: "en",
    dedupeKey: key,
    sendAfter: dueAt,
    entity: { type: "digest", id: date },
  });
  return added > 0;
}
