/**
 * The newsletter form's field names and limits (docs/messages.md "Newsletter"), without zod, for
 * the page's input attributes; newsletter.schema.ts checks the same limits on the server.
 */
export const NEWSLETTER_SUBJECT_MIN = 3;
export const NEWSLETTER_SUBJECT_MAX = 150;
export const NEWSLETTER_TEXT_MIN = 10;
export const NEWSLETTER_TEXT_MAX = 20_000;

export const newsletterFieldLimits = {
  subject: NEWSLETTER_SUBJECT_MAX,
  text: NEWSLETTER_TEXT_MAX,
} as const;

/** The text's paragraphs: blocks separated by one or more blank lines, trimmed, none empty. */
export function newsletterParagraphs(text: string): string[] {
  return text
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n+/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph.length > 0);
}
