/**
 * Renders an outbox row into what a channel sends (docs/messages.md "Templates"): an e-mail
 * (subject with the reference, plain text, simple HTML with inline styles and no remote images,
 * every parameter escaped) or a WhatsApp template message (templates-whatsapp.ts), in the row's
 * language. Words live in one table per language (templates-email-en.ts, -hi.ts, -kn.ts; staff
 * alerts are English in each); a language without a table falls back to English. Money is ₹ with
 * Indian grouping, dates are Asia/Kolkata calendar dates in the language's `Intl` format, links
 * are PUBLIC_URL + the row's site-relative path (already in the row's language: `/hi/pickups/…`). Parameters are cut to 500 characters and folded to
 * one line first (templates-params.ts).
 */
import {
  type MessageParamsByTemplate,
  type MessageTemplate,
  messageTemplates,
} from "~/db/outbox.server";
import type { MessageChannel } from "~/db/schema/messages";
import type { RenderedWhatsApp } from "./channel";
import { PermanentSendError, type RenderedByChannel, type RenderedEmail } from "./channel";
import {
  type CopyContext,
  type EmailCopy,
  type EmailTexts,
  englishEmail,
  type SiteForMessages,
} from "./templates-email-en";
import { hindiEmail } from "./templates-email-hi";
import { kannadaEmail } from "./templates-email-kn";
import { messageLang } from "./templates-format";
import { oneLine, prepareParams, siteLink } from "./templates-params";
import { isWhatsAppTemplate, type WhatsAppLanguage, whatsappTemplates } from "./templates-whatsapp";

export type { SiteForMessages } from "./templates-email-en";
export { isWhatsAppTemplate, whatsappTemplates } from "./templates-whatsapp";

/** The e-mail words per language; a language missing here is sent in English. */
export const emailTexts: Partial<Record<string, EmailTexts>> = {
  en: englishEmail,
  hi: hindiEmail,
  kn: kannadaEmail,
};

/** True for a name in `messageTemplates`. */
export function isMessageTemplate(template: string): template is MessageTemplate {
  return (messageTemplates as readonly string[]).includes(template);
}

/** Escapes text for HTML element content and double-quoted attributes. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

function contextFor(site: SiteForMessages, language: string): CopyContext {
  return { site, lang: messageLang(language), link: (path) => siteLink(site.publicUrl, path) };
}

function copyText(copy: EmailCopy): string {
  const parts: string[] = [];
  if (copy.greeting) parts.push(copy.greeting);
  parts.push(...copy.paragraphs);
  if (copy.details?.length) parts.push(copy.details.map(([k, v]) => `${k}: ${v}`).join("\n"));
  for (const section of copy.sections ?? []) {
    const lines = section.lines.length ? section.lines.map((line) => `- ${line}`) : ["- none"];
    parts.push([`${section.heading}:`, ...lines].join("\n"));
  }
  if (copy.action) parts.push(`${copy.action.label}: ${copy.action.url}`);
  if (copy.unsubscribe) parts.push(`${copy.unsubscribe.label}: ${copy.unsubscribe.url}`);
  parts.push(`--\n${copy.footer}`);
  return `${parts.join("\n\n")}\n`;
}

const style = {
  body: "margin:0;padding:0;background:#f5f3ec;",
  frame:
    "max-width:560px;margin:0 auto;padding:24px 16px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#1f2a1f;background:#ffffff;",
  p: "margin:0 0 16px;",
  cellKey: "padding:6px 12px 6px 0;color:#4a5a4a;vertical-align:top;white-space:nowrap;",
  cellValue: "padding:6px 0;font-weight:bold;word-break:break-word;",
  button:
    "display:inline-block;background:#2f6b3a;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;font-weight:bold;",
  small: "margin:0 0 16px;font-size:14px;color:#4a5a4a;word-break:break-all;",
  footer:
    "margin:24px 0 0;padding-top:16px;border-top:1px solid #dddddd;font-size:14px;color:#4a5a4a;",
};

function htmlDetails(details: [string, string][]): string {
  const rows = details.map(
    ([key, value]) =>
      `<tr><td style="${style.cellKey}">${escapeHtml(key)}</td><td style="${style.cellValue}">${escapeHtml(value)}</td></tr>`,
  );
  return `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px;">${rows.join("")}</table>`;
}

function htmlSections(sections: { heading: string; lines: string[] }[]): string {
  return sections
    .map((section) => {
      const items = section.lines.length
        ? section.lines.map((line) => `<li>${escapeHtml(line)}</li>`).join("")
        : "<li>none</li>";
      return `<h2 style="font-size:16px;margin:16px 0 8px;">${escapeHtml(section.heading)}</h2><ul style="margin:0 0 16px;padding-left:20px;">${items}</ul>`;
    })
    .join("");
}

function htmlLink(link: { label: string; url: string }, button: boolean): string {
  const href = escapeHtml(link.url);
  const anchor = `<a href="${href}" style="${button ? style.button : "color:#2f6b3a;"}">${escapeHtml(link.label)}</a>`;
  if (!button) return `<p style="${style.small}">${anchor}: ${href}</p>`;
  return `<p style="${style.p}">${anchor}</p><p style="${style.small}">${href}</p>`;
}

function copyHtml(copy: EmailCopy, language: string, site: SiteForMessages): string {
  const paragraph = (text: string) =>
    `<p style="${style.p}">${escapeHtml(text).replace(/\n/g, "<br>")}</p>`;
  const body = [
    `<p style="${style.small}">${escapeHtml(site.shopName)}</p>`,
    copy.greeting ? paragraph(copy.greeting) : "",
    ...copy.paragraphs.map(paragraph),
    copy.details?.length ? htmlDetails(copy.details) : "",
    copy.sections?.length ? htmlSections(copy.sections) : "",
    copy.action ? htmlLink(copy.action, true) : "",
    copy.unsubscribe ? htmlLink(copy.unsubscribe, false) : "",
    `<p style="${style.footer}">${escapeHtml(copy.footer)}</p>`,
  ].join("");
  return [
    `<!doctype html><html lang="${escapeHtml(language)}"><head><meta charset="utf-8">`,
    `<meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<title>${escapeHtml(copy.subject)}</title></head>`,
    `<body style="${style.body}"><div style="${style.frame}">${body}</div></body></html>`,
  ].join("");
}

function renderFailure(template: string, error: unknown): PermanentSendError {
  const reason = error instanceof Error ? error.message : String(error);
  return new PermanentSendError(`Cannot render ${template}: ${reason.slice(0, 300)}`);
}

/**
 * The e-mail of one outbox row: subject (with the reference), plain text, HTML, and for the
 * newsletter the List-Unsubscribe and List-Unsubscribe-Post headers (RFC 8058), in `language`
 * ('en', 'hi', 'kn'; staff alerts are English in every table); any other language is rendered in
 * English.
 * @throws PermanentSendError for an unknown template or parameters that cannot be rendered
 *   (a row that will never render is not worth a retry).
 */
export function renderEmail<T extends MessageTemplate>(
  template: T,
  params: MessageParamsByTemplate[T],
  language: string,
  site: SiteForMessages,
): RenderedEmail {
  if (!isMessageTemplate(template)) throw new PermanentSendError(`Unknown template ${template}`);
  const texts = emailTexts[language] ?? englishEmail;
  const lang = emailTexts[language] ? language : "en";
  let copy: EmailCopy;
  try {
    const safe = prepareParams(template, params);
    copy = (texts[template] as (p: typeof safe, c: CopyContext) => EmailCopy)(
      safe,
      contextFor(site, lang),
    );
  } catch (error) {
    throw renderFailure(template, error);
  }
  const subject = oneLine(copy.subject) || template;
  const rendered: RenderedEmail = {
    subject,
    text: copyText(copy),
    html: copyHtml({ ...copy, subject }, lang, site),
  };
  if (copy.unsubscribe) {
    rendered.headers = {
      "List-Unsubscribe": `<${copy.unsubscribe.url}>, <mailto:${site.supportEmail}?subject=unsubscribe>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    };
  }
  return rendered;
}

/**
 * The WhatsApp template message of one outbox row: the approved template name, the language
 * code (the row's language when the template is registered in it: 'en', 'hi', 'kn'; else 'en')
 * and the ordered body parameters in that language (dates, weights, the reward; single-line, at
 * most 500 characters, never empty).
 * @throws PermanentSendError for staff templates and the newsletter (e-mail only), an unknown
 *   template, or parameters that cannot be rendered.
 */
export function renderWhatsApp<T extends MessageTemplate>(
  template: T,
  params: MessageParamsByTemplate[T],
  language: string,
  site: SiteForMessages,
): RenderedWhatsApp {
  if (!isWhatsAppTemplate(template)) {
    throw new PermanentSendError(
      isMessageTemplate(template)
        ? `${template} is sent by e-mail only, never on WhatsApp`
        : `Unknown template ${template}`,
    );
  }
  const spec = whatsappTemplates[template];
  const languageCode = spec.languages.includes(language as WhatsAppLanguage) ? language : "en";
  try {
    const safe = prepareParams(template, params);
    const values = (spec.values as (p: typeof safe, c: CopyContext) => string[])(
      safe,
      contextFor(site, languageCode),
    );
    const copyCode = (spec.copyCode as ((p: typeof safe) => string) | undefined)?.(safe);
    return {
      templateName: spec.name,
      languageCode,
      bodyParameters: values.map((value) => oneLine(value) || "–"),
      ...(copyCode === undefined ? {} : { copyCode }),
    };
  } catch (error) {
    throw renderFailure(template, error);
  }
}

/**
 * Renders a row read from the outbox (template and params as stored) for `channel`.
 * @throws PermanentSendError as renderEmail / renderWhatsApp do.
 */
export function renderForChannel<C extends MessageChannel>(
  channel: C,
  row: { template: string; params: unknown; language: string },
  site: SiteForMessages,
): RenderedByChannel[C] {
  const template = row.template as MessageTemplate;
  const params = row.params as MessageParamsByTemplate[MessageTemplate];
  const rendered =
    channel === "email"
      ? renderEmail(template, params, row.language, site)
      : renderWhatsApp(template, params, row.language, site);
  return rendered as RenderedByChannel[C];
}
