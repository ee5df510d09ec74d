/**
 * Organisation accounts (docs/corporate.md "Organisation accounts"): staff make one from a lead
 * (or without one), add its sites with their recurring pickup schedules, and stop a site's
 * schedule. Every change is an audit row (`organisation.create`, `organisation_site.create`,
 * `organisation_site.stop`) in the change's transaction.
 */
import { and, asc, count, eq, gte, inArray, sql } from "drizzle-orm";
import { changedFields, recordAudit } from "~/db/audit.server";
import type { Database } from "~/db/client.server";
import {
  leads,
  organisationSites,
  organisations,
  sitePickupDates,
} from "~/db/schema/organisations";
import { pickups } from "~/db/schema/pickups";
import { addDays, todayInKolkata } from "~/utils/dates";
import { isUniqueViolation } from "~/utils/pg-errors";
import { Refusal } from "~/utils/refusal";
import type { OrganisationInput, SiteInput } from "./organisation.schema";
import { bookSitePickups, cancelSitePickupsFrom } from "./site-pickups.server";

/** A refused change of an organisation account, with the field it belongs to. */
export class OrganisationError extends Refusal {
  override name = "OrganisationError";
  constructor(id: string, status: 404 | 409 | 422, field?: string) {
    super(id, {}, { status, field });
  }
}

/** The account form's starting values from a lead (name, kind, contact); null when unknown. */
export async function leadForAccount(db: Database, leadId: number) {
  const [lead] = await db
    .select({
      id: leads.id,
      reference: leads.reference,
      organisation: leads.organisation,
      kind: leads.kind,
      contactName: leads.contactName,
      contactPhone: leads.contactPhone,
      contactEmail: leads.contactEmail,
      accountId: organisations.id,
    })
    .from(leads)
    .leftJoin(organisations, eq(organisations.leadId, leads.id))
    .where(eq(leads.id, leadId));
  return lead ?? null;
}

/**
 * Makes an organisation account; with a lead, the lead is marked won (audited as
 * `lead.updated`).
 * @returns the new account's id.
 * @throws OrganisationError 404 `dashboard.organisations.leadNotFound` for an unknown lead, 409
 *   `dashboard.organisations.leadHasAccount` when the lead already has an account.
 */
export async function createOrganisation(
  db: Database,
  actor: { email: string },
  input: OrganisationInput,
  now: Date,
): Promise<number> {
  try {
    return await db.transaction(async (tx) => {
      if (input.leadId !== null) {
        const [lead] = await tx
          .update(leads)
          .set({ status: "won", statusChangedAt: now, statusChangedBy: actor.email })
          .where(eq(leads.id, input.leadId))
          .returning({ id: leads.id, reference: leads.reference });
        if (!lead) throw new OrganisationError("dashboard.organisations.leadNotFound", 404);
        await recordAudit(tx, {
          actor,
          action: "lead.updated",
          entity: "lead",
          entityId: lead.id,
          after: { status: "won" },
          extra: { reference: lead.reference, reason: "organisation account made" },
        });
      }
      const [row] = await tx
        .insert(organisations)
        .values({ ...input, createdBy: actor.email })
        .returning({ id: organisations.id });
      if (!row) throw new Error("Organisation insert returned nothing");
      await recordAudit(tx, {
        actor,
        action: "organisation.create",
        entity: "organisation",
        entityId: row.id,
        after: { name: input.name, kind: input.kind, reward: input.reward, leadId: input.leadId },
      });
      return row.id;
    });
  } catch (error) {
    if (isUniqueViolation(error, "organisations_lead_id_unique")) {
      throw new OrganisationError("dashboard.organisations.leadHasAccount", 409);
    }
    throw error;
  }
}

/** Every organisation account with its number of sites, by name. */
export async function listOrganisations(db: Database) {
  return db
    .select({
      id: organisations.id,
      name: organisations.name,
      kind: organisations.kind,
      contactName: organisations.contactName,
      contactPhone: organisations.contactPhone,
      reward: organisations.reward,
      sites: count(organisationSites.id),
    })
    .from(organisations)
    .leftJoin(organisationSites, eq(organisationSites.organisationId, organisations.id))
    .groupBy(organisations.id)
    .orderBy(asc(organisations.name), asc(organisations.id));
}

/**
 * One account with its sites and the dates their schedules booked from `from` on (each with
 * its pickup's reference, day, slot and status); null when unknown.
 */
export async function getOrganisation(db: Database, id: number, from: string) {
  const [organisation] = await db.select().from(organisations).where(eq(organisations.id, id));
  if (!organisation) return null;
  const sites = await db
    .select()
    .from(organisationSites)
    .where(eq(organisationSites.organisationId, id))
    .orderBy(asc(organisationSites.id));
  const dates = await db
    .select({
      siteId: sitePickupDates.siteId,
      dueDate: sitePickupDates.dueDate,
      outcome: sitePickupDates.outcome,
      note: sitePickupDates.note,
      pickupId: pickups.id,
      reference: pickups.reference,
      pickupDate: pickups.pickupDate,
      slotStart: pickups.slotStart,
      status: pickups.status,
    })
    .from(sitePickupDates)
    .innerJoin(organisationSites, eq(organisationSites.id, sitePickupDates.siteId))
    .leftJoin(pickups, eq(pickups.id, sitePickupDates.pickupId))
    .where(and(eq(organisationSites.organisationId, id), gte(sitePickupDates.dueDate, from)))
    .orderBy(asc(sitePickupDates.dueDate), asc(sitePickupDates.siteId))
    .limit(200);
  return { organisation, sites, dates };
}

/**
 * Adds a site with its schedule, audited, then books its dates up to the horizon at once
 * (`bookSitePickups`), so staff see them on the account's page.
 * @throws OrganisationError 404 for an unknown account; 422 `dashboard.organisations.startsOnPassed`
 *   (field startsOn) for a start before today.
 */
export async function addSite(
  db: Database,
  actor: { email: string },
  organisationId: number,
  input: SiteInput,
  now: Date,
): Promise<number> {
  if (input.startsOn < todayInKolkata(now)) {
    throw new OrganisationError("dashboard.organisations.startsOnPassed", 422, "startsOn");
  }
  const { siteName, ...site } = input;
  const siteId = await db.transaction(async (tx) => {
    const [organisation] = await tx
      .select({ id: organisations.id })
      .from(organisations)
      .where(eq(organisations.id, organisationId))
      .for("update");
    if (!organisation) throw new OrganisationError("dashboard.organisations.notFound", 404);
    const [row] = await tx
      .insert(organisationSites)
      .values({ ...site, name: siteName, organisationId })
      .returning({ id: organisationSites.id });
    if (!row) throw new Error("Site insert returned nothing");
    await recordAudit(tx, {
      actor,
      action: "organisation_site.create",
      entity: "organisation",
      entityId: organisationId,
      after: {
        siteId: row.id,
        name: siteName,
        frequency: site.frequency,
        weekday: site.weekday,
        slotStart: site.slotStart,
        startsOn: site.startsOn,
      },
    });
    return row.id;
  });
  await bookSitePickups(db, now, { siteId });
  return siteId;
}

/**
 * Stops a site's schedule: nothing more is booked for it, and its open pickups from tomorrow on
 * are cancelled (today's may be on the way). Audited.
 * @returns how many pickups were cancelled.
 * @throws OrganisationError 404 `dashboard.organisations.siteNotFound` when the site is not this
 *   account's or already stopped.
 */
export async function stopSite(
  db: Database,
  actor: { email: string },
  organisationId: number,
  siteId: number,
  now: Date,
): Promise<number> {
  return db.transaction(async (tx) => {
    const [site] = await tx
      .update(organisationSites)
      .set({ active: false })
      .where(
        and(
          eq(organisationSites.id, siteId),
          eq(organisationSites.organisationId, organisationId),
          eq(organisationSites.active, true),
        ),
      )
      .returning({ id: organisationSites.id, name: organisationSites.name });
    if (!site) throw new OrganisationError("dashboard.organisations.siteNotFound", 404);
    const cancelled = await cancelSitePickupsFrom(
      tx,
      actor,
      siteId,
      addDays(todayInKolkata(now), 1),
    );
    await recordAudit(tx, {
      actor,
      action: "organisation_site.stop",
      entity: "organisation",
      entityId: organisationId,
      after: { siteId, name: site.name, active: false },
      extra: { cancelledPickups: cancelled },
    });
    return cancelled;
  });
}

/**
 * Changes an account's name, type, contact, reward and where money goes (its lead stays),
 * audited with what changed (`organisation.update`). The open pickups its schedules booked
 * (requested or confirmed) take the new contact e-mail, name and reward at once, so their
 * messages and rewards follow; collected ones keep what they had.
 * @returns how many open pickups were updated.
 * @throws OrganisationError 404 for an unknown account.
 */
export async function updateOrganisation(
  db: Database,
  actor: { email: string },
  id: number,
  input: Omit<OrganisationInput, "leadId">,
): Promise<number> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(organisations)
      .where(eq(organisations.id, id))
      .for("update");
    if (!before) throw new OrganisationError("dashboard.organisations.notFound", 404);
    const after = {
      name: input.name,
      kind: input.kind,
      contactName: input.contactName,
      contactPhone: input.contactPhone,
      contactEmail: input.contactEmail,
      reward: input.reward,
      payoutDetails: input.payoutDetails,
    };
    await tx.update(organisations).set(after).where(eq(organisations.id, id));
    // One statement: each open scheduled pickup takes "<name>, <its site>", the e-mail and reward.
    const siteName = tx
      .select({ name: organisationSites.name })
      .from(sitePickupDates)
      .innerJoin(organisationSites, eq(organisationSites.id, sitePickupDates.siteId))
      .where(eq(sitePickupDates.pickupId, pickups.id));
    const ofThisOrganisation = tx
      .select({ id: sitePickupDates.pickupId })
      .from(sitePickupDates)
      .innerJoin(organisationSites, eq(organisationSites.id, sitePickupDates.siteId))
      .where(eq(organisationSites.organisationId, id));
    const open = await tx
      .update(pickups)
      .set({
        name: sql`${input.name} || ', ' || (${siteName})`,
        email: input.contactEmail,
        rewardPreference: input.reward,
        updatedAt: new Date(),
      })
      .where(
        and(
          inArray(pickups.status, ["requested", "confirmed"]),
          inArray(pickups.id, ofThisOrganisation),
        ),
      )
      .returning({ id: pickups.id });
    const { before: was, after: now } = changedFields(
      { ...before, payoutDetails: before.payoutDetails ? "(set)" : "" },
      { ...after, payoutDetails: after.payoutDetails ? "(set)" : "" },
    );
    await recordAudit(tx, {
      actor,
      action: "organisation.update",
      entity: "organisation",
      entityId: id,
      before: was,
      after: now,
      extra: {
        openPickupsUpdated: open.length,
        payoutDetailsChanged: before.payoutDetails !== after.payoutDetails,
      },
    });
    return open.length;
  });
}

/** The id of the account made from lead `leadId`; null when none was. */
export async function accountOfLead(db: Database, leadId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: organisations.id })
    .from(organisations)
    .where(eq(organisations.leadId, leadId));
  return row?.id ?? null;
}
