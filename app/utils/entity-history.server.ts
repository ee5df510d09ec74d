/**
 * The history list of a dashboard detail page (docs/dashboard.md): the audit rows of one
 * record, oldest first, each with a one-line summary of what changed.
 */
import { and, asc, eq } from "drizzle-orm";
import type { HistoryItem } from "~/components/dashboard/detail-page";
import type { Database } from "~/db/client.server";
import { auditLog } from "~/db/schema/audit";
import { formatDateTimeIST } from "~/utils/dates";
import { describeAuditDetails } from "./audit-log.server";

/** A numeric route id (1..2^31-1), or null for anything else (the route answers 404). */
export function parseEntityId(value: string | undefined): number | null {
  if (!value || !/^[1-9][0-9]{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}

/** One audit row as shown on a detail page; `at` is Asia/Kolkata text. */
export type HistoryEntry = HistoryItem;

/**
 * "field: before → after; …" for {before, after} details, "from → to" for older rows, else
 * "key: value; …" (raw values: the audit page's `describeAuditDetails` words them for people).
 */
export function summariseAuditDetails(details: Record<string, unknown> | null): string {
  // One wording for the audit page and the detail pages' history: rupees, kg, readable names.
  return describeAuditDetails(details).join("; ");
}

/** Audit rows of one entity (e.g. "order", "pickup"), oldest first (at most 200). */
export async function entityHistory(
  db: Database,
  entity: string,
  entityId: number,
): Promise<HistoryEntry[]> {
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(entityId))))
    .orderBy(asc(auditLog.id))
    .limit(200);
  return rows.map((row) => ({
    id: row.id,
    at: formatDateTimeIST(row.createdAt),
    actor: row.actor,
    action: row.action,
    summary: summariseAuditDetails(row.details),
  }));
}
