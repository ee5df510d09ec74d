/**
 * Every refusal reaches the visitor in the page's language (ADR 0024, docs/languages.md
 * "Refusals"): each refusal id (`errors.*`, the changed lines of a refused order,
 * `checkout.refusal.*`, and the collector's at the door, `collector.refusal.*`) rendered with sample values through the catalogues in English, Hindi and
 * Kannada shows words, never its id, never an unfilled placeholder, and on a Hindi or Kannada
 * page no English word. The staff dashboard's refusals (`dashboard.*`, English only) are walked
 * in English.
 */
import { describe, expect, it } from "vitest";
import { englishText, Refusal } from "~/utils/refusal";
import { catalogues, refusalText } from "./i18n.server";
import { languages } from "./languages";

const refusalIds = Object.keys(catalogues.en)
  .filter((id) =>
    ["errors.", "checkout.refusal.", "collector.refusal."].some((p) => id.startsWith(p)),
  )
  .sort();

/** The staff dashboard's refusal and form-message ids: English only (ENGLISH_ONLY_NAMESPACES). */
const dashboardIds = Object.keys(catalogues.en)
  .filter((id) => id.startsWith("dashboard."))
  .sort();

/** Sample values: digits only, so any Latin letters on the page come from the message. */
function sampleValues(id: string): Record<string, string> {
  const names = [...(catalogues.en[id] as string).matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  return Object.fromEntries(names.map((name) => [name as string, "42"]));
}

/**
 * Latin-letter tokens a Hindi or Kannada message may keep: units and abbreviations written so
 * on Indian forms, and examples of what to type (they hold a digit or an `@`).
 */
const allowedLatin = new Set([
  "PIN",
  "UPI",
  "ID",
  "GSTIN",
  "GST",
  "MB",
  "JPEG",
  "PNG",
  "WebP",
  "HEIC",
]);

function englishWords(text: string): string[] {
  return text
    .split(/\s+/)
    .map((token) => token.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ""))
    .filter((token) => /[A-Za-z]/.test(token))
    .filter((token) => !allowedLatin.has(token) && !/[@0-9]/.test(token));
}

describe("refusals in every language", () => {
  it("has refusal ids to walk", () => {
    expect(refusalIds.length).toBeGreaterThan(100);
  });

  for (const lang of languages) {
    it(`${lang}: every refusal id renders as words of the page's language`, () => {
      const wrong: string[] = [];
      for (const id of refusalIds) {
        const values = sampleValues(id);
        if (catalogues[lang][id] === undefined) wrong.push(`${id}: no ${lang} translation`);
        const text = refusalText(lang, { id, values });
        if (text.includes(id) || /^[\w.]+$/.test(text)) wrong.push(`${id}: shown raw as "${text}"`);
        if (/[{}]/.test(text)) wrong.push(`${id}: placeholder left in "${text}"`);
        if (lang !== "en") {
          const english = englishWords(text);
          if (english.length > 0) wrong.push(`${id}: English ${english.join(", ")} in "${text}"`);
          if (text === refusalText("en", { id, values })) wrong.push(`${id}: same as English`);
        }
      }
      expect(wrong).toEqual([]);
    });
  }

  it("en: every dashboard refusal id renders as words, and only in English", () => {
    expect(dashboardIds.length).toBeGreaterThan(50);
    const wrong: string[] = [];
    for (const id of dashboardIds) {
      const values = sampleValues(id);
      const text = refusalText("en", { id, values });
      if (text.includes(id) || /^[\w.]+$/.test(text)) wrong.push(`${id}: shown raw as "${text}"`);
      if (/[{}]/.test(text)) wrong.push(`${id}: placeholder left in "${text}"`);
      if (!/[A-Za-z]{2,}/.test(text)) wrong.push(`${id}: no English words in "${text}"`);
      for (const lang of languages.filter((other) => other !== "en")) {
        if (catalogues[lang][id] !== undefined) wrong.push(`${id}: also in ${lang}.json`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("gives a refusal's Error message as the English catalogue renders it", () => {
    const wrong = [...refusalIds, ...dashboardIds].filter((id) => {
      const values = sampleValues(id);
      const english = refusalText("en", { id, values });
      return englishText(id, values) !== english || new Refusal(id, values).message !== english;
    });
    expect(wrong).toEqual([]);
  });

  it("refuses an id that is not in the catalogue as a programming error", () => {
    expect(() => new Refusal("errors.nobody.wroteThis")).toThrow(/No message/);
  });
});
