/**
 * The English-word checker of the Hindi and Kannada pages (docs/languages.md "Glossary"): the
 * page's visible text (`innerText` of the body) without an allow-list, then every run of Latin
 * letters that is left. A Hindi or Kannada customer page should leave none: what may stay in
 * Latin letters is the brand, what the customer typed (name, address, e-mail), codes and
 * references (`SS-7K2M-9QXD`, `PU-…`, `OR-…`, `CL-…`, `LD-…`), e-mail addresses, URLs, the language
 * switch's 'English' (its label is English by contract, docs/contracts.md "Languages"), and
 * proper names written in Latin letters in every language: UPI, GST and GSTIN (as on every
 * Indian bill and form), PDF (a bill's download), the footer's social networks and the trade code
 * HPP of the rate list's "HPP/पानी/तेल की थैली".
 */
import type { Locator, Page } from "@playwright/test";
import { BRAND_NAME } from "~/utils/brand";

/** Names that stay in Latin letters on Hindi and Kannada pages (see the module comment). */
export const PROPER_NAMES = [
  "English",
  "UPI",
  "GSTIN",
  "GST",
  "PDF",
  "WhatsApp",
  "Facebook",
  "Instagram",
  "HPP",
];

/** Codes and references the site prints: coupons, pickups, orders, payments. */
const CODES = /\b(?:SS-[0-9A-Z]{4}-[0-9A-Z]{4}|(?:PU|OR|CL|LD)-[0-9A-Z]+|pay_[0-9A-Za-z]+)\b/g;
const EMAILS = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
const URLS = /\bhttps?:\/\/\S+|\bwww\.\S+/g;

/**
 * The runs of Latin letters left in `text` once `allow` (exact strings, longest first), the
 * brand, codes, references, e-mail addresses and URLs are taken out.
 */
export function latinWords(text: string, allow: readonly string[] = []): string[] {
  let rest = text.replace(URLS, " ").replace(EMAILS, " ").replace(CODES, " ");
  const allowed = [BRAND_NAME, ...PROPER_NAMES, ...allow].sort((a, b) => b.length - a.length);
  for (const phrase of allowed) rest = rest.split(phrase).join(" ");
  return [...new Set(rest.match(/[A-Za-z]+/g) ?? [])];
}

/** The Latin-letter words left on `page` (see `latinWords`). */
export async function latinWordsOnPage(page: Page, allow: readonly string[] = []) {
  return latinWordsIn(page.locator("body"), allow);
}

/** The Latin-letter words left in the visible text of `part` of a page (see `latinWords`). */
export async function latinWordsIn(part: Locator, allow: readonly string[] = []) {
  // biome-ignore lint/performance/useDomNodeTextContent: the visible text is what the customer reads; textContent would add hidden text and scripts
  const text = await part.innerText();
  return latinWords(text, allow);
}
