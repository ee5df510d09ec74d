/**
 * The English names of an organisation's kinds, the services and a lead's statuses, as the
 * dashboard and the staff alert show them (docs/corporate.md). Browser-safe.
 */
import type {
  LeadService,
  LeadStatus,
  OrganisationKind,
  OrganisationReward,
  ScheduleFrequency,
} from "~/db/schema/organisations";

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

export const organisationRewardLabels: Record<OrganisationReward, string> = {
  money: "Money to the organisation's bank account or UPI ID",
  coupon: "Coupons for its members",
};
export const frequencyLabels: Record<ScheduleFrequency, string> = {
  weekly: "Every week",
  fortnightly: "Every other week",
  monthly: "Once a month (the first such weekday)",
};
/** ISO weekdays 1 (Monday) to 7 (Sunday), index 0 unused. */
export const weekdayLabels = [
  "",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
  "Sunday",
] as const;

/** "Every week on Saturday, 09:00" for a site's schedule. */
export function scheduleText(site: {
  frequency: ScheduleFrequency;
  weekday: number;
  slotStart: string;
}): string {
  const when =
    site.frequency === "monthly"
      ? "Monthly, on the first"
      : `${frequencyLabels[site.frequency]} on`;
  return `${when} ${weekdayLabels[site.weekday] ?? ""}, from ${site.slotStart}`;
}
