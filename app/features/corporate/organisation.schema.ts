/**
 * The dashboard's forms for organisation accounts (docs/corporate.md "Organisation accounts"):
 * the account (name, kind, contact, reward and where money goes) and a site with its recurring
 * pickup schedule. Messages are `dashboard.organisations.*` and `errors.form.*` ids, shown in
 * English (the dashboard's language). Server only (ADR 0006).
 */
import { z } from "zod";
import {
  organisationKinds,
  organisationRewards,
  scheduleFrequencies,
} from "~/db/schema/organisations";
import { isCalendarDate } from "~/utils/dates";
import { indianMobile, pinCode, requiredText } from "~/utils/form-schemas";

/** Longest texts the forms accept. */
export const organisationLimits = {
  name: 120,
  contactName: 80,
  phone: 20,
  email: 254,
  payoutDetails: 200,
  siteName: 80,
  addressLine1: 200,
  addressLine2: 200,
  city: 80,
} as const;

/** The contact person's name, 1 to 80 characters. */
function contactName() {
  return z
    .string()
    .trim()
    .min(1, "dashboard.organisations.contactNameRequired")
    .max(organisationLimits.contactName, "dashboard.organisations.contactNameTooLong");
}

export const organisationFields = [
  "leadId",
  "name",
  "kind",
  "contactName",
  "contactPhone",
  "contactEmail",
  "reward",
  "payoutDetails",
] as const;

export const organisationSchema = z
  .object({
    leadId: z
      .string()
      .trim()
      .transform((value) => (/^[1-9][0-9]{0,8}$/.test(value) ? Number(value) : null)),
    name: z
      .string()
      .trim()
      .min(1, "dashboard.organisations.nameRequired")
      .max(organisationLimits.name, "dashboard.organisations.nameTooLong"),
    kind: z.enum(organisationKinds, "dashboard.organisations.kindRequired"),
    contactName: contactName(),
    contactPhone: indianMobile(organisationLimits.phone, "dashboard.organisations.mobileRequired"),
    contactEmail: z
      .string()
      .trim()
      .min(1, "dashboard.organisations.emailRequired")
      .max(organisationLimits.email, "errors.form.emailTooLong")
      .pipe(z.email("errors.form.emailInvalid"))
      .transform((value) => value.toLowerCase()),
    reward: z.enum(organisationRewards, "dashboard.organisations.rewardRequired"),
    payoutDetails: z
      .string()
      .trim()
      .max(organisationLimits.payoutDetails, "dashboard.organisations.payoutTooLong"),
  })
  // Runs even when other fields were refused, so every message shows at once.
  .refine((value) => value.reward !== "money" || value.payoutDetails.length > 0, {
    path: ["payoutDetails"],
    message: "dashboard.organisations.payoutRequired",
    when: (payload) => {
      const value = payload.value as { reward?: unknown; payoutDetails?: unknown };
      return typeof value.payoutDetails === "string";
    },
  })
  .transform((value) => ({
    ...value,
    payoutDetails: value.reward === "money" ? value.payoutDetails : "",
  }));

export type OrganisationInput = z.output<typeof organisationSchema>;

export const siteFields = [
  "siteName",
  "addressLine1",
  "addressLine2",
  "city",
  "pinCode",
  "contactName",
  "contactPhone",
  "frequency",
  "weekday",
  "slotStart",
  "startsOn",
] as const;

/** A site and its schedule; `slots` are the configured pickup slots' starts ("HH:MM"). */
export function siteSchema(slots: readonly string[]) {
  return z.object({
    siteName: z
      .string()
      .trim()
      .min(1, "dashboard.organisations.siteNameRequired")
      .max(organisationLimits.siteName, "dashboard.organisations.siteNameTooLong"),
    addressLine1: requiredText("addressLine1", organisationLimits.addressLine1),
    addressLine2: z
      .string()
      .trim()
      .max(organisationLimits.addressLine2, "errors.form.addressLine2TooLong"),
    city: requiredText("city", organisationLimits.city),
    pinCode: pinCode(),
    contactName: contactName(),
    contactPhone: indianMobile(organisationLimits.phone, "dashboard.organisations.mobileRequired"),
    frequency: z.enum(scheduleFrequencies, "dashboard.organisations.frequencyRequired"),
    weekday: z
      .string()
      .regex(/^[1-7]$/, "dashboard.organisations.weekdayRequired")
      .transform(Number),
    slotStart: z
      .string()
      .refine((value) => slots.includes(value), "dashboard.organisations.slotRequired"),
    startsOn: z
      .string()
      .trim()
      .refine((value) => isCalendarDate(value), "dashboard.organisations.startsOnInvalid"),
  });
}

export type SiteInput = z.output<ReturnType<typeof siteSchema>>;
