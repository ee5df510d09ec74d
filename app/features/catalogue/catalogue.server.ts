/**
 * Catalogue queries for /plant and /supplies (spec §2, §3). Prices are integer paise read
 * from the database; only active products are listed.
 *
 * Results are kept in memory (db/read-cache.server.ts, issue 15 item 2) and dropped on every
 * "catalogue" invalidation: a staff edit of a product, and stock crossing zero either way
 * (db/cache-invalidation.server.ts). That is why an item says only `inStock`, never its stock
 * count: a sale that leaves stock above zero changes no public page and drops nothing.
 */
import { and, asc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { createReadCache } from "~/db/read-cache.server";
import { type PlantUsage, type Product, products } from "~/db/schema/catalogue";
import { containsPattern } from "~/utils/sql-like";
import type { PlantQuery } from "./plant-query";

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

/** Distinct lists kept per database (each search and filter is one). */
export const CATALOGUE_CACHE_ENTRIES = 100;

const cache = createReadCache("catalogue", {
  maxAgeMs: CATALOGUE_CACHE_MS,
  maxEntries: CATALOGUE_CACHE_ENTRIES,
});

type CatalogueRow = Omit<CatalogueItem, "inStock"> & { stock: number };

function toItems(rows: CatalogueRow[]): CatalogueItem[] {
  return rows.map(({ stock, ...item }) => ({ ...item, inStock: stock > 0 }));
}

const columns = {
  id: products.id,
  slug: products.slug,
  name: products.name,
  description: products.description,
  size: products.size,
  pricePaise: products.pricePaise,
  stock: products.stock,
  imagePath: products.imagePath,
  imageAlt: products.imageAlt,
  sunlight: products.sunlight,
  watering: products.watering,
  features: products.features,
  usage: products.usage,
  plantHeight: products.plantHeight,
};

const usagesFor: Record<"indoor" | "outdoor", PlantUsage[]> = {
  indoor: ["indoor", "both"],
  outdoor: ["outdoor", "both"],
};

/**
 * Active plants matching the query. "indoor" includes plants for both; so does "outdoor".
 * The search matches name, description and features, case-insensitively.
 * Served from memory when read before (see the module comment); the array is frozen.
 */
export function listPlants(db: Database, query: PlantQuery): Promise<CatalogueItem[]> {
  return cache.get(db, `plants\u0000${query.filter}\u0000${query.q}`, () => readPlants(db, query));
}

async function readPlants(db: Database, query: PlantQuery): Promise<CatalogueItem[]> {
  const conditions = [eq(products.kind, "plant"), eq(products.active, true)];
  if (query.filter !== "all") conditions.push(inArray(products.usage, usagesFor[query.filter]));
  if (query.q) {
    const pattern = containsPattern(query.q);
    const match = or(
      ilike(products.name, pattern),
      ilike(products.description, pattern),
      sql`array_to_string(${products.features}, ' ') ilike ${pattern}`,
    );
    if (match) conditions.push(match);
  }
  return toItems(
    await db
      .select(columns)
      .from(products)
      .where(and(...conditions))
      .orderBy(asc(products.sortOrder), asc(products.id)),
  );
}

/** Active fertilisers, in catalogue order (spec §9); from memory like listPlants. */
export function listFertilisers(db: Database): Promise<CatalogueItem[]> {
  return cache.get(db, "fertilisers", async () =>
    toItems(
      await db
        .select(columns)
        .from(products)
        .where(and(eq(products.kind, "fertiliser"), eq(products.active, true)))
        .orderBy(asc(products.sortOrder), asc(products.id)),
    ),
  );
}
