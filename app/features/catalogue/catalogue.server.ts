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
 *
 * Each item carries its product's first photo, when it has one (product-photos.server.ts,
 * docs/uploads.md "Product photos"); adding, removing or moving a photo is a "catalogue"
 * invalidation too. The stored alt text (English, describing the drawn art) is sent on English
 * pages only: the others name the picture in their own words (product-card.tsx), and the
 * unused English would cost every Hindi and Kannada list inline bytes (docs/budgets.md).
 */
import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { localisedColumn, localisedList } from "~/db/localised-column.server";
import { createReadCache } from "~/db/read-cache.server";
import { products } from "~/db/schema/catalogue";
import type { Lang } from "~/i18n/languages";
import type { CatalogueItem } from "./catalogue-item";
import type { PlantQuery } from "./plant-query";
import { type PlantSearchResult, searchPlants } from "./plant-search.server";
import { firstPhotos } from "./product-photos.server";

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

/** `items` with their products' first photos (`photo` set only on those that have one). */
async function withPhotos(db: Database, items: CatalogueItem[]): Promise<CatalogueItem[]> {
  const photos = await firstPhotos(
    db,
    items.map((item) => item.id),
  );
  return items.map((item) => {
    const photo = photos.get(item.id);
    return photo ? { ...item, photo } : item;
  });
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
    imageAlt: lang === "en" ? products.imageAlt : sql<string>`''`,
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

/**
 * Active plants matching the query (plant-search.server.ts, docs/shop.md "Search"), names and
 * texts in `lang` (English where not translated): the plants inside the filter, how many match
 * outside it, and the nearest names when nothing matches. "indoor" includes plants for both;
 * so does "outdoor". Served from memory when read before (see the module comment); the result
 * and its arrays are frozen.
 */
export function searchPlantCatalogue(
  db: Database,
  query: PlantQuery,
  lang: Lang = "en",
): Promise<PlantSearchResult> {
  return cache.get(db, `plants\u0000${lang}\u0000${query.filter}\u0000${query.q}`, async () => {
    const result = await searchPlants(db, query, lang);
    return { ...result, plants: await withPhotos(db, result.plants) };
  });
}

/** The plants of `searchPlantCatalogue` alone (the same frozen array on a cache hit). */
export async function listPlants(
  db: Database,
  query: PlantQuery,
  lang: Lang = "en",
): Promise<CatalogueItem[]> {
  return (await searchPlantCatalogue(db, query, lang)).plants;
}

/**
 * Active fertilisers, in catalogue order (spec §9), names and descriptions in `lang` (English
 * where not translated); from memory like listPlants.
 */
export function listFertilisers(db: Database, lang: Lang = "en"): Promise<CatalogueItem[]> {
  return cache.get(db, `fertilisers\u0000${lang}`, async () =>
    withPhotos(
      db,
      toItems(
        await db
          .select(columnsFor(lang))
          .from(products)
          .where(and(eq(products.kind, "fertiliser"), eq(products.active, true)))
          .orderBy(asc(products.sortOrder), asc(products.id)),
      ),
    ),
  );
}
