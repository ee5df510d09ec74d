/**
 * Form rules for staff accounts (docs/dashboard.md). Password strength (length, common
 * passwords) is checked on the server by `passwordProblem`, after this shape check. Messages are
 * ids (ADR 0024): `dashboard.staff.*`, and the shared `errors.form.*` of `requiredText` and
 * `emailAddress`, rendered by `fieldErrorTexts("en", issues)`.
 */
import { z } from "zod";
import { staffRoles } from "~/db/schema/staff";
import { emailAddress, requiredText } from "~/utils/form-schemas";
import { normaliseIndianMobile } from "~/utils/phone";

/** Longest password the form passes on; `passwordProblem` then refuses anything over 256. */
const PASSWORD_INPUT_MAX = 1000;

export const staffAccountFields = {
  name: requiredText("name", 100),
  email: emailAddress(320),
  password: z
    .string()
    .min(1, "dashboard.staff.passwordRequired")
    // The message names the real limit (256, MAX_PASSWORD_LENGTH), not this cut-off.
    .refine((value) => value.length <= PASSWORD_INPUT_MAX, {
      message: "dashboard.staff.passwordTooLong",
      params: { max: 256 },
    }),
};

export const staffRoleField = z.enum(staffRoles, { error: "dashboard.staff.roleInvalid" });

/**
 * The optional 'Phone' of a staff account: empty clears it (null), otherwise an Indian mobile
 * number stored `+91XXXXXXXXXX` (errors `errors.form.mobile*`; docs/exchange.md).
 */
export const staffPhoneField = z
  .string()
  .max(20, "errors.form.mobileTooLong")
  .transform((value, ctx) => {
    if (value.trim() === "") return null;
    const e164 = normaliseIndianMobile(value);
    if (!e164) {
      ctx.addIssue({ code: "custom", message: "errors.form.mobileInvalid" });
      return z.NEVER;
    }
    return e164;
  });

/**
 * The Staff page's new account (docs/dashboard.md "Staff"; ADR 0032): name, role, password, an
 * optional phone and an e-mail, which a collector may leave empty when a phone is given (they
 * then sign in with the phone). Output `email` is null when left empty. Messages: the fields'
 * own, `errors.form.email*` and `dashboard.staff.emailOrPhoneRequired` next to 'Email'.
 */
export const staffCreateSchema = z
  .object({
    name: staffAccountFields.name,
    email: z.string().trim().max(320, "errors.form.emailTooLong"),
    phone: staffPhoneField,
    role: staffRoleField,
    password: staffAccountFields.password,
  })
  .superRefine((account, ctx) => {
    const problem = emailProblem(account);
    if (problem) ctx.addIssue({ code: "custom", path: ["email"], message: problem });
  })
  .transform((account) => ({ ...account, email: account.email === "" ? null : account.email }));

function emailProblem(account: {
  email: string;
  phone: string | null;
  role: string;
}): string | null {
  if (account.email !== "") {
    return z.email().safeParse(account.email).success ? null : "errors.form.emailInvalid";
  }
  if (account.role !== "collector") return "errors.form.emailRequired";
  return account.phone ? null : "dashboard.staff.emailOrPhoneRequired";
}
