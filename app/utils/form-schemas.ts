/**
 * zod field builders shared by the server-side form schemas (checkout, pickup, 'Join us'),
 * so a rule and its message live in one place. Server only: see ADR 0006.
 */
import { z } from "zod";
import { normaliseIndianMobile } from "./phone";

/**
 * The messages of the labels our forms use, written out whole: the Hindi and Kannada
 * catalogues match these English texts (`errors.form.*`, app/i18n/i18n.server.ts).
 */
const requiredTextMessages: Record<string, { empty: string; tooLong: (max: number) => string }> = {
  name: {
    empty: "Enter your name.",
    tooLong: (max) => `Your name can be at most ${max} characters.`,
  },
  address: {
    empty: "Enter your address.",
    tooLong: (max) => `Your address can be at most ${max} characters.`,
  },
  "address (line 1)": {
    empty: "Enter your address (line 1).",
    tooLong: (max) => `Your address (line 1) can be at most ${max} characters.`,
  },
  "address (line 2)": {
    empty: "Enter your address (line 2).",
    tooLong: (max) => `Your address (line 2) can be at most ${max} characters.`,
  },
  city: {
    empty: "Enter your city.",
    tooLong: (max) => `Your city can be at most ${max} characters.`,
  },
};

/** Required text, trimmed, 1..max characters: "Enter your {label}." */
export function requiredText(label: string, max: number) {
  const messages = requiredTextMessages[label];
  return z
    .string()
    .trim()
    .min(1, messages?.empty ?? `Enter your ${label}.`)
    .max(max, messages?.tooLong(max) ?? `Your ${label} can be at most ${max} characters.`);
}

/** A required e-mail address of at most `max` characters. */
export function emailAddress(max: number) {
  return z
    .string()
    .trim()
    .min(1, "Enter your e-mail address.")
    .max(max, "This e-mail address is too long.")
    .pipe(z.email("Enter an e-mail address like name@example.com."));
}

/**
 * An Indian mobile number (10 digits from 6–9, optional +91/0), output as +91XXXXXXXXXX.
 * @param emptyMessage what to say when nothing was entered.
 */
export function indianMobile(max: number, emptyMessage = "Enter your mobile number.") {
  return z
    .string()
    .max(max, "Enter a 10-digit mobile number, like 98450 12345.")
    .transform((value, ctx) => {
      const e164 = normaliseIndianMobile(value);
      if (!e164) {
        ctx.addIssue({
          code: "custom",
          message: value.trim()
            ? "Enter a 10-digit Indian mobile number starting with 6, 7, 8 or 9."
            : emptyMessage,
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
    .regex(/^[1-9][0-9]{5}$/, "Enter a 6-digit PIN code that does not start with 0.");
}
