/**
 * The route sheet (docs/exchange.md "Collectors and the route sheet"): the day's assigned
 * pickups, grouped by pickup slot in slot order, each with what the collector needs at the door
 * (contact links, address, estimate, reward). A collector sees only their own pickups; staff
 * and admins see every assigned pickup of the day, optionally one collector's.
 *
 * Dates are calendar dates in Asia/Kolkata; money is integer paise; weights integer grams.
 */
import { and, asc, eq, inArray, isNotNull, notInArray, type SQL } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { localisedColumn } from "~/db/localised-column.server";
import { type PickupStatus, pickupItems, pickups } from "~/db/schema/pickups";
import { scrapMaterials } from "~/db/schema/rates";
import { staffUsers } from "~/db/schema/staff";
import type { PickupSlot } from "~/features/pickups/pickup-config";
import { t } from "~/i18n/i18n.server";
import type { Lang } from "~/i18n/languages";
import { addDays, formatDateTimeIST, isCalendarDate, todayInKolkata } from "~/utils/dates";
import { whatsAppChatUrl } from "~/utils/phone";
import type { MessageRef } from "~/utils/refusal";
import { type DoorActor, doorActionProblem } from "./collector-access";

/** Statuses left off the route sheet: nobody goes to these doors. */
const offRouteStatuses: PickupStatus[] = ["cancelled", "missed"];

/** How the route sheet shows the reward the customer chose. */
export const rewardLabels = { plants: "Plants", coupon: "Coupon", money: "Money" } as const;

/**
 * The day the route sheet shows: `?date=YYYY-MM-DD` (2000–2099), or today in Asia/Kolkata at
 * `now`, with a message (`collector.route.dateProblem`, render with `t(lang, id, values)`)
 * when the parameter was there but not a date.
 */
export function routeSheetDate(
  param: string | null,
  now: Date,
): { date: string; problem: MessageRef | null } {
  const value = (param ?? "").trim();
  if (!value) return { date: todayInKolkata(now), problem: null };
  if (isCalendarDate(value) && value >= "2000-01-01" && value <= "2099-12-31") {
    return { date: value, problem: null };
  }
  return {
    date: todayInKolkata(now),
    problem: { id: "collector.route.dateProblem", values: { example: "2026-11-23" } },
  };
}

/**
 * The links of a card: `tel:+91…`, WhatsApp `https://wa.me/91XXXXXXXXXX` (10 digits after 91)
 * and a Google Maps search for "address lines, city, PIN code".
 * @param phone E.164 `+91XXXXXXXXXX` as stored.
 */
export function doorLinks(pickup: {
  phone: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  pinCode: string;
}): { tel: string; whatsapp: string; map: string } {
  const digits = pickup.phone.replace(/\D/g, "").slice(-10);
  const address = [pickup.addressLine1, pickup.addressLine2, pickup.city, pickup.pinCode]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(", ");
  return {
    tel: `tel:+91${digits}`,
    whatsapp: whatsAppChatUrl(pickup.phone),
    map: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`,
  };
}

/** One pickup of the route sheet (times already in Asia/Kolkata text). */
export interface RouteCard {
  id: number;
  reference: string;
  status: PickupStatus;
  name: string;
  /** `+91XXXXXXXXXX`. */
  phone: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  pinCode: string;
  slotStart: string;
  estimatePaise: number;
  /** The estimate per material, grams. */
  estimate: { material: string; grams: number }[];
  reward: (typeof rewardLabels)[keyof typeof rewardLabels];
  /** The reward chosen, as stored (for its words in the viewer's language). */
  rewardPreference: keyof typeof rewardLabels;
  collectorName: string | null;
  onTheWayAt: string | null;
  arrivedAt: string | null;
  links: { tel: string; whatsapp: string; map: string };
  /** Whether the viewer may tap 'On my way' / 'Arrived' (collector-access.ts). */
  canAct: boolean;
}

/** One slot of the day with its pickups, in slot order. */
export interface RouteSlotGroup {
  start: string;
  label: string;
  pickups: RouteCard[];
}

export interface RouteSheet {
  date: string;
  previousDate: string;
  nextDate: string;
  groups: RouteSlotGroup[];
  count: number;
}

/** The day's pickups for the viewer, in slot and booking order, with the collector's name. */
async function dayPickups(db: Database, date: string, where: SQL[]) {
  return db
    .select({
      id: pickups.id,
      reference: pickups.reference,
      status: pickups.status,
      name: pickups.name,
      phone: pickups.phone,
      addressLine1: pickups.addressLine1,
      addressLine2: pickups.addressLine2,
      city: pickups.city,
      pinCode: pickups.pinCode,
      slotStart: pickups.slotStart,
      estimatePaise: pickups.estimatePaise,
      rewardPreference: pickups.rewardPreference,
      collectorId: pickups.collectorId,
      collectorName: staffUsers.name,
      onTheWayAt: pickups.onTheWayAt,
      arrivedAt: pickups.arrivedAt,
    })
    .from(pickups)
    .leftJoin(staffUsers, eq(staffUsers.id, pickups.collectorId))
    .where(
      and(eq(pickups.pickupDate, date), notInArray(pickups.status, offRouteStatuses), ...where),
    )
    .orderBy(asc(pickups.slotStart), asc(pickups.id));
}

/** The estimate lines of `ids` by pickup id (material name and grams, line order). */
async function estimates(db: Database, ids: number[], lang: Lang) {
  const byPickup = new Map<number, { material: string; grams: number }[]>();
  if (ids.length === 0) return byPickup;
  const lines = await db
    .select({
      pickupId: pickupItems.pickupId,
      material: localisedColumn(lang, scrapMaterials.name, {
        hi: scrapMaterials.nameHi,
        kn: scrapMaterials.nameKn,
      }),
      grams: pickupItems.estimatedGrams,
    })
    .from(pickupItems)
    .innerJoin(scrapMaterials, eq(scrapMaterials.id, pickupItems.materialId))
    .where(and(inArray(pickupItems.pickupId, ids), isNotNull(pickupItems.estimatedGrams)))
    .orderBy(asc(pickupItems.id));
  for (const line of lines) {
    const list = byPickup.get(line.pickupId) ?? [];
    list.push({ material: line.material, grams: line.grams ?? 0 });
    byPickup.set(line.pickupId, list);
  }
  return byPickup;
}

/**
 * The cards grouped by the configured slots in order; a slot no longer configured gets its own
 * group, "From HH:MM" in `lang`.
 */
function groupBySlot(
  cards: RouteCard[],
  slots: readonly PickupSlot[],
  lang: Lang,
): RouteSlotGroup[] {
  const groups: RouteSlotGroup[] = slots.map((slot) => ({
    start: slot.start,
    label: slot.label,
    pickups: cards.filter((card) => card.slotStart === slot.start),
  }));
  const known = new Set(slots.map((slot) => slot.start));
  for (const card of cards) {
    if (known.has(card.slotStart)) continue;
    let group = groups.find((g) => g.start === card.slotStart);
    if (!group) {
      const label = t(lang, "collector.route.fromTime", { time: card.slotStart });
      group = { start: card.slotStart, label, pickups: [] };
      groups.push(group);
    }
    group.pickups.push(card);
  }
  return groups
    .filter((group) => group.pickups.length > 0)
    .sort((a, b) => a.start.localeCompare(b.start));
}

/**
 * The route sheet of `date` ("YYYY-MM-DD", Asia/Kolkata) for `viewer`: a collector gets the
 * pickups assigned to them; staff and admins every assigned pickup, or `collectorId`'s only.
 * Cancelled and missed pickups are left off; empty slots are left out.
 * @param slots the configured pickup slots (app/features/pickups/pickup-config.ts), in order,
 * with their labels in `lang`.
 * @param lang the viewer's language (docs/languages.md "Staff language"): material names and
 * visit times in it; English by default.
 * @throws RangeError when `date` is not a calendar date (check it with `routeSheetDate`).
 */
export async function getRouteSheet(
  db: Database,
  options: {
    date: string;
    viewer: Pick<DoorActor, "id" | "role">;
    collectorId?: string | null;
    slots: readonly PickupSlot[];
    lang?: Lang;
  },
): Promise<RouteSheet> {
  const { date, viewer, slots } = options;
  const lang = options.lang ?? "en";
  const previousDate = addDays(date, -1);
  const who =
    viewer.role === "collector"
      ? eq(pickups.collectorId, viewer.id)
      : options.collectorId
        ? eq(pickups.collectorId, options.collectorId)
        : isNotNull(pickups.collectorId);
  const rows = await dayPickups(db, date, [who]);
  const lines = await estimates(
    db,
    rows.map((row) => row.id),
    lang,
  );
  const cards = rows.map(
    (row): RouteCard => ({
      id: row.id,
      reference: row.reference,
      status: row.status,
      name: row.name,
      phone: row.phone,
      addressLine1: row.addressLine1,
      addressLine2: row.addressLine2,
      city: row.city,
      pinCode: row.pinCode,
      slotStart: row.slotStart,
      estimatePaise: row.estimatePaise,
      estimate: lines.get(row.id) ?? [],
      reward: rewardLabels[row.rewardPreference],
      rewardPreference: row.rewardPreference,
      collectorName: row.collectorName,
      onTheWayAt: row.onTheWayAt ? formatDateTimeIST(row.onTheWayAt, lang) : null,
      arrivedAt: row.arrivedAt ? formatDateTimeIST(row.arrivedAt, lang) : null,
      links: doorLinks(row),
      canAct: doorActionProblem(row, viewer) === null,
    }),
  );
  return {
    date,
    previousDate,
    nextDate: addDays(date, 1),
    groups: groupBySlot(cards, slots, lang),
    count: cards.length,
  };
}
