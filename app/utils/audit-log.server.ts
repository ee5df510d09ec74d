/**
 * Reading the audit log (docs/dashboard.md): newest first, filtered by entity, entity id, actor and
 * a date range (Asia/Kolkata days), keyset-paginated, with each entry's before → after told in
 * words, and the same rows as CSV (docs/dashboard.md "Lists"). Read only: entries are written by
 * `recordAudit` in the transaction of each change.
 */
import { and, asc, desc, eq, gte, lt, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { auditLog } from "~/db/schema/audit";
import { staffUsers } from "~/db/schema/staff";
import { addDays, formatDateTimeIST, isCalendarDate, kolkataInstant } from "~/utils/dates";
import { formatPaise } from "~/utils/money";
import { auditEntities } from "./audit-entities";
import { csvRowsOf } from "./csv.server";
import { PAGE_SIZE, rowsOfEveryPage } from "./keyset.server";
import { epochMicros, olderThanCursor, pageOf } from "./keyset-time.server";
import { codeInWords } from "./shop-words";

const calendarDate = z
  .string()
  .trim()
  .refine((value) => value === "" || isCalendarDate(value), "dashboard.audit.dateInvalid")
  .transform((value) => value || undefined);

/**
 * Filters of the audit page and its CSV export; messages are `dashboard.audit.*` ids (ADR 0024),
 * rendered by `fieldErrorTexts("en", issues)`.
 */
export const auditFiltersSchema = z
  .object({
    entity: z
      .union([z.literal(""), z.enum(auditEntities)], { error: "dashboard.audit.entityInvalid" })
      .transform((value) => value || undefined),
    entityId: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{0,64}$/, "dashboard.audit.entityIdInvalid")
      .transform((value) => value || undefined),
    actor: z
      .string()
      .trim()
      .max(320, "dashboard.audit.actorInvalid")
      .transform((value) => value.toLowerCase() || undefined),
    from: calendarDate,
    to: calendarDate,
  })
  .superRefine((value, ctx) => {
    if (value.from && value.to && value.to < value.from) {
      ctx.addIssue({
        code: "custom",
        path: ["to"],
        message: "dashboard.audit.dateRangeReversed",
      });
    }
  });
export type AuditFilters = z.output<typeof auditFiltersSchema>;

export interface AuditRow {
  id: number;
  actor: string;
  action: string;
  entity: string;
  entityId: string | null;
  createdAt: Date;
  /** Readable lines such as "status: published → hidden". */
  changes: string[];
  /** The dashboard page of the record, where one exists. */
  href: string | null;
  details: Record<string, unknown> | null;
}

const detailPages: Record<string, string> = {
  order: "/dashboard/orders/",
  pickup: "/dashboard/pickups/",
  product: "/dashboard/catalogue/",
};

/** The dashboard page of an audited record, or null (no page, or a non-numeric id). */
export function auditEntityHref(entity: string, entityId: string | null): string | null {
  const base = detailPages[entity];
  return base && entityId && /^\d{1,10}$/.test(entityId) ? `${base}${entityId}` : null;
}

function words(key: string): string {
  return key
    .replace(/(PaisePerKg|Paise|Grams)$/, "")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/_/g, " ")
    .toLowerCase();
}

/**
 * A value for people: paise as rupees, grams as kg, codes in words ("cod" → "Cash on delivery",
 * shop-words.ts), null as "—", objects as short JSON.
 */
function shown(key: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "number" && key.endsWith("PaisePerKg") && Number.isSafeInteger(value)) {
    return `${formatPaise(value)}/kg`;
  }
  if (typeof value === "number" && key.endsWith("Paise") && Number.isSafeInteger(value)) {
    return formatPaise(value);
  }
  if (typeof value === "number" && key.endsWith("Grams")) return `${value / 1000} kg`;
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "string") {
    const told = codeInWords(key, value);
    return told.length > 200 ? `${told.slice(0, 200)}…` : told;
  }
  const json = JSON.stringify(value) ?? String(value);
  return json.length > 200 ? `${json.slice(0, 200)}…` : json;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The details of an entry as readable lines. New entries hold `{before, after, …extra}` (only
 * the changed fields); older status changes hold `{from, to}`; anything else is listed as
 * "key: value".
 */
export function describeAuditDetails(details: unknown): string[] {
  if (!isRecord(details)) return [];
  const lines: string[] = [];
  const { before, after, from, to, ...rest } = details;
  if (isRecord(before) || isRecord(after)) {
    const b = isRecord(before) ? before : {};
    const a = isRecord(after) ? after : {};
    const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
    for (const key of keys) {
      if (!isRecord(before)) lines.push(`${words(key)}: ${shown(key, a[key])}`);
      else if (!isRecord(after)) lines.push(`${words(key)}: ${shown(key, b[key])} → —`);
      else lines.push(`${words(key)}: ${shown(key, b[key])} → ${shown(key, a[key])}`);
    }
  }
  if (from !== undefined || to !== undefined) {
    lines.push(
      to === undefined
        ? `from ${shown("from", from)}`
        : `${shown("from", from)} → ${shown("to", to)}`,
    );
  }
  for (const [key, value] of Object.entries(rest)) {
    lines.push(`${words(key)}: ${shown(key, value)}`);
  }
  return lines;
}

function auditConditions(filters: AuditFilters): (SQL | undefined)[] {
  return [
    filters.entity ? eq(auditLog.entity, filters.entity) : undefined,
    filters.entityId ? eq(auditLog.entityId, filters.entityId) : undefined,
    filters.actor ? eq(auditLog.actor, filters.actor) : undefined,
    filters.from ? gte(auditLog.createdAt, kolkataInstant(filters.from, "00:00")) : undefined,
    filters.to
      ? lt(auditLog.createdAt, kolkataInstant(addDays(filters.to, 1), "00:00"))
      : undefined,
  ];
}

/**
 * One page of the audit log, newest first, matching `filters` (entity and actor exact, the
 * actor compared lower-cased; `from`/`to` whole Asia/Kolkata days, both included).
 * @param after a cursor from the previous page's `next` (a bad cursor gives page 1).
 */
export async function listAudit(
  db: Database,
  filters: AuditFilters,
  after?: string | null,
  limit = PAGE_SIZE,
): Promise<{ rows: AuditRow[]; next: string | null }> {
  const found = await db
    .select({
      id: auditLog.id,
      actor: auditLog.actor,
      action: auditLog.action,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      details: auditLog.details,
      createdAt: auditLog.createdAt,
      sortMicros: epochMicros(auditLog.createdAt),
    })
    .from(auditLog)
    .where(
      and(...auditConditions(filters), olderThanCursor(auditLog.createdAt, auditLog.id, after)),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit + 1);
  const { rows, next } = pageOf(found, limit);
  return {
    rows: rows.map((row) => ({
      ...row,
      details: row.details ?? null,
      changes: describeAuditDetails(row.details),
      href: auditEntityHref(row.entity, row.entityId),
    })),
    next,
  };
}

/** Actors to suggest in the filter: every staff e-mail, then 'visitor' and 'system'. */
export async function auditActorSuggestions(db: Database): Promise<string[]> {
  const staff = await db
    .select({ email: staffUsers.email })
    .from(staffUsers)
    .orderBy(asc(staffUsers.email))
    .limit(500);
  return [...staff.map((s) => s.email), "visitor", "system"];
}

export const auditCsvHeader = [
  "When (Asia/Kolkata)",
  "Actor",
  "Action",
  "Entity",
  "Entity id",
  "Changes",
  "Details (JSON)",
] as const;

/** Every entry matching `filters`, newest first, as CSV rows read in keyset batches of 1000. */
export function auditCsvRows(db: Database, filters: AuditFilters): AsyncGenerator<string[]> {
  const rows = rowsOfEveryPage((after) => listAudit(db, filters, after, 1000));
  return csvRowsOf(rows, (row) => [
    formatDateTimeIST(row.createdAt),
    row.actor,
    row.action,
    row.entity,
    row.entityId ?? "",
    row.changes.join("; "),
    row.details ? JSON.stringify(row.details) : "",
  ]);
}
