/**
 * Audit log: who changed what and when (docs/product.md, staff dashboard). The actor is a free
 * reference (staff id, 'system', 'visitor') until the staff tables land with the auth library.
 */
import { bigserial, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    actor: text("actor").notNull(),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id"),
    details: jsonb("details").$type<Record<string, unknown>>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("audit_log_entity_idx").on(t.entity, t.entityId),
    // Dashboard audit page: newest first, keyset on (created_at, id), filtered by kind or actor.
    index("audit_log_created_idx").on(t.createdAt, t.id),
    index("audit_log_entity_created_idx").on(t.entity, t.createdAt, t.id),
    index("audit_log_actor_created_idx").on(t.actor, t.createdAt, t.id),
  ],
);
