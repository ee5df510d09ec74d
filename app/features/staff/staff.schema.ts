/**
 * Form rules for staff accounts (docs/dashboard.md). Password strength (length, common
 * passwords) is checked on the server by `passwordProblem`, after this shape check.
 */
import { z } from "zod";
import { staffRoles } from "~/db/schema/staff";
import { emailAddress, requiredText } from "~/utils/form-schemas";

export const staffAccountFields = {
  name: requiredText("name", 100),
  email: emailAddress(320),
  password: z.string().min(1, "Enter a password.").max(1000, "Use at most 256 characters."),
};

export const staffRoleField = z.enum(staffRoles, { error: "Choose admin, staff or collector." });
