/**
 * The /plant search (docs/shop.md "Search", ADR 0028): what customers typed and got nothing for
 * now finds plants — the box's own example "air purifying" (and its Hindi and Kannada words),
 * "tulasi" for Tulsi, misspellings — names rank first, a filter that hides the matches is said
 * and can be cleared, and a search that finds nothing offers the nearest names. Through the
 * page's loader, on PGlite or (TEST_DATABASE_URL) PostgreSQL. Migration 0017 gives a database
 * seeded before it the "Air purifying" feature.
 */
import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { products } from "~/db/schema/catalogue";
import * as plantRoute from "~/routes/plant";
import { plants as seededPlants } from "../../content/catalogue/plants";
import { callRoute, statusOf } from "../support/factories/staff";
import { testDatabaseForFile } from "../support/processes/test-database";

const handle = testDatabaseForFile({ seeded: true });

type Handler = (args: never) => Promise<unknown>;

interface PlantPage {
  query: { q: string; filter: string };
  plants: { slug: string; name: string; features: string[] }[];
  countText: string;
  elsewhereText: string | null;
  suggestions: { slug: string; name: string }[];
}

/** The loader data of a /plant URL (any language), with the query's text encoded. */
async function page(pathname: string, params: Record<string, string> = {}): Promise<PlantPage> {
  const search = new URLSearchParams(params).toString();
  const result = await callRoute(
    plantRoute.loader as Handler,
    `http://localhost${pathname}${search ? `?${search}` : ""}`,
  );
  expect(statusOf(result)).toBe(200);
  return result as PlantPage;
}

async function slugs(pathname: string, q: string, filter?: string): Promise<string[]> {
  return (await page(pathname, filter ? { q, filter } : { q })).plants.map((plant) => plant.slug);
}

/** Seeded plants whose English features include `feature`. */
function seededWith(feature: string): string[] {
  return seededPlants.filter((plant) => plant.features.includes(feature)).map((p) => p.slug);
}

describe("what customers typed", () => {
  it("'air purifying', the search box's own example, finds the air-purifying plants", async () => {
    const found = await slugs("/plant", "air purifying");
    expect(found.length).toBeGreaterThan(0);
    expect(new Set(found)).toEqual(new Set(seededWith("Air purifying")));
    expect(found).toContain("snake-plant");
    expect(found).toContain("areca-palm");
  });

  it("the Hindi and Kannada examples find the same plants on /hi/plant and /kn/plant", async () => {
    const airPurifying = new Set(seededWith("Air purifying"));
    for (const q of ["हवा साफ़", "हवा साफ", "हवा साफ़ करने वाले", "हवा साफ़ करने वाले पौधे"]) {
      expect(new Set(await slugs("/hi/plant", q)), q).toEqual(airPurifying);
    }
    expect(new Set(await slugs("/kn/plant", "ಗಾಳಿ ಶುದ್ಧೀಕರಿಸುವ"))).toEqual(airPurifying);
    // The placeholders are those examples.
    const hi = await page("/hi/plant");
    expect(hi.plants.length).toBeGreaterThan(30);
  });

  it("'tulasi' finds Tulsi, first", async () => {
    expect((await slugs("/plant", "tulasi"))[0]).toBe("tulsi");
    expect((await slugs("/plant", "Tulasi"))[0]).toBe("tulsi");
    expect((await slugs("/kn/plant", "tulasi"))[0]).toBe("tulsi");
  });

  it("misspellings find the plant meant, first", async () => {
    const cases: [string, string][] = [
      ["hibiskus", "hibiscus"],
      ["snak plant", "snake-plant"],
      ["rubbr plnt", "rubber-plant"],
      ["marigol", "marigold"],
      ["moneyplant", "money-plant"],
      ["aloevera", "aloe-vera"],
      ["bouganvilla", "bougainvillea"],
      ["pet frendly", "spider-plant"],
      ["air purifier", "snake-plant"],
    ];
    for (const [q, slug] of cases) {
      expect((await slugs("/plant", q))[0], q).toBe(slug);
    }
    expect((await slugs("/hi/plant", "तुलसि"))[0]).toBe("tulsi");
  });

  it("'low light' and 'pet friendly' find what the catalogue says, not plants that need bright light", async () => {
    const lowLight = await slugs("/plant", "low light");
    expect(lowLight).toEqual(expect.arrayContaining(seededWith("Tolerates low light")));
    expect(lowLight).not.toContain("croton");
    expect(await slugs("/plant", "pet friendly")).toEqual(["spider-plant", "areca-palm"]);
  });

  it("ranks names first: exact, then a name's word, then the rest", async () => {
    const found = await page("/plant", { q: "plant" });
    const named = found.plants.map((plant) => /\bplant\b/i.test(plant.name));
    expect(named[0]).toBe(true);
    // Every plant named "… Plant" comes before every plant that only mentions plants.
    expect(named.indexOf(false)).toBeGreaterThan(named.lastIndexOf(true));
    expect((await slugs("/plant", "rose")).slice(0, 3).sort()).toEqual([
      "adenium",
      "desi-rose",
      "portulaca",
    ]);
    // "basil" is Tulsi (Holy Basil); "Good for hanging baskets" is not a near match beside it.
    expect(await slugs("/plant", "basil")).toEqual(["tulsi"]);
  });

  it("finds a name in any language on any page", async () => {
    expect(await slugs("/plant", "तुलसी")).toEqual(["tulsi"]);
    expect(await slugs("/hi/plant", "ತುಳಸಿ")).toEqual(["tulsi"]);
  });
});

describe("the filter beside the results", () => {
  it("'snake' after the Outdoor filter: none outdoors, and the page says one plant matches among all", async () => {
    const outdoor = await page("/plant", { q: "snake", filter: "outdoor" });
    expect(outdoor.query).toEqual({ q: "snake", filter: "outdoor" });
    expect(outdoor.plants).toEqual([]);
    expect(outdoor.elsewhereText).toBe("1 more plant matches “snake” among all plants.");
    expect(outdoor.suggestions).toEqual([]);
    // The 'clear' link is /plant?q=snake (the page renders it; tests/e2e/search.spec.ts taps it).
    const all = await page("/plant", { q: "snake" });
    expect(all.plants.map((plant) => plant.slug)).toEqual(["snake-plant"]);
    expect(all.elsewhereText).toBeNull();
  });

  it("says it in Hindi and Kannada too, and counts matches hidden beside shown ones", async () => {
    expect((await page("/hi/plant", { q: "snake", filter: "outdoor" })).elsewhereText).toBe(
      "सभी पौधों में “snake” से मिलते 1 और पौधा है।",
    );
    expect((await page("/kn/plant", { q: "snake", filter: "outdoor" })).elsewhereText).toBe(
      "ಎಲ್ಲಾ ಗಿಡಗಳಲ್ಲಿ “snake” ಗೆ ಹೊಂದುವ ಇನ್ನೂ 1 ಗಿಡ ಇದೆ.",
    );
    const outdoor = await page("/plant", { q: "air purifying", filter: "outdoor" });
    const both = seededPlants.filter(
      (plant) => plant.usage === "both" && plant.features.includes("Air purifying"),
    );
    expect(outdoor.plants.map((plant) => plant.slug).sort()).toEqual(
      both.map((plant) => plant.slug).sort(),
    );
    const hidden = seededWith("Air purifying").length - both.length;
    expect(outdoor.elsewhereText).toBe(
      `${hidden} more plants match “air purifying” among all plants.`,
    );
  });

  it("without a search the filter lists its plants and mentions nothing else", async () => {
    const indoor = await page("/plant", { filter: "indoor" });
    expect(indoor.plants.length).toBe(seededPlants.filter((p) => p.usage !== "outdoor").length);
    expect(indoor.elsewhereText).toBeNull();
  });
});

describe("no result", () => {
  it("suggests the nearest names, in the page's language", async () => {
    const en = await page("/plant", { q: "golden cactus" });
    expect(en.plants).toEqual([]);
    expect(en.elsewhereText).toBeNull();
    expect(en.suggestions[0]).toEqual({ slug: "money-plant", name: "Money Plant (Golden Pothos)" });
    expect(en.suggestions.length).toBeLessThanOrEqual(3);
    const hi = await page("/hi/plant", { q: "golden cactus" });
    expect(hi.suggestions[0]?.slug).toBe("money-plant");
    expect(hi.suggestions[0]?.name).toMatch(/मनी प्लांट/);
    // A suggestion is a search that finds its plant.
    const name = en.suggestions[0]?.name ?? "";
    expect((await slugs("/plant", name))[0]).toBe("money-plant");
  });

  it("suggests names across filters, and nothing for text near no name", async () => {
    const outdoor = await page("/plant", { q: "golden cactus", filter: "indoor" });
    expect(outdoor.suggestions.map((s) => s.slug)).toContain("money-plant");
    for (const q of ["🌵🌵", "%", "_", "xq", "'; drop table products; --"]) {
      const result = await page("/plant", { q });
      expect(result.plants, q).toEqual([]);
      expect(result.suggestions, q).toEqual([]);
    }
  });
});

describe("migration 0017 on a database seeded before it", () => {
  it("adds 'Air purifying' once, in English, Hindi and Kannada, and the search finds it", async () => {
    const file = fs
      .readdirSync(path.join(process.cwd(), "drizzle"))
      .find((name) => name.startsWith("0017_"));
    if (!file) throw new Error("migration 0017 missing");
    const migration = fs.readFileSync(path.join(process.cwd(), "drizzle", file), "utf8");
    const rows = () =>
      handle.db
        .select({
          features: products.features,
          featuresHi: products.featuresHi,
          featuresKn: products.featuresKn,
        })
        .from(products)
        .where(eq(products.slug, "peace-lily"));
    const [seeded] = await rows();
    if (!seeded) throw new Error("peace lily not seeded");
    // As the seed wrote it before: no "Air purifying" in any language.
    await handle.db
      .update(products)
      .set({
        features: seeded.features.slice(1),
        featuresHi: seeded.featuresHi.slice(1),
        featuresKn: seeded.featuresKn.slice(1),
      })
      .where(eq(products.slug, "peace-lily"));
    await handle.db.execute(sql.raw(migration));
    expect(await rows()).toEqual([seeded]);
    await handle.db.execute(sql.raw(migration));
    expect(await rows()).toEqual([seeded]);
    expect(seeded.features[0]).toBe("Air purifying");
    expect(seeded.featuresHi[0]).toBe("हवा साफ़ करने वाला पौधा".normalize("NFC"));
  });
});
