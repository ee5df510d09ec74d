/**
 * Where a pickup is in the process, as its tracking page shows it (docs/pickups.md "The
 * tracking page's line of steps", docs/exchange.md "The customer's tracking page"): a line of
 * steps booked → confirmed → on the way → weighed → collected, each reached step with its time
 * in Asia/Kolkata, the current one marked, and a disputed, cancelled or missed pickup ending the
 * line honestly; and, from 'On my way' until the collection, the collector's first name and
 * call link.
 *
 * The times are read from what the app already stores (ADR 0029): `pickups.created_at`
 * (booked), `on_the_way_at` (or `arrived_at` when 'On my way' was never tapped), the current
 * weigh sheet's `created_at` and `decided_at`, `collected_at`, and the audit log for what has
 * no column of its own: the first `pickup.confirmed` or `pickup.assigned` row (confirmed) and
 * the last `pickup.cancelled`, `pickup.missed` or `weigh_sheet.closed` row (the end of a
 * pickup that did not happen).
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { auditLog } from "~/db/schema/audit";
import type { PickupStatus } from "~/db/schema/pickups";
import { staffUsers } from "~/db/schema/staff";
import type { Lang } from "~/i18n/languages";
import { formatDateTimeIST } from "~/utils/dates";
import { formatIndianMobile } from "~/utils/phone";
import type { ExchangePickup } from "./exchange-view.server";

/** The steps of the line, in order, and the ends a pickup may come to instead. */
export const trackingStepKeys = [
  "booked",
  "confirmed",
  "onTheWay",
  "weighed",
  "corrected",
  "disputed",
  "collected",
  "cancelled",
  "missed",
] as const;
export type TrackingStepKey = (typeof trackingStepKeys)[number];

/**
 * One step: `done` reached earlier, `current` where the pickup is now (aria-current="step"),
 * `upcoming` still ahead. `at` is the time as people read it (Asia/Kolkata, the page's
 * language) and `iso` the instant for `<time dateTime>`; both null when the time is not known
 * (a step passed over, e.g. weighed without 'On my way' tapped).
 */
export interface TrackingStep {
  key: TrackingStepKey;
  state: "done" | "current" | "upcoming";
  at: string | null;
  iso: string | null;
}

/** The collector as the customer sees them: the first name only, the call link when known. */
export interface CollectorContact {
  firstName: string;
  /** `tel:+91XXXXXXXXXX`, or null when the account has no phone. */
  telHref: string | null;
  /** `+91 98450 12345`, or null. */
  phone: string | null;
}

/** What the tracking page needs beside the pickup and its sheets; see `trackingRecordsOf`. */
export interface TrackingRecords {
  /** First confirmation or assignment to a collector (audit log). */
  confirmedAt: Date | null;
  /** Last cancellation, 'missed' or closed dispute (audit log). */
  endedAt: Date | null;
  /** The assigned collector's account; null when unassigned. */
  collector: { name: string; phone: string | null } | null;
}

const CONFIRMING = ["pickup.confirmed", "pickup.assigned"];
const ENDING = ["pickup.cancelled", "pickup.missed", "weigh_sheet.closed"];

/** Statuses in which the collector's name and call link are shown (from 'On my way'). */
const visitStatuses: readonly PickupStatus[] = ["requested", "confirmed", "weighed"];

/**
 * Reads the confirmation and end times from the audit log and the assigned collector's name
 * and phone (`staff_user.phone`, `+91XXXXXXXXXX` or null) for the pickup `pickup`.
 */
export async function trackingRecordsOf(
  db: Database,
  pickup: { id: number; collectorId: string | null },
): Promise<TrackingRecords> {
  const rows = await db
    .select({ action: auditLog.action, createdAt: auditLog.createdAt })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, "pickup"),
        eq(auditLog.entityId, String(pickup.id)),
        inArray(auditLog.action, [...CONFIRMING, ...ENDING]),
      ),
    )
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
  const confirmedAt = rows.find((row) => CONFIRMING.includes(row.action))?.createdAt ?? null;
  const endedAt = rows.findLast((row) => ENDING.includes(row.action))?.createdAt ?? null;
  const [collector] = pickup.collectorId
    ? await db
        .select({ name: staffUsers.name, phone: staffUsers.phone })
        .from(staffUsers)
        .where(eq(staffUsers.id, pickup.collectorId))
    : [];
  return { confirmedAt, endedAt, collector: collector ?? null };
}

/** The first word of a name ("Ramesh Kumar" → "Ramesh"): never the surname. */
export function firstNameOf(name: string): string {
  return name.trim().split(/\s+/u)[0] ?? "";
}

type ProgressPickup = ExchangePickup & TrackingRecords;

/** The steps reached so far (the ones after a gap get no time), before marking the current. */
function reachedSteps(pickup: ProgressPickup): Map<TrackingStepKey, Date | null> {
  const [current] = pickup.sheets;
  const weighed =
    current !== undefined && pickup.status !== "requested" && pickup.status !== "confirmed";
  const onTheWay = pickup.onTheWayAt ?? pickup.arrivedAt;
  const confirmed =
    pickup.confirmedAt !== null ||
    pickup.collectorId !== null ||
    pickup.status !== "requested" ||
    onTheWay !== null;
  const reached = new Map<TrackingStepKey, Date | null>([["booked", pickup.createdAt]]);
  const collected = pickup.status === "collected";
  // A later step reached means the earlier ones were passed, even without a stored time.
  if (confirmed || weighed || collected) reached.set("confirmed", pickup.confirmedAt);
  if (onTheWay || weighed || collected) reached.set("onTheWay", onTheWay);
  if (weighed || collected) {
    reached.set(
      current && current.version > 1 ? "corrected" : "weighed",
      current?.createdAt ?? null,
    );
  }
  return reached;
}

/**
 * The line of steps of the tracking page, in order, in `lang` (Asia/Kolkata times). The
 * pickup's own status decides the end: collected marks 'collected' current; disputed adds
 * 'disputed' (the current sheet's decision time) with 'collected' still ahead; cancelled or
 * missed ends the line there (no step ahead). Otherwise the last step reached is current.
 */
export function presentTrackingSteps(pickup: ProgressPickup, lang: Lang): TrackingStep[] {
  const reached = reachedSteps(pickup);
  const [current] = pickup.sheets;
  let ending: [TrackingStepKey, Date | null] | null = null;
  if (pickup.status === "collected") ending = ["collected", pickup.collectedAt];
  else if (pickup.status === "disputed") ending = ["disputed", current?.decidedAt ?? null];
  else if (pickup.status === "cancelled" || pickup.status === "missed") {
    ending = [pickup.status, pickup.endedAt ?? current?.decidedAt ?? null];
  }
  if (ending) reached.set(ending[0], ending[1]);
  const entries = [...reached.entries()];
  const steps: TrackingStep[] = entries.map(([key, at], i) => ({
    key,
    state: i === entries.length - 1 ? "current" : "done",
    at: at ? formatDateTimeIST(at, lang) : null,
    iso: at ? at.toISOString() : null,
  }));
  if (pickup.status === "cancelled" || pickup.status === "missed") return steps;
  const ahead: TrackingStepKey[] = ["confirmed", "onTheWay", "weighed", "collected"];
  const passed = new Set<TrackingStepKey>(reached.keys());
  if (passed.has("corrected")) passed.add("weighed");
  for (const key of ahead) {
    if (!passed.has(key)) steps.push({ key, state: "upcoming", at: null, iso: null });
  }
  return steps;
}

/**
 * The collector's first name and call link, shown from 'On my way' while the visit lasts
 * (pickup requested, confirmed or weighed); null before 'On my way', once collected, disputed
 * (staff take over), cancelled or missed, or without a collector. The phone is given only when
 * the staff account has one.
 */
export function presentCollector(pickup: ProgressPickup): CollectorContact | null {
  const collector = pickup.collector;
  if (!collector || pickup.onTheWayAt === null || !visitStatuses.includes(pickup.status)) {
    return null;
  }
  const firstName = firstNameOf(collector.name);
  if (!firstName) return null;
  return {
    firstName,
    telHref: collector.phone ? `tel:${collector.phone}` : null,
    phone: collector.phone ? formatIndianMobile(collector.phone) : null,
  };
}
