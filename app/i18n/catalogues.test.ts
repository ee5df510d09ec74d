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
  localiseActionData,
  localiseText,
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
  }

  it("uses every message in the code", () => {
    const unused = ids.filter((id) => {
      if (dynamicPrefixes.some((prefix) => id.startsWith(prefix))) return false;
      if (source.includes(`"${id}"`)) return false;
      if (namespaceOf(id) === "errors") {
        // Server texts not yet thrown as refusals with ids (ADR 0024) are matched by their
        // English words: the longest literal part must be in the code.
        const parts = (english[id] as string)
          .split(/\{[\w]+\}/)
          .sort((a, b) => b.length - a.length);
        return !source.includes((parts[0] as string).replace(/''/g, "'"));
      }
      return !source.includes(`"${id}"`) && !source.includes(`'${id}'`);
    });
    expect(unused).toEqual([]);
  });

  it("has one errors entry per English text (so every text has one translation)", () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const id of ids.filter((candidate) => namespaceOf(candidate) === "errors")) {
      const text = english[id] as string;
      const first = seen.get(text);
      if (first) twice.push(`${first} and ${id}: ${text}`);
      else seen.set(text, id);
    }
    expect(twice).toEqual([]);
  });

  it("translates server texts by their English words, placeholders carried over", () => {
    const id = ids.find((candidate) => namespaceOf(candidate) === "errors");
    if (!id) return;
    const values = Object.fromEntries(
      placeholders(english[id] as string)
        .filter((name) => name.startsWith("{"))
        .map((name) => [name.slice(1, -1), "42"]),
    );
    const englishText = t("en", id, values);
    expect(localiseText("hi", englishText)).toBe(t("hi", id, values));
    expect(localiseText("en", englishText)).toBe(englishText);
    expect(localiseText("kn", "A text nobody wrote")).toBe("A text nobody wrote");
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

describe("localiseActionData", () => {
  it("translates messages and keeps everything else, arrays and dates included", () => {
    const id = Object.keys(catalogues.en).find(
      (candidate) =>
        namespaceOf(candidate) === "errors" && !catalogues.en[candidate]?.includes("{"),
    ) as string;
    const text = catalogues.en[id] as string;
    const when = new Date("2026-11-23T00:00:00Z");
    const result = localiseActionData("hi", {
      values: { name: text },
      itemValues: [{ material: "3", kg: "2" }],
      errors: { name: text },
      nested: { formError: text, at: when },
    });
    expect(result).toEqual({
      values: { name: text },
      itemValues: [{ material: "3", kg: "2" }],
      errors: { name: catalogues.hi[id] },
      nested: { formError: catalogues.hi[id], at: when },
    });
    expect(Array.isArray(result.itemValues)).toBe(true);
    expect(result.nested.at).toBeInstanceOf(Date);
    const english = { errors: { name: text } };
    expect(localiseActionData("en", english)).toBe(english);
  });
});
