/**
 * The tie-up enquiry form's limits, choices and allowance (docs/corporate.md "The enquiry").
 * Safe for the browser bundle: the form's maxlength and choices read it.
 */
import type { LeadService, OrganisationKind } from "~/db/schema/organisations";

/** Longest value of each text field, characters. */
export const leadLimits = {
  organisation: 120,
  sites: 3,
  pinCode: 6,
  kgPerWeek: 6,
  name: 100,
  phone: 20,
  email: 254,
  message: 1000,
} as const;

/** Enquiries one client address may send per hour (a public form: rate limited). */
export const LEADS_PER_HOUR = 5;

/** Longest staff note on a lead, characters. */
export const LEAD_NOTE_MAX = 2000;

/** The kinds of organisation in their order on the form (the database's `organisationKinds`). */
export const organisationKindChoices = [
  "housing_society",
  "office",
  "school",
  "shop",
] as const satisfies readonly OrganisationKind[];

/** The services in their order on the form and in the database (`leadServices`). */
export const leadServiceChoices = [
  "scrap_pickups",
  "plant_care",
  "bio_waste",
] as const satisfies readonly LeadService[];
