/**
 * zod field builders shared by the server-side form schemas (checkout, pickup, 'Join us'),
 * so a rule and its message live in one place. Their messages are catalogue ids (`errors.form.*`,
 * ADR 0024), rendered in the page's language by `fieldErrorTexts`. Server only: see ADR 0006.
 */
import { z } from "zod";
import { normaliseIndianMobile } from "./phone";

/** The fields `requiredText` knows: each has `errors.form.<field>Required` and `…TooLong`. */
export type RequiredTextField = "name" | "address" | "addressLine1" | "addressLine2" | "city";

/**
 * Required text, trimmed, 1..max characters. Messages are ids (ADR 0024):
 * `errors.form.<field>Required` ("Enter your name.") and `errors.form.<field>TooLong` ("Your
 * name can be at most {max} characters.", `max` from the issue).
 */
export function requiredText(field: RequiredTextField, max: number) {
  return z
    .string()
    .trim()
    .min(1, `errors.form.${field}Required`)
    .max(max, `errors.form.${field}TooLong`);
}

/** A required e-mail address of at most `max` characters. */
export function emailAddress(max: number) {
  return z
    .string()
    .trim()
    .min(1, "errors.form.emailRequired")
    .max(max, "errors.form.emailTooLong")
    .pipe(z.email("errors.form.emailInvalid"));
}

/**
 * An optional e-mail address of at most `max` characters: "" stays null, anything else must be
 * an address (lower-cased out).
 */
export function optionalEmailAddress(max: number) {
  return z
    .string()
    .trim()
    .max(max, "errors.form.emailTooLong")
    .transform((value, ctx) => {
      if (!value) return null;
      if (!z.email().safeParse(value).success) {
        ctx.addIssue({ code: "custom", message: "errors.form.emailInvalid" });
        return z.NEVER;
      }
      return value.toLowerCase();
    });
}

/**
 * An Indian mobile number (10 digits from 6–9, optional +91/0), output as +91XXXXXXXXXX.
 * @param emptyMessage the message id for nothing entered.
 */
export function indianMobile(max: number, emptyMessage = "errors.form.mobileRequired") {
  return z
    .string()
    .max(max, "errors.form.mobileTooLong")
    .transform((value, ctx) => {
      const e164 = normaliseIndianMobile(value);
      if (!e164) {
        ctx.addIssue({
          code: "custom",
          message: value.trim() ? "errors.form.mobileInvalid" : emptyMessage,
        });
        return z.NEVER;
      }
      return e164;
    });
}

/** A 6-digit Indian PIN code that does not start with 0. */
export function pinCode() {
  return z
    .string()
    .trim()
    .regex(/^[1-9][0-9]{5}$/, "errors.form.pinCode");
}
