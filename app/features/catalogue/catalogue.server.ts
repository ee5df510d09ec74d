/**
 * Catalogue queries for /plant and /supplies (spec §2, §3). Prices are integer paise read
 * from the database; only active products are listed.
 *
 * Results are kept in memory (db/read-cache.server.ts) and dropped on every
 * "catalogue" invalidation: a staff edit of a product, and stock crossing zero either way
 * (db/cache-invalidation.server.ts). That is why an item says only `inStock`, never its stock
 * count: a sale that leaves stock above zero changes no public page and drops nothing.
 *
 * Names and descriptions come in the visitor's language (docs/languages.md): `name_hi`/`name_kn`
 * and `description_hi`/`description_kn`, the English one where the translation is '' (not yet
 * written); so do a plant's care details (sunlight, watering, height, and the features list, whose
 * translation is used when it is not empty). Lists are cached per language; one invalidation drops
 * every language.
 */
import { and, asc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { localisedColumn, localisedList } from "~/db/localised-column.server";
import { createReadCache } from "~/db/read-cache.server";
import { type PlantUsage, type Product, products } from "~/db/schema/catalogue";
import type { Lang } from "~/i18n/languages";
import { containsPattern } from "~/utils/sql-like";
import { type PlantQuery, withoutNukta } from "./plant-query";

/** A product as the public catalogue shows it (the fields a product card renders). */
export type CatalogueItem = Pick<
  Product,
  | "id"
  | "slug"
  | "name"
  | "description"
  | "size"
  | "pricePaise"
  | "imagePath"
  | "imageAlt"
  | "sunlight"
  | "watering"
  | "features"
  | "usage"
  | "plantHeight"
> & {
  /** stock > 0 when read: the card shows 'Out of stock' otherwise. */
  inStock: boolean;
};

/**
 * How long a list is served from memory at most, milliseconds: the bound on how late a change
 * made outside the app (SQL by hand) shows; changes through the app drop it at once.
 */
export const CATALOGUE_CACHE_MS = 60_000;

/** Distinct lists kept per database (each search, filter and language is one). */
export const CATALOGUE_CACHE_ENTRIES = 100;

const cache = createReadCache("catalogue", {
  maxAgeMs: CATALOGUE_CACHE_MS,
  maxEntries: CATALOGUE_CACHE_ENTRIES,
});

type CatalogueRow = Omit<CatalogueItem, "inStock"> & { stock: number };

function toItems(rows: CatalogueRow[]): CatalogueItem[] {
  return rows.map(({ stock, ...item }) => ({ ...item, inStock: stock > 0 }));
}

function columnsFor(lang: Lang) {
  return {
    id: products.id,
    slug: products.slug,
    name: localisedColumn(lang, products.name, { hi: products.nameHi, kn: products.nameKn }),
    description: localisedColumn(lang, products.description, {
      hi: products.descriptionHi,
      kn: products.descriptionKn,
    }),
    size: products.size,
    pricePaise: products.pricePaise,
    stock: products.stock,
    imagePath: products.imagePath,
    imageAlt: products.imageAlt,
    sunlight: localisedColumn(lang, products.sunlight, {
      hi: products.sunlightHi,
      kn: products.sunlightKn,
    }) as SQL<string | null>,
    watering: localisedColumn(lang, products.watering, {
      hi: products.wateringHi,
      kn: products.wateringKn,
    }) as SQL<string | null>,
    features: localisedList(lang, products.features, {
      hi: products.featuresHi,
      kn: products.featuresKn,
    }),
    usage: products.usage,
    plantHeight: localisedColumn(lang, products.plantHeight, {
      hi: products.plantHeightHi,
      kn: products.plantHeightKn,
    }) as SQL<string | null>,
  };
}

const usagesFor: Record<"indoor" | "outdoor", PlantUsage[]> = {
  indoor: ["indoor", "both"],
  outdoor: ["outdoor", "both"],
};

/**
 * Active plants matching the query, names and descriptions in `lang` (English where not
 * translated). "indoor" includes plants for both; so does "outdoor".
 * The search matches the English name, description and features, and in Hindi or Kannada the
 * name, description and features in that language too (`/hi/plant?q=तुलसी` and `?q=tulsi` both find
 * Tulsi), case-insensitively; in Hindi a nukta is optional (अखबार finds अख़बार).
 * Served from memory when read before (see the module comment); the array is frozen.
 */
export function listPlants(
  db: Database,
  query: PlantQuery,
  lang: Lang = "en",
): Promise<CatalogueItem[]> {
  return cache.get(db, `plants\u0000${lang}\u0000${query.filter}\u0000${query.q}`, () =>
    readPlants(db, query, lang),
  );
}

/** The search condition of `q` in `lang` (English columns always; the language's too). */
function searchCondition(q: string, lang: Lang): SQL | undefined {
  const pattern = containsPattern(q);
  const conditions: SQL[] = [
    ilike(products.name, pattern),
    ilike(products.description, pattern),
    sql`array_to_string(${products.features}, ' ') ilike ${pattern}`,
  ];
  if (lang === "hi") {
    // Typed with or without the nukta (ख़ / ख), stored either way.
    const bare = containsPattern(withoutNukta(q));
    conditions.push(
      sql`translate(${products.nameHi}, ${NUKTA_FROM}, ${NUKTA_TO}) ilike ${bare}`,
      sql`translate(${products.descriptionHi}, ${NUKTA_FROM}, ${NUKTA_TO}) ilike ${bare}`,
      sql`translate(array_to_string(${products.featuresHi}, ' '), ${NUKTA_FROM}, ${NUKTA_TO}) ilike ${bare}`,
    );
  } else if (lang === "kn") {
    conditions.push(
      ilike(products.nameKn, pattern),
      ilike(products.descriptionKn, pattern),
      sql`array_to_string(${products.featuresKn}, ' ') ilike ${pattern}`,
    );
  }
  return or(...conditions);
}

/** क़ ख़ ग़ ज़ ड़ ढ़ फ़ य़ (U+0958–U+095F) → their letters, and the nukta sign dropped. */
const NUKTA_FROM = "\u0958\u0959\u095a\u095b\u095c\u095d\u095e\u095f\u093c";
const NUKTA_TO = "\u0915\u0916\u0917\u091c\u0921\u0922\u092b\u092f";

async function readPlants(db: Database, query: PlantQuery, lang: Lang): Promise<CatalogueItem[]> {
  const conditions = [eq(products.kind, "plant"), eq(products.active, true)];
  if (query.filter !== "all") conditions.push(inArray(products.usage, usagesFor[query.filter]));
  if (query.q) {
    const match = searchCondition(query.q, lang);
    if (match) conditions.push(match);
  }
  return toItems(
    await db
      .select(columnsFor(lang))
      .from(products)
      .where(and(...conditions))
      .orderBy(asc(products.sortOrder), asc(products.id)),
  );
}

/**
 * Active fertilisers, in catalogue order (spec §9), names and descriptions in `lang` (English
 * where not translated); from memory like listPlants.
 */
export function listFertilisers(db: Database, lang: Lang = "en"): Promise<CatalogueItem[]> {
  return cache.get(db, `fertilisers\u0000${lang}`, async () =>
    toItems(
      await db
        .select(columnsFor(lang))
        .from(products)
        .where(and(eq(products.kind, "fertiliser"), eq(products.active, true)))
        .orderBy(asc(products.sortOrder), asc(products.id)),
    ),
  );
}
