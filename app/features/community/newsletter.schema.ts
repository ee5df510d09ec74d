/**
 * The newsletter page's forms (docs/messages.md "Newsletter"): 'Preview' and 'Send', both with
 * the subject, the plain text and the form's idempotency key. Messages are
 * `dashboard.newsletter.*` ids (ADR 0024), rendered by `fieldErrorTexts("en", issues)` with the
 * `min` / `max` of the issue. Server only (ADR 0006).
 */
import { z } from "zod";
import { UNKNOWN_ACTION } from "~/utils/intent-form";
import {
  NEWSLETTER_SUBJECT_MAX,
  NEWSLETTER_SUBJECT_MIN,
  NEWSLETTER_TEXT_MAX,
  NEWSLETTER_TEXT_MIN,
} from "./newsletter-fields";

/** A subject goes into a mail header: one line, no control characters (no header injection). */
const subject = z
  .string()
  .trim()
  .min(NEWSLETTER_SUBJECT_MIN, "dashboard.newsletter.subjectTooShort")
  .max(NEWSLETTER_SUBJECT_MAX, "dashboard.newsletter.subjectTooLong")
  .refine((value) => !/\p{Cc}/u.test(value), "dashboard.newsletter.subjectOneLine");

/** Plain text, line ends made "\n"; paragraphs are separated by blank lines. */
const text = z
  .string()
  .transform((value) => value.replace(/\r\n?/g, "\n").trim())
  .pipe(
    z
      .string()
      .min(NEWSLETTER_TEXT_MIN, "dashboard.newsletter.textTooShort")
      .max(NEWSLETTER_TEXT_MAX, "dashboard.newsletter.textTooLong")
      .refine(
        (value) => !/\p{Cc}/u.test(value.replace(/[\n\t]/g, "")),
        "dashboard.newsletter.textUnsendable",
      ),
  );

/** The form's idempotency key (codes.server.ts `idempotencyKey`: 22 base64url characters). */
const newsletterId = z
  .string({ error: "dashboard.newsletter.pageOutOfDate" })
  .regex(/^[A-Za-z0-9_-]{22}$/, "dashboard.newsletter.pageOutOfDate");

const fields = { subject, text, newsletterId };

/** intent = preview | send, each with subject, text and newsletterId. */
export const newsletterActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("preview"), ...fields }),
    z.object({ intent: z.literal("send"), ...fields }),
  ],
  { error: UNKNOWN_ACTION },
);
export type NewsletterAction = z.output<typeof newsletterActionSchema>;
