/**
 * Property-based fuzzing of the /plant search (docs/shop.md "Search"): any query string —
 * SQL-ish text, LIKE wildcards, backslashes, very long text, emoji, control characters, mixed
 * scripts — and any filter, in English, Hindi and Kannada, answers 200 (nothing throws), returns
 * only active plants of the filter, each once, at most the whole catalogue, and suggests at most
 * 3 names only when nothing matched.
 */
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import * as plantRoute from "~/routes/plant";
import { callRoute, statusOf } from "../support/factories/staff";
import { queryRows, testDatabaseForFile } from "../support/processes/test-database";
import { longString } from "./long-string";

const RUNS = 200;
const handle = testDatabaseForFile({ seeded: true });
let catalogue: Map<string, string>;

beforeAll(async () => {
  const rows = await queryRows<{ slug: string; usage: string }>(
    handle.db,
    sql`select slug, usage from products where kind = 'plant' and active`,
  );
  catalogue = new Map(rows.map((row) => [row.slug, row.usage]));
});

type Handler = (args: never) => Promise<unknown>;

interface PlantPage {
  plants: { slug: string }[];
  elsewhereText: string | null;
  suggestions: { slug: string }[];
}

const pieces = fc.constantFrom(
  "'",
  '"',
  ";",
  "--",
  "/*",
  "*/",
  "%",
  "_",
  "\\",
  "\\%",
  "' or 1=1 --",
  "'; drop table products; --",
  "$1",
  "::text",
  "(",
  ")",
  "|",
  "🌵",
  "🪴👍🏽",
  "\u0000",
  "\u200d",
  "\u093c",
  "क़",
  "तुलसी",
  "ತುಳಸಿ",
  "tulasi",
  "air",
  "purifying",
  "हवा साफ़",
  " ",
  "\t",
  "\n",
);

const queries = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 20 }),
  fc.array(pieces, { maxLength: 12 }).map((parts) => parts.join("")),
  fc
    .array(fc.oneof(pieces, fc.string({ maxLength: 6 })), { maxLength: 10 })
    .map((p) => p.join(" ")),
  longString(100, 5_000),
);

describe("GET /plant?q=…", () => {
  it("never fails, and returns at most the catalogue, inside the filter", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("", "/hi", "/kn"),
        queries,
        fc.constantFrom(undefined, "all", "indoor", "outdoor", "garden", "'"),
        async (prefix, q, filter) => {
          const params = new URLSearchParams({ q });
          if (filter !== undefined) params.set("filter", filter);
          const result = await callRoute(
            plantRoute.loader as Handler,
            `http://localhost${prefix}/plant?${params}`,
          );
          expect(statusOf(result)).toBe(200);
          const page = result as PlantPage;
          const found = page.plants.map((plant) => plant.slug);
          expect(new Set(found).size).toBe(found.length);
          expect(found.length).toBeLessThanOrEqual(catalogue.size);
          for (const slug of found) {
            const usage = catalogue.get(slug);
            expect(usage).toBeDefined();
            if (filter === "indoor") expect(usage).not.toBe("outdoor");
            if (filter === "outdoor") expect(usage).not.toBe("indoor");
          }
          expect(page.suggestions.length).toBeLessThanOrEqual(3);
          if (page.suggestions.length > 0) {
            expect(found).toEqual([]);
            expect(page.elsewhereText).toBeNull();
          }
        },
      ),
      { numRuns: RUNS },
    );
  }, 600_000);
});
