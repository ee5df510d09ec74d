/**
 * Template parameters made safe to render (docs/messages.md "Templates"): every string is cut to
 * a length limit with an ellipsis (500 characters; the newsletter's text 20,000), and every
 * single-line value has its line breaks, tabs and runs of spaces folded into one space, so a name
 * such as "x\r\nBcc: …" can never become a header line, a second WhatsApp line or a broken
 * subject. Links are built from site-relative paths only.
 */
import type { MessageTemplate } from "~/db/outbox.server";

/** Longest single parameter, characters: longer values end in "…". */
export const maxParamLength = 500;
/** Longest newsletter text, characters. */
export const maxNewsletterTextLength = 20_000;

/** Parameters that keep their line breaks (paragraphs of the newsletter). */
const multiLine: Partial<Record<MessageTemplate, Record<string, number>>> = {
  newsletter: { text: maxNewsletterTextLength },
};

/** Cuts `value` to at most `limit` characters (code points), the last one "…". */
export function truncate(value: string, limit: number): string {
  if (value.length <= limit) return value;
  const points = Array.from(value);
  if (points.length <= limit) return value;
  return `${points.slice(0, limit - 1).join("")}…`;
}

/** Folds CR, LF, tabs, other control characters and runs of spaces into single spaces. */
export function oneLine(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
  return value.replace(/[\s\u0000-\u001f\u007f\u2028\u2029]+/g, " ").trim();
}

/** Line breaks normalised to "\n", other control characters removed (multi-line values). */
function cleanMultiLine(value: string): string {
  return (
    value
      .replace(/\r\n?/g, "\n")
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, "")
  );
}

function prepareValue(value: unknown, limit: number, keepLines: boolean): unknown {
  if (typeof value === "string") {
    return truncate(keepLines ? cleanMultiLine(value) : oneLine(value), limit);
  }
  if (Array.isArray(value)) return value.map((item) => prepareValue(item, maxParamLength, false));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, prepareValue(item, maxParamLength, false)]),
    );
  }
  return value;
}

/**
 * A copy of `params` with every string single-line and cut to 500 characters (the newsletter's
 * `text` keeps its paragraphs and is cut to 20,000). Numbers and booleans are unchanged.
 * @throws TypeError when `params` is not an object.
 */
export function prepareParams<T>(template: MessageTemplate, params: T): T {
  if (params === null || typeof params !== "object" || Array.isArray(params)) {
    throw new TypeError(`The parameters of ${template} are not an object`);
  }
  const keep = multiLine[template] ?? {};
  const prepared = Object.entries(params as Record<string, unknown>).map(([key, value]) => {
    const limit = keep[key];
    return [key, prepareValue(value, limit ?? maxParamLength, limit !== undefined)];
  });
  return Object.fromEntries(prepared) as T;
}

/**
 * `publicUrl` + a site-relative `path` ("/pickups/abc"): a path that is not site-relative
 * (a full URL, "//host", "javascript:…") is read as relative to the site, never as another origin.
 */
export function siteLink(publicUrl: string, path: string): string {
  const origin = publicUrl.replace(/\/+$/, "");
  const relative = `/${path.replace(/^[\s/\\]+/, "")}`;
  return `${origin}${relative.replace(/\s/g, "%20")}`;
}
