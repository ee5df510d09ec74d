/**
 * The newsletter page's forms (docs/messages.md "Newsletter"): 'Preview' and 'Send', both with
 * the subject, the plain text and the form's idempotency key. Server only (ADR 0006).
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
  .min(NEWSLETTER_SUBJECT_MIN, `Write a subject of at least ${NEWSLETTER_SUBJECT_MIN} characters.`)
  .max(NEWSLETTER_SUBJECT_MAX, `The subject can be at most ${NEWSLETTER_SUBJECT_MAX} characters.`)
  .refine((value) => !/\p{Cc}/u.test(value), "The subject must be one line of text.");

/** Plain text, line ends made "\n"; paragraphs are separated by blank lines. */
const text = z
  .string()
  .transform((value) => value.replace(/\r\n?/g, "\n").trim())
  .pipe(
    z
      .string()
      .min(NEWSLETTER_TEXT_MIN, `Write a text of at least ${NEWSLETTER_TEXT_MIN} characters.`)
      .max(NEWSLETTER_TEXT_MAX, `The text can be at most ${NEWSLETTER_TEXT_MAX} characters.`)
      .refine(
        (value) => !/\p{Cc}/u.test(value.replace(/[\n\t]/g, "")),
        "The text contains characters that cannot be sent.",
      ),
  );

/** The form's idempotency key (codes.server.ts `idempotencyKey`: 22 base64url characters). */
const newsletterId = z
  .string({ error: "This page is out of date. Please reload it." })
  .regex(/^[A-Za-z0-9_-]{22}$/, "This page is out of date. Please reload it.");

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
