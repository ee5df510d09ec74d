/**
 * The grievance form (docs/accounts.md "Notice, consent and grievances"): name, a mobile number
 * or an e-mail address (at least one), what it is about, the details. Messages are catalogue
 * ids (ADR 0024). Server only (ADR 0006).
 */
import { z } from "zod";
import { grievanceTopics } from "~/db/schema/privacy-notice";
import { optionalEmailAddress, requiredText } from "~/utils/form-schemas";
import { HONEYPOT_FIELD } from "~/utils/honeypot";
import { normaliseIndianMobile } from "~/utils/phone";
import { GRIEVANCE_NOTE_MAX, grievanceLimits } from "./grievance-fields";

/** The form's fields, read from the body (the honeypot too). */
export const grievanceFormFields = [
  "name",
  "phone",
  "email",
  "topic",
  "details",
  HONEYPOT_FIELD,
] as const;

/** An optional Indian mobile number: "" stays null, anything else must be one (E.164 out). */
const optionalMobile = z
  .string()
  .max(grievanceLimits.phone, "errors.form.mobileTooLong")
  .transform((value, ctx) => {
    if (!value.trim()) return null;
    const e164 = normaliseIndianMobile(value);
    if (!e164) {
      ctx.addIssue({ code: "custom", message: "errors.form.mobileInvalid" });
      return z.NEVER;
    }
    return e164;
  });

export const grievanceSchema = z
  .object({
    name: requiredText("name", grievanceLimits.name),
    phone: optionalMobile,
    email: optionalEmailAddress(grievanceLimits.email),
    topic: z.enum(grievanceTopics, "errors.grievance.topicRequired"),
    details: z
      .string()
      .trim()
      .min(1, "errors.grievance.detailsRequired")
      .max(grievanceLimits.details, "errors.grievance.detailsTooLong"),
  })
  .superRefine((value, ctx) => {
    if (!value.phone && !value.email) {
      ctx.addIssue({
        code: "custom",
        path: ["phone"],
        message: "errors.grievance.contactRequired",
      });
    }
  });

export type GrievanceInput = z.output<typeof grievanceSchema>;

/** A staff change on a grievance's dashboard page (English messages: `dashboard.grievances.*`). */
export const grievanceChangeSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("acknowledge") }),
    z.object({ intent: z.literal("resolve") }),
    z.object({
      intent: z.literal("note"),
      note: z.string().trim().max(GRIEVANCE_NOTE_MAX, "dashboard.grievances.noteTooLong"),
    }),
  ],
  { error: "dashboard.grievances.badChange" },
);
