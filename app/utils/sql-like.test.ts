import { PGlite } from "@electric-sql/pglite";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { containsPattern } from "./sql-like";

let pg: PGlite;

beforeAll(async () => {
  pg = await PGlite.create();
}, 60_000);
afterAll(async () => {
  await pg?.close();
});

async function like(text: string, pattern: string): Promise<boolean> {
  const { rows } = await pg.query<{ hit: boolean }>("select $1::text like $2::text as hit", [
    text,
    pattern,
  ]);
  return rows[0]?.hit === true;
}

// PostgreSQL text cannot hold NUL; the forms remove it before searching.
const noNul = (s: string) => s.replaceAll("\u0000", "");
const wildcardHeavy = fc
  .array(fc.constantFrom("%", "_", "\\", "a", "b", "5", "0", "é", " "), { maxLength: 8 })
  .map((chars) => chars.join(""));
const text = fc.oneof(wildcardHeavy, fc.string({ maxLength: 12 }).map(noNul));

describe("containsPattern", () => {
  it("escapes the LIKE wildcards and the escape character", () => {
    expect(containsPattern("50%")).toBe("%50\\%%");
    expect(containsPattern("a_b")).toBe("%a\\_b%");
    expect(containsPattern("C:\\x")).toBe("%C:\\\\x%");
    expect(containsPattern("")).toBe("%%");
  });

  it("matches exactly the strings that contain the text, in PostgreSQL", async () => {
    await fc.assert(
      fc.asyncProperty(text, text, text, async (needle, before, after) => {
        // A haystack that contains the needle, and an unrelated one.
        expect(await like(before + needle + after, containsPattern(needle))).toBe(true);
        const other = before + after;
        expect(await like(other, containsPattern(needle))).toBe(other.includes(needle));
      }),
      { numRuns: 500 },
    );
  });
});
