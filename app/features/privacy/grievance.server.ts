/**
 * Grievances (docs/accounts.md "Notice, consent and grievances"): a complaint or a data-rights
 * request filed on /grievance gets a ticket ("GR-XXXXXX"), an acknowledgement e-mail through the
 * outbox when an e-mail address is given, and a staff alert; staff acknowledge it within
 * GRIEVANCE_ACKNOWLEDGE_HOURS (Consumer Protection (E-Commerce) Rules 2020, rule 4(5): 48 hours),
 * keep a note and resolve it (Digital Personal Data Protection Act 2023 s.8(10), s.13; DPDP
 * Rules 2025 rule 14: within 90 days). Each staff change is an audit row ('grievance.*') in its
 * own transaction.
 */
import { and, asc, desc, eq, isNotNull, isNull, lt, sql } from "drizzle-orm";
import { recordAudit } from "~/db/audit.server";
import type { Database } from "~/db/client.server";
import { enqueueMessage } from "~/db/outbox.server";
import { type GrievanceTopic, grievances } from "~/db/schema/privacy-notice";
import { type Lang, localePath } from "~/i18n/languages";
import { clientKeyHash } from "~/utils/client-key.server";
import { humanReference } from "~/utils/codes.server";
import { formatDateTimeIST } from "~/utils/dates";
import { env } from "~/utils/env.server";
import { isUniqueViolation } from "~/utils/pg-errors";
import { Refusal } from "~/utils/refusal";
import type { GrievanceInput } from "./grievance.schema";

/** Hours within which staff acknowledge a grievance (Consumer Protection (E-Commerce) Rules 2020, rule 4(5)). */
export const GRIEVANCE_ACKNOWLEDGE_HOURS = 48;

/** Resolved grievances the dashboard list shows below the open ones (newest first). */
export const RESOLVED_SHOWN = 100;

/** When a grievance received at `receivedAt` must be acknowledged by. */
export function acknowledgeBy(receivedAt: Date): Date {
  return new Date(receivedAt.getTime() + GRIEVANCE_ACKNOWLEDGE_HOURS * 3_600_000);
}

/** The grievance officer the grievance page names (GRIEVANCE_OFFICER_* settings). */
export function grievanceOfficer(): {
  /** Null: the page names the role. */
  name: string | null;
  email: string;
  phone: string;
  address: string;
} {
  const settings = env();
  return {
    name: settings.GRIEVANCE_OFFICER_NAME ?? null,
    email: settings.GRIEVANCE_OFFICER_EMAIL,
    phone: settings.GRIEVANCE_OFFICER_PHONE,
    address: settings.GRIEVANCE_OFFICER_ADDRESS,
  };
}

/**
 * Files a grievance received at `now` from a page in `language`, in one transaction: the row
 * with a new ticket, a 'grievance_received' e-mail to the address given (none without one) and
 * a 'staff_new_grievance' e-mail to `alertEmail` (SHOP_ALERT_EMAIL; none when unset).
 * @returns the ticket, "GR-" and 6 characters.
 * @throws database errors (the route answers 503).
 */
export async function fileGrievance(
  db: Database,
  input: GrievanceInput,
  options: { now: Date; language: Lang; clientAddress?: string; alertEmail?: string | null },
): Promise<{ id: number; ticket: string }> {
  const alertEmail =
    options.alertEmail === undefined ? env().messages.shopAlertEmail : options.alertEmail;
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const ticket = humanReference("GR");
        const [row] = await tx
          .insert(grievances)
          .values({
            ticket,
            ...input,
            language: options.language,
            clientKeyHash: clientKeyHash(options.clientAddress),
            receivedAt: options.now,
          })
          .returning({ id: grievances.id });
        if (!row) throw new Error("The grievance insert returned no row");
        await queueGrievanceMessages(tx, { ...input, id: row.id, ticket }, options, alertEmail);
        return { id: row.id, ticket };
      });
    } catch (error) {
      // A ticket drawn twice (30 bits): draw again, a few times at most.
      if (attempt < 3 && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}

async function queueGrievanceMessages(
  tx: Database,
  grievance: GrievanceInput & { id: number; ticket: string },
  options: { now: Date; language: Lang },
  alertEmail: string | null,
): Promise<void> {
  const entity = { type: "grievance", id: grievance.id } as const;
  await enqueueMessage(tx, {
    template: "grievance_received",
    to: { email: grievance.email },
    params: {
      ticket: grievance.ticket,
      name: grievance.name,
      grievancePath: localePath(options.language, "/grievance"),
    },
    language: options.language,
    dedupeKey: `grievance:${grievance.id}:received`,
    now: options.now,
    entity,
  });
  if (!alertEmail) return;
  await enqueueMessage(tx, {
    template: "staff_new_grievance",
    to: { email: alertEmail },
    params: {
      ticket: grievance.ticket,
      name: grievance.name,
      topic: grievanceTopicLabels[grievance.topic],
      acknowledgeBy: formatDateTimeIST(acknowledgeBy(options.now)),
      dashboardPath: `/dashboard/grievances/${grievance.id}`,
    },
    language: "en",
    dedupeKey: `grievance:${grievance.id}:staff`,
    now: options.now,
    entity,
  });
}

/** The English names of the topics (dashboard and staff alert). */
export const grievanceTopicLabels: Record<GrievanceTopic, string> = {
  access: "Access: a summary of my data",
  correct: "Correct or update my data",
  erase: "Erase my data",
  consent: "Withdraw consent",
  nominate: "Nominate someone",
  service: "A pickup, an order or a payment",
  other: "Something else",
};

/** A grievance as the dashboard shows it; `overdue`: unacknowledged past its acknowledge-by. */
export interface GrievanceRow {
  id: number;
  ticket: string;
  name: string;
  phone: string | null;
  email: string | null;
  topic: GrievanceTopic;
  details: string;
  language: Lang;
  receivedAt: Date;
  acknowledgeBy: Date;
  acknowledgedAt: Date | null;
  acknowledgedBy: string | null;
  note: string;
  resolvedAt: Date | null;
  resolvedBy: string | null;
  overdue: boolean;
}

function withDeadline(row: typeof grievances.$inferSelect, now: Date): GrievanceRow {
  const { clientKeyHash: _hidden, ...rest } = row;
  const deadline = acknowledgeBy(row.receivedAt);
  return {
    ...rest,
    acknowledgeBy: deadline,
    overdue: !row.acknowledgedAt && !row.resolvedAt && deadline < now,
  };
}

/**
 * The dashboard's list at `now`: every open grievance, oldest first (the most urgent on top),
 * then the RESOLVED_SHOWN most recently resolved.
 */
export async function listGrievances(db: Database, now: Date): Promise<GrievanceRow[]> {
  const open = await db
    .select()
    .from(grievances)
    .where(isNull(grievances.resolvedAt))
    .orderBy(asc(grievances.receivedAt), asc(grievances.id));
  const resolved = await db
    .select()
    .from(grievances)
    .where(isNotNull(grievances.resolvedAt))
    .orderBy(desc(grievances.resolvedAt), desc(grievances.id))
    .limit(RESOLVED_SHOWN);
  return [...open, ...resolved].map((row) => withDeadline(row, now));
}

/** One grievance at `now`, or null. */
export async function getGrievance(
  db: Database,
  id: number,
  now: Date,
): Promise<GrievanceRow | null> {
  const [row] = await db.select().from(grievances).where(eq(grievances.id, id));
  return row ? withDeadline(row, now) : null;
}

/**
 * How many open grievances are still unacknowledged GRIEVANCE_ACKNOWLEDGE_HOURS after they
 * were received, at `now` (the overview shows it when not zero). Read from a partial index.
 */
export async function countOverdueGrievances(db: Database, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - GRIEVANCE_ACKNOWLEDGE_HOURS * 3_600_000);
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(grievances)
    .where(
      and(
        isNull(grievances.acknowledgedAt),
        isNull(grievances.resolvedAt),
        lt(grievances.receivedAt, cutoff),
      ),
    );
  return Number(row?.count ?? 0);
}

/** What staff do to a grievance on its dashboard page. */
export type GrievanceChange =
  | { intent: "acknowledge" }
  | { intent: "note"; note: string }
  | { intent: "resolve" };

/**
 * Applies a staff change to grievance `id` at `now` with its audit row, in one transaction:
 * acknowledge (once), save the note, or resolve (once; acknowledges too when it was not).
 * @throws Refusal 404 `dashboard.grievances.notFound`; 409
 *   `dashboard.grievances.alreadyAcknowledged` / `alreadyResolved`.
 */
export async function changeGrievance(
  db: Database,
  staff: { email: string },
  id: number,
  change: GrievanceChange,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(grievances).where(eq(grievances.id, id)).for("update");
    if (!row) throw new Refusal("dashboard.grievances.notFound", {}, { status: 404 });
    if (row.resolvedAt && change.intent !== "note") {
      throw new Refusal("dashboard.grievances.alreadyResolved", {}, { status: 409 });
    }
    const set = changedColumns(row, staff, change, now);
    await tx.update(grievances).set(set).where(eq(grievances.id, id));
    const before = Object.fromEntries(
      Object.keys(set).map((key) => [key, row[key as keyof typeof row]]),
    );
    await recordAudit(tx, {
      actor: staff,
      action: `grievance.${change.intent}`,
      entity: "grievance",
      entityId: id,
      before,
      after: set,
    });
  });
}

function changedColumns(
  row: typeof grievances.$inferSelect,
  staff: { email: string },
  change: GrievanceChange,
  now: Date,
): Partial<typeof grievances.$inferInsert> {
  if (change.intent === "note") return { note: change.note };
  const acknowledge = row.acknowledgedAt
    ? {}
    : { acknowledgedAt: now, acknowledgedBy: staff.email };
  if (change.intent === "acknowledge") {
    if (row.acknowledgedAt) {
      throw new Refusal("dashboard.grievances.alreadyAcknowledged", {}, { status: 409 });
    }
    return acknowledge;
  }
  return { ...acknowledge, resolvedAt: now, resolvedBy: staff.email };
}
