/**
 * The tie-up enquiry on /corporate (docs/corporate.md "The enquiry"): organisation, kind, sites,
 * the main site's PIN code, expected kilograms of scrap a week, the services wanted (at least
 * one), the contact's name, mobile and optional e-mail, a message. Messages are catalogue ids
 * (ADR 0024). Server only (ADR 0006).
 */
import { z } from "zod";
import { leadServices, leadStatuses, organisationKinds } from "~/db/schema/organisations";
import { indianMobile, optionalEmailAddress, pinCode, requiredText } from "~/utils/form-schemas";
import { HONEYPOT_FIELD } from "~/utils/honeypot";
import { LEAD_NOTE_MAX, leadLimits } from "./lead-fields";

/** The form's fields as read from the body; `services` arrives joined by commas. */
export const leadFormFields = [
  "organisation",
  "kind",
  "sites",
  "pinCode",
  "kgPerWeek",
  "services",
  "name",
  "phone",
  "email",
  "message",
  HONEYPOT_FIELD,
] as const;

/** A whole number typed in a text box (spaces and Indian digit grouping commas allowed). */
function wholeNumber(min: number, max: number, message: string) {
  return z.string().transform((value, ctx) => {
    const digits = value.replace(/[\s,]/g, "");
    const number = /^[0-9]{1,6}$/.test(digits) ? Number(digits) : Number.NaN;
    if (!(number >= min && number <= max)) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return number;
  });
}

export const leadSchema = z.object({
  organisation: z
    .string()
    .trim()
    .min(1, "errors.lead.organisationRequired")
    .max(leadLimits.organisation, "errors.lead.organisationTooLong"),
  kind: z.enum(organisationKinds, "errors.lead.kindRequired"),
  sites: wholeNumber(1, 999, "errors.lead.sites"),
  pinCode: pinCode(),
  kgPerWeek: wholeNumber(0, 100_000, "errors.lead.kgPerWeek"),
  services: z.string().transform((value, ctx) => {
    const chosen = new Set(value.split(","));
    const services = leadServices.filter((service) => chosen.has(service));
    if (services.length === 0) {
      ctx.addIssue({ code: "custom", message: "errors.lead.servicesRequired" });
      return z.NEVER;
    }
    return services;
  }),
  name: requiredText("name", leadLimits.name),
  phone: indianMobile(leadLimits.phone),
  email: optionalEmailAddress(leadLimits.email),
  message: z.string().trim().max(leadLimits.message, "errors.lead.messageTooLong"),
});

export type LeadInput = z.output<typeof leadSchema>;

/** A staff change on a lead's dashboard page (English messages: `dashboard.leads.*`). */
export const leadChangeSchema = z.object({
  status: z.enum(leadStatuses, "dashboard.leads.badStatus"),
  note: z.string().trim().max(LEAD_NOTE_MAX, "dashboard.leads.noteTooLong"),
});
