/**
 * The collector's visit (docs/exchange.md "Collectors and the route sheet"): 'On my way' and
 * 'Arrived' on the route sheet. Who may act is `doorActionProblem` (collector-access.ts): a
 * collector only on the pickups assigned to them (also before the pickup's date), staff and
 * admins on any, nobody on a cancelled, missed or collected pickup. Each step runs in one
 * transaction with its audit row.
 */
import { eq } from "drizzle-orm";
import { recordAudit } from "~/db/audit.server";
import type { Database } from "~/db/client.server";
import { pickups } from "~/db/schema/pickups";
import { handoverCode } from "~/utils/codes.server";
import { type DoorActor, doorActionProblem } from "./collector-access";
import { ExchangeError } from "./exchange-error";
import { enqueueOnTheWay } from "./exchange-messages.server";
import { latestSheetVersion } from "./weigh-sheet-view.server";

/** A door actor as the audit log names them (the signed-in staff user satisfies it). */
export type AuditedDoorActor = DoorActor & { email: string };

/**
 * The pickup `pickupId`, locked in `tx`, after checking that `actor` may act on it.
 * @throws ExchangeError 404 unknown, 403 not assigned to this collector, 409 cancelled, missed
 *   or collected.
 */
async function pickupAtTheDoor(tx: Database, pickupId: number, actor: DoorActor) {
  const [pickup] = await tx
    .select({
      id: pickups.id,
      status: pickups.status,
      collectorId: pickups.collectorId,
      onTheWayAt: pickups.onTheWayAt,
      arrivedAt: pickups.arrivedAt,
      handoverCode: pickups.handoverCode,
    })
    .from(pickups)
    .where(eq(pickups.id, pickupId))
    .for("update");
  if (!pickup) throw new ExchangeError("errors.pickup.notFound", 404);
  const problem = doorActionProblem(pickup, actor);
  if (problem) throw new ExchangeError(problem.message.id, problem.status, problem.message.values);
  return pickup;
}

/**
 * 'On my way': sets `on_the_way_at` to `now` and, the first time, a 4-digit handover code that
 * the customer's tracking page shows (codes.server.ts `handoverCode`), bound to the pickup's
 * latest weigh sheet version (0 before any; saving a sheet binds or renews it, docs/exchange.md
 * "The handover code"). Tapping it again keeps the code and moves the time. Audit row 'pickup.on_my_way' (before/after time; never the code).
 * @returns the time stored and the pickup's handover code.
 * @throws ExchangeError 404 / 403 / 409 as `pickupAtTheDoor` says.
 */
export async function markOnTheWay(
  db: Database,
  pickupId: number,
  actor: AuditedDoorActor,
  now: Date,
): Promise<{ onTheWayAt: Date; handoverCode: string }> {
  return db.transaction(async (tx) => {
    const pickup = await pickupAtTheDoor(tx, pickupId, actor);
    const code = pickup.handoverCode ?? handoverCode();
    const bound =
      pickup.handoverCode === null
        ? { handoverCodeVersion: await latestSheetVersion(tx, pickupId) }
        : {};
    await tx
      .update(pickups)
      .set({ onTheWayAt: now, handoverCode: code, ...bound, updatedAt: now })
      .where(eq(pickups.id, pickupId));
    await recordAudit(tx, {
      actor: { email: actor.email },
      action: "pickup.on_my_way",
      entity: "pickup",
      entityId: pickupId,
      before: { onTheWayAt: pickup.onTheWayAt?.toISOString() ?? null },
      after: { onTheWayAt: now.toISOString() },
      extra: { handoverCodeIssued: pickup.handoverCode === null },
    });
    if (pickup.onTheWayAt === null) await enqueueOnTheWay(tx, pickupId, actor.name, now);
    return { onTheWayAt: now, handoverCode: code };
  });
}

/**
 * 'Arrived': sets `arrived_at` to `now` (allowed without 'On my way'; tapping again moves the
 * time). Audit row 'pickup.arrived' (before/after time).
 * @throws ExchangeError 404 / 403 / 409 as `pickupAtTheDoor` says.
 */
export async function markArrived(
  db: Database,
  pickupId: number,
  actor: AuditedDoorActor,
  now: Date,
): Promise<{ arrivedAt: Date }> {
  return db.transaction(async (tx) => {
    const pickup = await pickupAtTheDoor(tx, pickupId, actor);
    await tx
      .update(pickups)
      .set({ arrivedAt: now, updatedAt: now })
      .where(eq(pickups.id, pickupId));
    await recordAudit(tx, {
      actor: { email: actor.email },
      action: "pickup.arrived",
      entity: "pickup",
      entityId: pickupId,
      before: { arrivedAt: pickup.arrivedAt?.toISOString() ?? null },
      after: { arrivedAt: now.toISOString() },
    });
    return { arrivedAt: now };
  });
}
