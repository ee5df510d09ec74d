/**
 * The catalogues are complete and consistent (docs/languages.md "Messages"): every language has
 * every message and no other, every message is used by the code, every translation has the same
 * placeholders and tags as the English, and every message parses as ICU MessageFormat.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { parse, type Token } from "@messageformat/parser";
import { describe, expect, it } from "vitest";
import {
  catalogues,
  ENGLISH_ONLY_NAMESPACES,
  fieldErrorTexts,
  messagesFor,
  namespaceOf,
  t,
} from "./i18n.server";
import { languages } from "./languages";

const appDir = path.resolve(import.meta.dirname, "..");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

const source = sourceFiles(appDir)
  .map((file) => readFileSync(file, "utf8"))
  .join("\n");

/** Id prefixes the code builds at run time: `t(\`frame.footer.social.${network}\`)`. */
const dynamicPrefixes = [...source.matchAll(/`([a-z][\w-]*(?:\.[\w-]+)*\.)\$\{/g)].map(
  (match) => match[1] as string,
);

/** Placeholder names, plural/select arguments and `<0>` tags of a message, sorted. */
function placeholders(message: string): string[] {
  const names = new Set<string>();
  const visit = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === "argument" || token.type === "function") names.add(`{${token.arg}}`);
      if (token.type === "plural" || token.type === "select" || token.type === "selectordinal") {
        names.add(`{${token.arg}}`);
        for (const c of token.cases) visit(c.tokens);
      }
    }
  };
  visit(parse(message));
  for (const tag of message.matchAll(/<\/?(\d+)\/?>/g)) names.add(`<${tag[1]}>`);
  return [...names].sort();
}

describe("message catalogues", () => {
  const english = catalogues.en;
  const ids = Object.keys(english).sort();

  it("has messages", () => {
    expect(ids.length).toBeGreaterThan(20);
  });

  for (const lang of languages) {
    it(`${lang}: has every message and no other`, () => {
      const own = Object.keys(catalogues[lang]).sort();
      expect(
        own.filter((id) => !(id in english)),
        "not in en.json",
      ).toEqual([]);
      const expected =
        lang === "en"
          ? ids
          : ids.filter((id) => !ENGLISH_ONLY_NAMESPACES.includes(namespaceOf(id)));
      expect(
        expected.filter((id) => !(id in catalogues[lang])),
        `missing in ${lang}.json`,
      ).toEqual([]);
      if (lang !== "en") {
        expect(
          own.filter((id) => ENGLISH_ONLY_NAMESPACES.includes(namespaceOf(id))),
          "English-only namespaces",
        ).toEqual([]);
      }
    });

    it(`${lang}: every message parses, with the English placeholders and tags`, () => {
      const wrong: string[] = [];
      for (const id of ids) {
        const message = catalogues[lang][id];
        if (message === undefined) continue;
        if (message.trim() === "") wrong.push(`${id}: empty`);
        try {
          const mine = placeholders(message);
          const theirs = placeholders(english[id] as string);
          if (mine.join() !== theirs.join()) wrong.push(`${id}: ${mine} ≠ ${theirs}`);
        } catch (error) {
          wrong.push(`${id}: ${(error as Error).message}`);
        }
      }
      expect(wrong).toEqual([]);
    });

    // English, Hindi and Kannada each have the CLDR plural categories "one" and "other":
    // a plural without both reads "1 items" (or "1 चीज़ें") somewhere.
    it(`${lang}: every plural has a form for one and for other`, () => {
      const missing: string[] = [];
      const visit = (id: string, tokens: Token[]) => {
        for (const token of tokens) {
          if (token.type !== "plural" && token.type !== "select") continue;
          const keys = token.cases.map((c) => c.key);
          if (token.type === "plural" && !(keys.includes("one") && keys.includes("other")))
            missing.push(`${id}: {${token.arg}} has ${keys.join(", ")}`);
          for (const c of token.cases) visit(id, c.tokens);
        }
      };
      for (const [id, message] of Object.entries(catalogues[lang])) visit(id, parse(message));
      expect(missing).toEqual([]);
    });
  }

  it("uses every message in the code", () => {
    const unused = ids.filter((id) => {
      if (dynamicPrefixes.some((prefix) => id.startsWith(prefix))) return false;
      if (source.includes(`"${id}"`)) return false;
      return !source.includes(`"${id}"`) && !source.includes(`'${id}'`);
    });
    expect(unused).toEqual([]);
  });
});

describe("messagesFor", () => {
  it("sends a whole namespace, or only the ids under a narrower prefix", () => {
    const whole = Object.keys(messagesFor("hi", ["cart"]));
    const narrow = Object.keys(messagesFor("hi", ["cart.add", "shop.product"]));
    const expected = Object.keys(catalogues.hi).filter(
      (id) => id.startsWith("cart.add.") || id.startsWith("shop.product."),
    );
    expect(whole).toEqual(Object.keys(catalogues.hi).filter((id) => id.startsWith("cart.")));
    expect(whole).toContain("cart.line.remove");
    expect(narrow.sort()).toEqual(expected.sort());
    expect(narrow).toContain("cart.add.button");
    expect(narrow).not.toContain("cart.line.remove");
    // A prefix ends at a dot: "cart.add" takes "cart.add.button", never "cart.added…".
    const filters = Object.keys(messagesFor("en", ["shop.plant.filter"]));
    expect(filters.length).toBeGreaterThan(0);
    expect(filters.every((id) => id.startsWith("shop.plant.filter."))).toBe(true);
    // A scope may also be one whole id.
    expect(Object.keys(messagesFor("kn", ["shop.plant.empty", "cart.add"]))).toContain(
      "shop.plant.empty",
    );
  });
});

describe("fieldErrorTexts", () => {
  it("renders each field's first message id in the language, with max, min and params", () => {
    const issues = [
      { path: ["name"], message: "errors.form.nameTooLong", maximum: 100 },
      { path: ["name"], message: "errors.form.nameRequired" },
      { path: ["items"], message: "errors.pickup.totalTooHeavy", params: { kg: "10,000" } },
      { path: [], message: "errors.checkout.expired" },
    ];
    for (const lang of languages) {
      expect(fieldErrorTexts(lang, issues)).toEqual({
        name: t(lang, "errors.form.nameTooLong", { max: 100 }),
        items: t(lang, "errors.pickup.totalTooHeavy", { kg: "10,000" }),
        form: t(lang, "errors.checkout.expired"),
      });
    }
    expect(fieldErrorTexts("en", issues).name).toBe("Your name can be at most 100 characters.");
  });

  it("says 'Check this field.' in the language for a message that is not an id (zod's own)", () => {
    const issues = [{ path: ["email"], message: "Invalid input: expected string, received array" }];
    expect(fieldErrorTexts("en", issues)).toEqual({ email: "Check this field." });
    expect(fieldErrorTexts("hi", issues)).toEqual({ email: t("hi", "errors.form.invalid") });
  });
});
