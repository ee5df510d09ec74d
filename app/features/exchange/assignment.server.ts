/**
 * Assigning pickups to collectors (docs/exchange.md "Collectors and the route sheet"): staff and
 * admins give a pickup (or up to MAX_ASSIGN_PICKUPS at once from the list) to an enabled
 * collector account, or take it back. Each change runs in one transaction with one audit row per
 * pickup whose collector changed ('pickup.assigned', before/after collector name).
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import { recordAudit } from "~/db/audit.server";
import type { Database } from "~/db/client.server";
import { pickups } from "~/db/schema/pickups";
import { staffUsers } from "~/db/schema/staff";
import { MAX_ASSIGN_PICKUPS } from "./assignment-fields";
import { doorStatuses } from "./collector-access";
import { ExchangeError } from "./exchange-error";

export { MAX_ASSIGN_PICKUPS };

/** A collector as the assignment selects list them. */
export interface CollectorOption {
  id: string;
  name: string;
  email: string;
}

/** Enabled accounts with role 'collector', by name (then e-mail), for the assignment selects. */
export async function listCollectors(db: Database): Promise<CollectorOption[]> {
  return db
    .select({ id: staffUsers.id, name: staffUsers.name, email: staffUsers.email })
    .from(staffUsers)
    .where(and(eq(staffUsers.role, "collector"), eq(staffUsers.banned, false)))
    .orderBy(asc(staffUsers.name), asc(staffUsers.email));
}

// Refusals are English-only dashboard messages (ADR 0024): `dashboard.assign.*` ids.
const CHOOSE_COLLECTOR = "dashboard.assign.chooseCollector";
const UNKNOWN_PICKUPS = "dashboard.assign.unknownPickups";

/** "Choose at most 200 pickups at a time." on the `pickupId` field (400). */
function tooManyPickups(): ExchangeError {
  return new ExchangeError(
    "dashboard.assign.tooMany",
    400,
    { max: MAX_ASSIGN_PICKUPS },
    "pickupId",
  );
}

/** The enabled collector `collectorId`, read in `tx`. @throws ExchangeError 422 otherwise. */
async function enabledCollector(tx: Database, collectorId: string) {
  const [collector] = await tx
    .select({ id: staffUsers.id, name: staffUsers.name })
    .from(staffUsers)
    .where(
      and(
        eq(staffUsers.id, collectorId),
        eq(staffUsers.role, "collector"),
        eq(staffUsers.banned, false),
      ),
    );
  if (!collector) throw new ExchangeError(CHOOSE_COLLECTOR, 422, {}, "collectorId");
  return collector;
}

/** The ids as a set of positive integers. @throws ExchangeError 400 when empty or too many. */
function checkedIds(pickupIds: readonly number[]): number[] {
  const ids = [...new Set(pickupIds)];
  const problem =
    ids.length === 0
      ? "dashboard.assign.choosePickup"
      : ids.some((id) => !Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647)
        ? UNKNOWN_PICKUPS
        : null;
  if (problem) throw new ExchangeError(problem, 400, {}, "pickupId");
  if (ids.length > MAX_ASSIGN_PICKUPS) throw tooManyPickups();
  return ids;
}

/**
 * The pickups `ids`, locked in `tx` with their current collector's name.
 * @throws ExchangeError 404 for unknown ids, 409 naming the references whose status (collected,
 *   cancelled, missed) no longer allows a visit.
 */
async function assignablePickups(tx: Database, ids: number[]) {
  const rows = await tx
    .select({
      id: pickups.id,
      reference: pickups.reference,
      status: pickups.status,
      collectorId: pickups.collectorId,
    })
    .from(pickups)
    .where(inArray(pickups.id, ids))
    .orderBy(asc(pickups.id))
    .for("update");
  if (rows.length !== ids.length) throw new ExchangeError(UNKNOWN_PICKUPS, 404, {}, "pickupId");
  const refused = rows.filter((row) => !doorStatuses.includes(row.status));
  if (refused.length > 0) {
    const references = refused.map((row) => row.reference).join(", ");
    throw new ExchangeError("dashboard.assign.notAssignable", 409, { references }, "pickupId");
  }
  return rows;
}

/** The names of the accounts `ids` (for the audit rows' before values). */
async function namesOf(tx: Database, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: staffUsers.id, name: staffUsers.name })
    .from(staffUsers)
    .where(inArray(staffUsers.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/**
 * Gives the pickups `pickupIds` to the collector `collectorId` (null takes them back), all or
 * nothing in one transaction, with one audit row per pickup whose collector changed
 * (action 'pickup.assigned', before/after `{ collector: name | null }`); pickups already with
 * that collector are left as they are.
 * @returns how many pickups changed collector.
 * @throws ExchangeError 400 no pickup or more than MAX_ASSIGN_PICKUPS; 404 an unknown pickup;
 *   409 a pickup that is collected, cancelled or missed (the message names the references);
 *   422 `collectorId` is not an enabled collector account.
 */
export async function assignCollector(
  db: Database,
  pickupIds: number[],
  collectorId: string | null,
  actor: { email: string },
): Promise<{ assigned: number }> {
  const ids = checkedIds(pickupIds);
  return db.transaction(async (tx) => {
    const collector = collectorId === null ? null : await enabledCollector(tx, collectorId);
    const rows = await assignablePickups(tx, ids);
    const changing = rows.filter((row) => row.collectorId !== (collector?.id ?? null));
    if (changing.length === 0) return { assigned: 0 };
    const previous = await namesOf(
      tx,
      changing.flatMap((row) => (row.collectorId ? [row.collectorId] : [])),
    );
    await tx
      .update(pickups)
      .set({ collectorId: collector?.id ?? null, updatedAt: new Date() })
      .where(
        inArray(
          pickups.id,
          changing.map((row) => row.id),
        ),
      );
    for (const row of changing) {
      await recordAudit(tx, {
        actor,
        action: "pickup.assigned",
        entity: "pickup",
        entityId: row.id,
        before: { collector: row.collectorId ? (previous.get(row.collectorId) ?? null) : null },
        after: { collector: collector?.name ?? null },
      });
    }
    return { assigned: changing.length };
  });
}

/**
 * Reads a posted assignment form: `pickupId` (one or more positive integers; ignored when
 * `pickupId` is given, the pickup page's form) and `collectorId` ("" = take the pickups back).
 * Hand-checked so that a tampered form gets a clear message.
 * @throws ExchangeError 400 for no, malformed or more than MAX_ASSIGN_PICKUPS ids; 422 for an
 *   over-long collector id.
 */
export function readAssignmentForm(
  form: FormData,
  pickupId?: number,
): { pickupIds: number[]; collectorId: string | null } {
  const raw = form.getAll("pickupId").filter((value): value is string => typeof value === "string");
  if (pickupId === undefined && raw.length > MAX_ASSIGN_PICKUPS) throw tooManyPickups();
  const pickupIds = checkedIds(
    pickupId === undefined
      ? raw.map((value) => (/^[1-9][0-9]{0,9}$/.test(value) ? Number(value) : Number.NaN))
      : [pickupId],
  );
  const collector = form.get("collectorId");
  const collectorId = typeof collector === "string" ? collector.trim() : "";
  if (collectorId.length > 100) throw new ExchangeError(CHOOSE_COLLECTOR, 422, {}, "collectorId");
  return { pickupIds, collectorId: collectorId === "" ? null : collectorId };
}
