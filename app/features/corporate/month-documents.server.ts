/**
 * An organisation's monthly documents (docs/corporate.md "Monthly statement and certificates"):
 * once a month has ended (Asia/Kolkata), staff issue one statement for the organisation (its
 * collected pickups, kilograms by material, their value and what was paid) and one certificate
 * of collection per site that had pickups (kilograms by material stream, each with the
 * registered recycler it went to, E-Waste (Management) Rules 2022 and Solid Waste Management
 * Rules 2026). They are kept as issued (`organisation_documents.content`), and the contact gets an
 * e-mail with their links (`/organisation-documents/<token>`). Weights are grams, money paise.
 */
import { and, asc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import { recordAudit } from "~/db/audit.server";
import type { Database } from "~/db/client.server";
import { enqueueMessage } from "~/db/outbox.server";
import { payouts, weighSheetLines, weighSheets } from "~/db/schema/exchange";
import {
  type CertificateStream,
  type OrganisationDocumentContent,
  organisationDocuments,
  organisationSites,
  organisations,
  recyclers,
  type StatementPickup,
  sitePickupDates,
} from "~/db/schema/organisations";
import { pickups } from "~/db/schema/pickups";
import { scrapCategories, scrapMaterials } from "~/db/schema/rates";
import { isUnguessableToken, unguessableToken } from "~/utils/codes.server";
import { isMonth, todayInKolkata } from "~/utils/dates";
import { isUniqueViolation } from "~/utils/pg-errors";
import { OrganisationError } from "./organisations.server";

/** The first and last calendar days of a "YYYY-MM" month. */
export function monthBounds(month: string): { first: string; last: string } {
  const [year, mon] = [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
  const last = new Date(Date.UTC(year, mon, 0)).getUTCDate();
  return { first: `${month}-01`, last: `${month}-${String(last).padStart(2, "0")}` };
}

/** The month before the one running at `now` (Asia/Kolkata), "YYYY-MM". */
export function lastMonth(now: Date): string {
  const today = todayInKolkata(now);
  const [year, mon] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  return mon === 1 ? `${year - 1}-12` : `${year}-${String(mon - 1).padStart(2, "0")}`;
}

/** One weighed line of a collected pickup of the organisation in the month. */
interface CollectedLine {
  pickupId: number;
  reference: string;
  day: string;
  siteId: number;
  site: string;
  address: string;
  valuePaise: number;
  material: string;
  grams: number;
  amountPaise: number;
  streamId: number;
  stream: string;
}

async function collectedLines(db: Database, organisationId: number, month: string) {
  const { first, last } = monthBounds(month);
  return db
    .select({
      pickupId: pickups.id,
      reference: pickups.reference,
      day: pickups.pickupDate,
      siteId: organisationSites.id,
      site: organisationSites.name,
      address: sql<string>`concat_ws(', ', ${organisationSites.addressLine1}, nullif(${organisationSites.addressLine2}, ''), ${organisationSites.city} || ' ' || ${organisationSites.pinCode})`,
      valuePaise: weighSheets.rewardValuePaise,
      material: weighSheetLines.materialName,
      grams: weighSheetLines.grams,
      amountPaise: weighSheetLines.amountPaise,
      streamId: scrapCategories.id,
      stream: scrapCategories.name,
    })
    .from(sitePickupDates)
    .innerJoin(organisationSites, eq(organisationSites.id, sitePickupDates.siteId))
    .innerJoin(pickups, eq(pickups.id, sitePickupDates.pickupId))
    .innerJoin(
      weighSheets,
      and(eq(weighSheets.pickupId, pickups.id), eq(weighSheets.status, "confirmed")),
    )
    .innerJoin(weighSheetLines, eq(weighSheetLines.weighSheetId, weighSheets.id))
    .innerJoin(scrapMaterials, eq(scrapMaterials.id, weighSheetLines.materialId))
    .innerJoin(scrapCategories, eq(scrapCategories.id, scrapMaterials.categoryId))
    .where(
      and(
        eq(organisationSites.organisationId, organisationId),
        eq(pickups.status, "collected"),
        gte(pickups.pickupDate, first),
        lte(pickups.pickupDate, last),
      ),
    )
    .orderBy(asc(pickups.pickupDate), asc(pickups.id), asc(weighSheetLines.id));
}

/** Adds `grams` (and `paise`) to `name`'s entry of `totals`, keeping first-seen order. */
function addTo(
  totals: Map<string, { grams: number; valuePaise: number }>,
  name: string,
  grams: number,
  paise = 0,
) {
  const entry = totals.get(name) ?? { grams: 0, valuePaise: 0 };
  totals.set(name, { grams: entry.grams + grams, valuePaise: entry.valuePaise + paise });
}

/** A site's material streams in the month: id, name and grams. */
export interface SiteStreams {
  siteId: number;
  site: string;
  address: string;
  pickups: number;
  streams: { streamId: number; stream: string; grams: number }[];
}

/**
 * What the month's documents would say: the statement's pickups and totals and each site's
 * streams. Nothing is written.
 */
export async function monthFigures(db: Database, organisationId: number, month: string) {
  const lines: CollectedLine[] = await collectedLines(db, organisationId, month);
  const pickupIds = [...new Set(lines.map((line) => line.pickupId))];
  const paid = pickupIds.length
    ? await db
        .select({
          pickupId: payouts.pickupId,
          paise: sql<number>`sum(${payouts.amountPaise})::int`,
        })
        .from(payouts)
        .where(inArray(payouts.pickupId, pickupIds))
        .groupBy(payouts.pickupId)
    : [];
  const paidOf = new Map(paid.map((row) => [row.pickupId, Number(row.paise)]));
  const statement = new Map<number, StatementPickup>();
  const byMaterial = new Map<string, { grams: number; valuePaise: number }>();
  const sites = new Map<number, SiteStreams>();
  for (const line of lines) {
    // A pickup belongs to one site: counted there when first seen.
    const firstLineOfPickup = !statement.has(line.pickupId);
    const pickup = statement.get(line.pickupId) ?? {
      reference: line.reference,
      day: line.day,
      site: line.site,
      grams: 0,
      materials: [],
      valuePaise: line.valuePaise,
      paidPaise: paidOf.get(line.pickupId) ?? 0,
    };
    pickup.grams += line.grams;
    pickup.materials.push({ name: line.material, grams: line.grams });
    statement.set(line.pickupId, pickup);
    addTo(byMaterial, line.material, line.grams, line.amountPaise);
    const site = sites.get(line.siteId) ?? {
      siteId: line.siteId,
      site: line.site,
      address: line.address,
      pickups: 0,
      streams: [],
    };
    if (firstLineOfPickup) site.pickups += 1;
    const stream = site.streams.find((entry) => entry.streamId === line.streamId);
    if (stream) stream.grams += line.grams;
    else site.streams.push({ streamId: line.streamId, stream: line.stream, grams: line.grams });
    sites.set(line.siteId, site);
  }
  const pickupsOfMonth = [...statement.values()];
  return {
    pickups: pickupsOfMonth,
    byMaterial: [...byMaterial].map(([name, totals]) => ({ name, ...totals })),
    sites: [...sites.values()],
    totalGrams: pickupsOfMonth.reduce((sum, pickup) => sum + pickup.grams, 0),
    totalValuePaise: pickupsOfMonth.reduce((sum, pickup) => sum + pickup.valuePaise, 0),
    totalPaidPaise: pickupsOfMonth.reduce((sum, pickup) => sum + pickup.paidPaise, 0),
  };
}

/** The form field of a stream's recycler choice on a site ("recycler-<site>-<stream>"). */
export function recyclerField(siteId: number, streamId: number): string {
  return `recycler-${siteId}-${streamId}`;
}

/** The documents issued for an organisation, newest month first. */
export async function listDocuments(db: Database, organisationId: number) {
  return db
    .select({
      kind: organisationDocuments.kind,
      month: organisationDocuments.month,
      token: organisationDocuments.token,
      siteId: organisationDocuments.siteId,
      issuedAt: organisationDocuments.issuedAt,
    })
    .from(organisationDocuments)
    .where(eq(organisationDocuments.organisationId, organisationId))
    .orderBy(sql`${organisationDocuments.month} desc`, asc(organisationDocuments.id));
}

/** An issued document by its link's token; null when unknown. */
export async function documentByToken(db: Database, token: string) {
  if (!isUnguessableToken(token)) return null;
  const [row] = await db
    .select({
      content: organisationDocuments.content,
      issuedAt: organisationDocuments.issuedAt,
      month: organisationDocuments.month,
      kind: organisationDocuments.kind,
    })
    .from(organisationDocuments)
    .where(eq(organisationDocuments.token, token));
  return row ?? null;
}

/**
 * The certificate of each site: its streams, each with the recycler chosen for it.
 * @throws OrganisationError 422 `recyclerRequired` on the first stream without a known recycler.
 */
function certificatesOf(
  sites: SiteStreams[],
  organisation: string,
  month: string,
  choices: Readonly<Record<string, string | undefined>>,
  known: Map<string, { name: string; registration: string }>,
) {
  return sites.map((site) => {
    const streams: CertificateStream[] = site.streams.map((stream) => {
      const field = recyclerField(site.siteId, stream.streamId);
      const recycler = known.get(choices[field] ?? "");
      if (!recycler) {
        throw new OrganisationError("dashboard.organisations.recyclerRequired", 422, field);
      }
      return {
        stream: stream.stream,
        grams: stream.grams,
        recycler: recycler.name,
        registration: recycler.registration,
      };
    });
    const content: OrganisationDocumentContent = {
      kind: "certificate",
      organisation,
      month,
      site: site.site,
      address: site.address,
      pickups: site.pickups,
      streams,
      totalGrams: streams.reduce((sum, stream) => sum + stream.grams, 0),
    };
    return { siteId: site.siteId, content };
  });
}

/**
 * Issues the month's statement and a certificate per site with pickups, in one transaction,
 * audited (`organisation.documents`), with an e-mail of their links to the organisation's
 * contact. `choices` maps each `recyclerField(site, stream)` to a recycler's id.
 * @throws OrganisationError 422 on field `month` (`monthInvalid`, `monthRunning`: the month has
 *   not ended; `monthEmpty`: no collected pickup), 422 on a stream's field (`recyclerRequired`)
 *   when a stream has no known recycler, 409 `monthIssued` when already issued, 404 for an
 *   unknown organisation.
 */
export async function issueMonthDocuments(
  db: Database,
  actor: { email: string },
  organisationId: number,
  month: string,
  choices: Readonly<Record<string, string | undefined>>,
  now: Date,
): Promise<number> {
  if (!isMonth(month))
    throw new OrganisationError("dashboard.organisations.monthInvalid", 422, "month");
  if (month > lastMonth(now)) {
    throw new OrganisationError("dashboard.organisations.monthRunning", 422, "month");
  }
  const [organisation] = await db
    .select()
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  if (!organisation) throw new OrganisationError("dashboard.organisations.notFound", 404);
  const figures = await monthFigures(db, organisationId, month);
  if (figures.pickups.length === 0) {
    throw new OrganisationError("dashboard.organisations.monthEmpty", 422, "month");
  }
  const certificates = certificatesOf(
    figures.sites,
    organisation.name,
    month,
    choices,
    new Map((await db.select().from(recyclers)).map((row) => [String(row.id), row] as const)),
  );
  const statement: OrganisationDocumentContent = {
    kind: "statement",
    organisation: organisation.name,
    month,
    reward: organisation.reward,
    pickups: figures.pickups,
    byMaterial: figures.byMaterial,
    totalGrams: figures.totalGrams,
    totalValuePaise: figures.totalValuePaise,
    totalPaidPaise: figures.totalPaidPaise,
  };
  try {
    return await db.transaction(async (tx) => {
      const rows = [
        { siteId: null, kind: "statement" as const, content: statement },
        ...certificates.map((c) => ({
          siteId: c.siteId,
          kind: "certificate" as const,
          content: c.content,
        })),
      ].map((row) => ({
        ...row,
        organisationId,
        month,
        token: unguessableToken(),
        issuedAt: now,
        issuedBy: actor.email,
      }));
      await tx.insert(organisationDocuments).values(rows);
      await recordAudit(tx, {
        actor,
        action: "organisation.documents",
        entity: "organisation",
        entityId: organisationId,
        after: { month, certificates: certificates.length, totalGrams: figures.totalGrams },
      });
      await enqueueMessage(tx, {
        template: "organisation_documents",
        to: { email: organisation.contactEmail },
        params: {
          name: organisation.contactName,
          organisation: organisation.name,
          month,
          documents: rows.map((row) => ({
            title:
              row.content.kind === "statement"
                ? "Monthly statement"
                : `Certificate of collection, ${row.content.site}`,
            path: `/organisation-documents/${row.token}`,
          })),
        },
        dedupeKey: `organisation-documents:${organisationId}:${month}`,
      });
      return rows.length;
    });
  } catch (error) {
    if (isUniqueViolation(error, "organisation_documents_one_idx")) {
      throw new OrganisationError("dashboard.organisations.monthIssued", 409, "month");
    }
    throw error;
  }
}
