/**
 * The scrap rate list as data (spec §9): categories with their active materials, rates in
 * paise per kilogram. /ratelist and the pickup estimate read the same rows.
 *
 * The list is kept in memory (db/read-cache.server.ts) and dropped on every
 * "rates" invalidation, which each rate edit in rates-admin.server.ts sends; a change made
 * outside the app shows within RATES_CACHE_MS.
 *
 * Category and material names come in the visitor's language (English where the
 * translation is ''), one cached list per language.
 */
import { and, asc, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { localisedColumn } from "~/db/localised-column.server";
import { createReadCache } from "~/db/read-cache.server";
import { scrapCategories, scrapMaterials } from "~/db/schema/rates";
import { type Lang, languages } from "~/i18n/languages";

export interface RateCategory {
  slug: string;
  name: string;
  materials: { id: number; name: string; ratePaisePerKg: number }[];
}

/** Longest time the rate list is served from memory, milliseconds. */
export const RATES_CACHE_MS = 60_000;

const cache = createReadCache("rates", {
  maxAgeMs: RATES_CACHE_MS,
  maxEntries: languages.length,
});

/**
 * Categories in display order, each with its active materials in display order, names in
 * `lang` (English where not translated; a material's id is the same in every language).
 * Served from memory when read before; the result is frozen (shared between requests).
 */
export function listRateCategories(db: Database, lang: Lang = "en"): Promise<RateCategory[]> {
  return cache.get(db, `categories\u0000${lang}`, () => readRateCategories(db, lang));
}

async function readRateCategories(db: Database, lang: Lang): Promise<RateCategory[]> {
  const rows = await db
    .select({
      slug: scrapCategories.slug,
      categoryName: localisedColumn(lang, scrapCategories.name, {
        hi: scrapCategories.nameHi,
        kn: scrapCategories.nameKn,
      }),
      id: scrapMaterials.id,
      name: localisedColumn(lang, scrapMaterials.name, {
        hi: scrapMaterials.nameHi,
        kn: scrapMaterials.nameKn,
      }),
      ratePaisePerKg: scrapMaterials.ratePaisePerKg,
    })
    .from(scrapCategories)
    .innerJoin(
      scrapMaterials,
      and(eq(scrapMaterials.categoryId, scrapCategories.id), eq(scrapMaterials.active, true)),
    )
    .orderBy(asc(scrapCategories.sortOrder), asc(scrapMaterials.sortOrder), asc(scrapMaterials.id));

  const categories: RateCategory[] = [];
  for (const row of rows) {
    let category = categories.at(-1);
    if (!category || category.slug !== row.slug) {
      category = { slug: row.slug, name: row.categoryName, materials: [] };
      categories.push(category);
    }
    category.materials.push({ id: row.id, name: row.name, ratePaisePerKg: row.ratePaisePerKg });
  }
  return categories;
}
