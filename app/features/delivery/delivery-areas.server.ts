/**
 * Staff's delivery areas in the database (docs/shop.md "Delivery areas", ADR 0042): listed by
 * prefix, added, changed and removed, each change with its audit row (`delivery_area.create`,
 * `.update`, `.delete`; entity `delivery_area`) in the same transaction. The values are checked
 * by the page's form; the table's checks refuse anything that slips through. Money in paise.
 */
import { asc, eq, sql } from "drizzle-orm";
import { changedFields, recordAudit } from "~/db/audit.server";
import type { Database } from "~/db/client.server";
import { deliveryAreas } from "~/db/schema/delivery";
import { Refusal } from "~/utils/refusal";
import type { DeliveryArea } from "./delivery-quote";

/** A refused change, with the form field it belongs to. */
export class DeliveryAreaError extends Refusal {
  override name = "DeliveryAreaError";
  constructor(id: string, status: 404 | 409, values: Record<string, string> = {}) {
    super(id, values, { status, field: status === 409 ? "prefix" : undefined });
  }
}

/** An area's values as staff set them (every field of DeliveryArea but its id). */
export type DeliveryAreaInput = Omit<DeliveryArea, "id">;

const columns = {
  id: deliveryAreas.id,
  prefix: deliveryAreas.prefix,
  name: deliveryAreas.name,
  chargePaise: deliveryAreas.chargePaise,
  freeFromPaise: deliveryAreas.freeFromPaise,
  minDays: deliveryAreas.minDays,
  maxDays: deliveryAreas.maxDays,
  cashOnDelivery: deliveryAreas.cashOnDelivery,
  cashOnDeliveryMaxPaise: deliveryAreas.cashOnDeliveryMaxPaise,
};

/** Every delivery area, by prefix ('5' before '56' before '560'). */
export async function listDeliveryAreas(db: Database): Promise<DeliveryArea[]> {
  return db.select(columns).from(deliveryAreas).orderBy(asc(deliveryAreas.prefix));
}

/** The prefix already taken by another area, as a refusal. */
async function assertPrefixFree(tx: Database, prefix: string, exceptId: number | null) {
  const [taken] = await tx
    .select({ id: deliveryAreas.id })
    .from(deliveryAreas)
    .where(eq(deliveryAreas.prefix, prefix));
  if (taken && taken.id !== exceptId) {
    throw new DeliveryAreaError("dashboard.delivery.prefixTaken", 409, { prefix });
  }
}

/**
 * Adds an area (`id` null) or changes one, with its audit row (a change records only the fields
 * that changed; nothing changed writes nothing).
 * @returns the area's id.
 * @throws DeliveryAreaError 409 when another area has the prefix, 404 when `id` is gone.
 */
export async function saveDeliveryArea(
  db: Database,
  actor: { email: string },
  id: number | null,
  input: DeliveryAreaInput,
): Promise<number> {
  return db.transaction(async (tx) => {
    // One writer at a time: two staff adding the same prefix must not both pass the check.
    await tx.execute(sql`lock table ${deliveryAreas} in share row exclusive mode`);
    await assertPrefixFree(tx, input.prefix, id);
    if (id === null) {
      const [row] = await tx
        .insert(deliveryAreas)
        .values(input)
        .returning({ id: deliveryAreas.id });
      if (!row) throw new Error("delivery_areas: the insert returned no row");
      await recordAudit(tx, {
        actor,
        action: "delivery_area.create",
        entity: "delivery_area",
        entityId: row.id,
        after: { ...input },
      });
      return row.id;
    }
    const [current] = await tx
      .select(columns)
      .from(deliveryAreas)
      .where(eq(deliveryAreas.id, id))
      .for("update");
    if (!current) throw new DeliveryAreaError("dashboard.delivery.areaNotFound", 404);
    const { id: _id, ...before } = current;
    const changed = changedFields(before, input);
    if (Object.keys(changed.after).length === 0) return id;
    await tx
      .update(deliveryAreas)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(deliveryAreas.id, id));
    await recordAudit(tx, {
      actor,
      action: "delivery_area.update",
      entity: "delivery_area",
      entityId: id,
      before: changed.before,
      after: changed.after,
      extra: { prefix: current.prefix },
    });
    return id;
  });
}

/**
 * Removes an area; PIN codes it served are then served by a shorter prefix, or not at all.
 * Orders keep the charge they were placed with.
 * @returns the removed area's prefix.
 * @throws DeliveryAreaError 404 when it is already gone.
 */
export async function deleteDeliveryArea(
  db: Database,
  actor: { email: string },
  id: number,
): Promise<string> {
  return db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(deliveryAreas)
      .where(eq(deliveryAreas.id, id))
      .returning(columns);
    if (!gone) throw new DeliveryAreaError("dashboard.delivery.areaNotFound", 404);
    const { id: _id, ...before } = gone;
    await recordAudit(tx, {
      actor,
      action: "delivery_area.delete",
      entity: "delivery_area",
      entityId: id,
      before,
    });
    return gone.prefix;
  });
}
