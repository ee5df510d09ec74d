/**
 * The end of the records the shop keeps as proof (docs/accounts.md "Personal data and erasure";
 * the privacy notice, content/pages/privacy-notice.md): a withdrawn consent is the proof that
 * consent was given and withdrawn (DPDP Act 2023 s.6(10)) and a grievance the record of a
 * complaint and its answer (s.13; Consumer Protection (E-Commerce) Rules 2020 r.4(5)); both are
 * kept {@link PROOF_KEPT_YEARS} years, then deleted by the scheduler's daily
 * 'delete-old-consents-and-grievances' job. The same job deletes an organisation's tie-up
 * enquiry (a lead, docs/corporate.md) 3 years after staff closed it (won or lost), as the
 * privacy notice's "tieups" section says.
 */
import { and, inArray, isNotNull, lt } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { leads } from "~/db/schema/organisations";
import { consents, grievances } from "~/db/schema/privacy-notice";

/** Years a withdrawn consent and an answered grievance are kept (the privacy notice). */
export const PROOF_KEPT_YEARS = 3;

/** `now` less `years` calendar years (UTC; 29 Feb becomes 1 Mar). */
function yearsBefore(now: Date, years: number): Date {
  const cutoff = new Date(now.getTime());
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - years);
  return cutoff;
}

/**
 * Deletes consents withdrawn, grievances resolved (answered) and leads closed (won or lost)
 * more than {@link PROOF_KEPT_YEARS} years before `now`. A consent still in force, a grievance
 * not yet answered and an open lead are kept whatever their age. Idempotent.
 * @returns how many of each were deleted.
 */
export async function deleteOldConsentsAndGrievances(
  db: Database,
  now: Date,
): Promise<{ consents: number; grievances: number; leads: number }> {
  const cutoff = yearsBefore(now, PROOF_KEPT_YEARS);
  const oldConsents = await db
    .delete(consents)
    .where(and(isNotNull(consents.withdrawnAt), lt(consents.withdrawnAt, cutoff)))
    .returning({ id: consents.id });
  const oldGrievances = await db
    .delete(grievances)
    .where(and(isNotNull(grievances.resolvedAt), lt(grievances.resolvedAt, cutoff)))
    .returning({ id: grievances.id });
  const oldLeads = await db
    .delete(leads)
    .where(and(inArray(leads.status, ["won", "lost"]), lt(leads.statusChangedAt, cutoff)))
    .returning({ id: leads.id });
  return {
    consents: oldConsents.length,
    grievances: oldGrievances.length,
    leads: oldLeads.length,
  };
}
