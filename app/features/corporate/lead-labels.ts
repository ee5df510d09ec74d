/**
 * The English names of an organisation's kinds, the services and a lead's statuses, as the
 * dashboard and the staff alert show them (docs/corporate.md). Browser-safe.
 */
import type { LeadService, LeadStatus, OrganisationKind } from "~/db/schema/organisations";

export const organisationKindLabels: Record<OrganisationKind, string> = {
  office: "Office",
  housing_society: "Housing society",
  school: "School or college",
  shop: "Shop or business",
};
export const leadServiceLabels: Record<LeadService, string> = {
  scrap_pickups: "Regular scrap pickups",
  plant_care: "Office plants and their care",
  bio_waste: "Bio-waste management",
};
export const leadStatusLabels: Record<LeadStatus, string> = {
  new: "New",
  contacted: "Contacted",
  won: "Won",
  lost: "Lost",
};

/** The services of a lead in English words, in their stored order, joined by commas. */
export function leadServicesText(services: readonly LeadService[]): string {
  return services.map((service) => leadServiceLabels[service]).join(", ");
}
