/**
 * Writing the audit log (docs/dashboard.md): every change a staff member makes records who, when,
 * what, and the values before and after. Call it inside the transaction that makes the change,
 * so the change and its record commit together or not at all.
 */
import type { Database } from "./client.server";
import { auditLog } from "./schema/audit";

/** Who made a change: a staff member's e-mail, or 'visitor' / 'system'. */
export type AuditActor = { email: string } | "visitor" | "system";

/** Something that can run an insert: the database or an open transaction. */
type Writer = Pick<Database, "insert">;

export interface AuditEntry {
  actor: AuditActor;
  /** Dotted verb, e.g. 'product.update', 'rate.update', 'review.hide', 'staff.disable'. */
  action: string;
  /** Table-ish name: 'order', 'pickup', 'product', 'scrap_material', 'review', 'staff'. */
  entity: string;
  entityId: string | number;
  /** Only the fields that changed, before and after (money in paise, weights in grams). */
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
  /** Anything else worth keeping (e.g. a reason). */
  extra?: Record<string, unknown>;
}

/** The actor column's text for an actor. */
export function actorName(actor: AuditActor): string {
  return typeof actor === "string" ? actor : actor.email;
}

/** Inserts one audit row through `writer` (pass the transaction). */
export async function recordAudit(writer: Writer, entry: AuditEntry): Promise<void> {
  await writer.insert(auditLog).values({
    actor: actorName(entry.actor),
    action: entry.action,
    entity: entry.entity,
    entityId: String(entry.entityId),
    details: { before: entry.before ?? null, after: entry.after ?? null, ...entry.extra },
  });
}

/**
 * The fields of `after` whose value differs from `before`, as a {before, after} pair with
 * only those keys (for update audit entries).
 */
export function changedFields<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
): { before: Partial<T>; after: Partial<T> } {
  const b: Partial<T> = {};
  const a: Partial<T> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (after[key] !== undefined && before[key] !== after[key]) {
      b[key] = before[key];
      a[key] = after[key];
    }
  }
  return { before: b, after: a };
}
