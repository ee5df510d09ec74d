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
import { type AnyColumn, and, asc, eq, type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { localisedColumn, localisedList } from "~/db/localised-column.server";
import { createReadCache } from "~/db/read-cache.server";
import { type FeedGroup, products } from "~/db/schema/catalogue";
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

type CatalogueRow = Omit<CatalogueItem, "inStock" | "size" | "imageAlt"> & {
  stock: number;
  size: string | null;
  imageAlt: string;
};

/**
 * The rows as items: `inStock` for the stock, no `size` or `imageAlt` where there is none; any
 * other column a query adds (a supply's care guidance) is kept.
 */
function toItems<R extends CatalogueRow>(
  rows: R[],
): (Omit<R, "stock" | "size" | "imageAlt"> & CatalogueItem)[] {
  return rows.map(({ stock, size, imageAlt, ...item }) => ({
    ...item,
    ...(size ? { size } : {}),
    ...(imageAlt ? { imageAlt } : {}),
    inStock: stock > 0,
  }));
}

/** `items` with their products' first photos (`photo` set only on those that have one). */
async function withPhotos<T extends CatalogueItem>(db: Database, items: T[]): Promise<T[]> {
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
 * A fertiliser as /supplies shows it: its card, the plants' feeding groups it fits, and its care
 * guidance in the page's language (each '' when staff left it empty).
 */
export type SupplyItem = CatalogueItem & {
  fits: FeedGroup[];
  care: { use: string; amount: string; frequency: string };
};

/** The care guidance columns in `lang` (English where not translated, '' where never set). */
function careColumnsFor(lang: Lang) {
  const care = (english: AnyColumn, hi: AnyColumn, kn: AnyColumn) =>
    sql<string>`coalesce(${localisedColumn(lang, english, { hi, kn })}, '')`;
  return {
    fits: sql<FeedGroup[]>`coalesce(${products.fitsGroups}, '{}'::text[])`,
    care: {
      use: care(products.careUse, products.careUseHi, products.careUseKn),
      amount: care(products.careAmount, products.careAmountHi, products.careAmountKn),
      frequency: care(products.careFrequency, products.careFrequencyHi, products.careFrequencyKn),
    },
  };
}

/**
 * Active fertilisers, in catalogue order (spec §9), names, descriptions and care guidance in
 * `lang` (English where not translated), with the feeding groups each fits (docs/shop.md "What
 * to feed this plant"); from memory like listPlants.
 */
export function listFertilisers(db: Database, lang: Lang = "en"): Promise<SupplyItem[]> {
  return cache.get(db, `fertilisers\u0000${lang}`, async () => {
    const rows = await db
      .select({ ...columnsFor(lang), ...careColumnsFor(lang) })
      .from(products)
      .where(and(eq(products.kind, "fertiliser"), eq(products.active, true)))
      .orderBy(asc(products.sortOrder), asc(products.id));
    return withPhotos(db, toItems(rows));
  });
}

/** An active plant's name in the page's language and its feeding group (null: none set). */
export interface PlantFeeding {
  slug: string;
  name: string;
  feedGroup: FeedGroup | null;
}

/**
 * The active plant `slug` for "What to feed this plant" (/supplies?for=…): its name in `lang`
 * and feeding group; null when no active plant has that slug. Every plant's is read at once and
 * kept in memory like listPlants (one entry per language, whatever slugs visitors send).
 */
export async function findPlantFeeding(
  db: Database,
  slug: string,
  lang: Lang = "en",
): Promise<PlantFeeding | null> {
  const plants = await cache.get(db, `feeding\u0000${lang}`, async () => {
    const rows = await db
      .select({
        slug: products.slug,
        name: localisedColumn(lang, products.name, { hi: products.nameHi, kn: products.nameKn }),
        feedGroup: products.feedGroup,
      })
      .from(products)
      .where(and(eq(products.kind, "plant"), eq(products.active, true)));
    return new Map(rows.map((row) => [row.slug, row]));
  });
  return plants.get(slug) ?? null;
}
