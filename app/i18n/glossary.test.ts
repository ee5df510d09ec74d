/**
 * The catalogues use the glossary's one term per idea (docs/languages.md "Glossary"): the table
 * is read from that page, so the page and the test cannot drift apart. Fails when a Hindi or
 * Kannada message uses a word of the table's "not" columns, when a message whose English has
 * "kg" lacks the language's kg word, when a mobile-number field has another label, and when the
 * formatting helpers' kg word differs from the table's.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { kgUnit } from "~/utils/units";
import { catalogues } from "./i18n.server";

interface Term {
  english: string;
  hi: string;
  kn: string;
  notHi: string[];
  notKn: string[];
}

const docs = readFileSync(path.resolve(import.meta.dirname, "../../docs/languages.md"), "utf8");

/** The rows of the glossary table under "## Glossary". */
function glossary(): Term[] {
  const section = docs.slice(docs.indexOf("## Glossary"));
  const table = section.slice(0, section.indexOf("\n## ", 3));
  const list = (cell: string) =>
    cell
      .split(",")
      .map((word) => word.trim())
      .filter((word) => word !== "");
  return table
    .split("\n")
    .filter((line) => line.startsWith("| ") && !line.startsWith("| English"))
    .map((line) => line.split("|").slice(1, -1))
    .map(([english = "", hi = "", kn = "", notHi = "", notKn = ""]) => ({
      english: english.trim(),
      hi: hi.trim(),
      kn: kn.trim(),
      notHi: list(notHi),
      notKn: list(notKn),
    }));
}

const terms = glossary();
const term = (english: string) => {
  const found = terms.find((row) => row.english === english);
  if (!found) throw new Error(`No glossary row for ${english}`);
  return found;
};

/** The message without its `{placeholder}` names (a name in the code, not a word on the page). */
function words(message: string): string {
  return message.replace(/\{\s*\w+\s*(?=[,}])/g, "{");
}

/** Whether `text` has `word`; Latin words only as whole words ("kg", not "kgs" or "{kg}"). */
function has(text: string, word: string): boolean {
  if (/^[A-Za-z]+$/.test(word)) return new RegExp(`(?<![A-Za-z])${word}(?![A-Za-z])`).test(text);
  return text.includes(word);
}

describe("glossary (docs/languages.md)", () => {
  it("has the rows the brief names", () => {
    for (const english of [
      "reward",
      "weigh sheet",
      "verified scales",
      "kg",
      "choose",
      "mobile number",
      "coupon",
      "pickup",
      "collector",
      "rate per kg",
    ]) {
      expect(term(english).hi, english).not.toBe("");
      expect(term(english).kn, english).not.toBe("");
    }
  });

  for (const lang of ["hi", "kn"] as const) {
    it(`${lang}: no message uses a word the glossary rules out`, () => {
      const wrong: string[] = [];
      for (const [id, message] of Object.entries(catalogues[lang])) {
        for (const row of terms) {
          for (const banned of lang === "hi" ? row.notHi : row.notKn) {
            if (has(words(message), banned)) wrong.push(`${id}: “${banned}” (use “${row[lang]}”)`);
          }
        }
      }
      expect(wrong).toEqual([]);
    });

    it(`${lang}: a message about kg says the glossary's kg word`, () => {
      const kg = term("kg")[lang];
      const missing = Object.entries(catalogues.en)
        .filter(([id, english]) => has(words(english), "kg") && id in catalogues[lang])
        .filter(([id]) => !words(catalogues[lang][id] ?? "").includes(kg))
        .map(([id]) => id);
      expect(missing).toEqual([]);
    });

    it(`${lang}: mobile-number fields are labelled with the glossary's term`, () => {
      for (const id of [
        "pickup.form.phone",
        "checkout.phone.label",
        "community.join.contactLabel",
      ]) {
        expect(catalogues[lang][id], id).toBe(term("mobile number")[lang]);
      }
    });
  }

  it("the formatting helpers write the glossary's kg word", () => {
    expect(kgUnit.hi).toBe(term("kg").hi);
    expect(kgUnit.kn).toBe(term("kg").kn);
  });
});
