/**
 * Leads (docs/corporate.md): an organisation's enquiry from /corporate gets a reference
 * ("LD-XXXXXX"), an acknowledgement e-mail in the page's language when an e-mail address is
 * given, and a staff alert; staff then mark it contacted, won or lost and keep a note. Each
 * staff change is an audit row ('lead.updated') in its own transaction.
 */
import { asc, desc, eq, inArray, notInArray, sql } from "drizzle-orm";
import { recordAudit } from "~/db/audit.server";
import type { Database } from "~/db/client.server";
import { enqueueMessage } from "~/db/outbox.server";
import { type LeadStatus, leads } from "~/db/schema/organisations";
import { type Lang, localePath } from "~/i18n/languages";
import { clientKeyHash } from "~/utils/client-key.server";
import { humanReference } from "~/utils/codes.server";
import { env } from "~/utils/env.server";
import { isUniqueViolation } from "~/utils/pg-errors";
import { Refusal } from "~/utils/refusal";
import type { LeadInput } from "./lead.schema";
import { leadServicesText, organisationKindLabels } from "./lead-labels";

/** Closed leads (won or lost) the dashboard list shows below the open ones, newest first. */
export const CLOSED_LEADS_SHOWN = 100;

/** Statuses of a lead still to work on (the overview counts them). */
const OPEN_STATUSES: LeadStatus[] = ["new", "contacted"];

/**
 * Files an enquiry received at `now` from a page in `language`, in one transaction: the lead
 * with a new reference, a 'lead_received' e-mail to the contact's address (none without one)
 * and a 'staff_new_lead' e-mail to `alertEmail` (SHOP_ALERT_EMAIL; none when unset).
 * @returns the lead's id and reference, "LD-" and 6 characters.
 * @throws database errors (the route answers 503).
 */
export async function fileLead(
  db: Database,
  input: LeadInput,
  options: { now: Date; language: Lang; clientAddress?: string; alertEmail?: string | null },
): Promise<{ id: number; reference: string }> {
  const alertEmail =
    options.alertEmail === undefined ? env().messages.shopAlertEmail : options.alertEmail;
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const reference = humanReference("LD");
        const [row] = await tx
          .insert(leads)
          .values({
            reference,
            organisation: input.organisation,
            kind: input.kind,
            sites: input.sites,
            pinCode: input.pinCode,
            kgPerWeek: input.kgPerWeek,
            services: input.services,
            contactName: input.name,
            contactPhone: input.phone,
            contactEmail: input.email,
            message: input.message,
            language: options.language,
            clientKeyHash: clientKeyHash(options.clientAddress),
            receivedAt: options.now,
          })
          .returning({ id: leads.id });
        if (!row) throw new Error("The lead insert returned no row");
        await queueLeadMessages(tx, { ...input, id: row.id, reference }, options, alertEmail);
        return { id: row.id, reference };
      });
    } catch (error) {
      // A reference drawn twice (30 bits): draw again, a few times at most.
      if (attempt < 3 && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}

async function queueLeadMessages(
  tx: Database,
  lead: LeadInput & { id: number; reference: string },
  options: { now: Date; language: Lang },
  alertEmail: string | null,
): Promise<void> {
  const entity = { type: "lead", id: lead.id } as const;
  await enqueueMessage(tx, {
    template: "lead_received",
    to: { email: lead.email },
    params: {
      reference: lead.reference,
      name: lead.name,
      organisation: lead.organisation,
      corporatePath: localePath(options.language, "/corporate"),
    },
    language: options.language,
    dedupeKey: `lead:${lead.id}:received`,
    now: options.now,
    entity,
  });
  if (!alertEmail) return;
  await enqueueMessage(tx, {
    template: "staff_new_lead",
    to: { email: alertEmail },
    params: {
      reference: lead.reference,
      name: lead.name,
      organisation: lead.organisation,
      kind: organisationKindLabels[lead.kind],
      services: leadServicesText(lead.services),
      kgPerWeek: lead.kgPerWeek,
      pinCode: lead.pinCode,
      dashboardPath: `/dashboard/leads/${lead.id}`,
    },
    language: "en",
    dedupeKey: `lead:${lead.id}:staff`,
    now: options.now,
    entity,
  });
}

/** A lead as the dashboard shows it (the client address's hash left out). */
export type LeadRow = Omit<typeof leads.$inferSelect, "clientKeyHash">;

function shown(row: typeof leads.$inferSelect): LeadRow {
  const { clientKeyHash: _hidden, ...rest } = row;
  return rest;
}

/**
 * The dashboard's list: every open lead (new, then contacted), oldest first, then the
 * CLOSED_LEADS_SHOWN most recently closed.
 */
export async function listLeads(db: Database): Promise<LeadRow[]> {
  const open = await db
    .select()
    .from(leads)
    .where(inArray(leads.status, OPEN_STATUSES))
    .orderBy(desc(sql`${leads.status} = 'new'`), asc(leads.receivedAt), asc(leads.id));
  const closed = await db
    .select()
    .from(leads)
    .where(notInArray(leads.status, OPEN_STATUSES))
    .orderBy(desc(leads.statusChangedAt), desc(leads.id))
    .limit(CLOSED_LEADS_SHOWN);
  return [...open, ...closed].map(shown);
}

/** One lead, or null. */
export async function getLead(db: Database, id: number): Promise<LeadRow | null> {
  const [row] = await db.select().from(leads).where(eq(leads.id, id));
  return row ? shown(row) : null;
}

/** How many leads are open (new or contacted): the overview shows it when not zero. */
export async function countOpenLeads(db: Database): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(leads)
    .where(inArray(leads.status, OPEN_STATUSES));
  return Number(row?.count ?? 0);
}

/**
 * Saves a staff change to lead `id` at `now`: its status and note, with an audit row of what
 * changed (before and after), in one transaction. Nothing changed: nothing written.
 * @throws Refusal 404 `dashboard.leads.notFound`.
 */
export async function changeLead(
  db: Database,
  staff: { email: string },
  id: number,
  change: { status: LeadStatus; note: string },
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(leads).where(eq(leads.id, id)).for("update");
    if (!row) throw new Refusal("dashboard.leads.notFound", {}, { status: 404 });
    const set: Partial<typeof leads.$inferInsert> = {};
    if (change.note !== row.note) set.note = change.note;
    if (change.status !== row.status) {
      set.status = change.status;
      set.statusChangedAt = now;
      set.statusChangedBy = staff.email;
    }
    if (Object.keys(set).length === 0) return;
    await tx.update(leads).set(set).where(eq(leads.id, id));
    await recordAudit(tx, {
      actor: staff,
      action: "lead.updated",
      entity: "lead",
      entityId: id,
      before: {
        ...("note" in set ? { note: row.note } : {}),
        ...("status" in set ? { status: row.status } : {}),
      },
      after: {
        ...("note" in set ? { note: set.note } : {}),
        ...("status" in set ? { status: set.status } : {}),
      },
    });
  });
}
