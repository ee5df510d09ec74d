/**
 * Catalogue queries for /plant and /supplies (spec §2, §3). Prices are integer paise read
 * from the database; only active products are listed.
 */
import { and, asc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { type PlantUsage, type Product, products } from "~/db/schema/catalogue";
import { containsPattern } from "~/utils/sql-like";
import type { PlantQuery } from "./plant-query";

export type CatalogueItem = Pick<
  Product,
  | "id"
  | "slug"
  | "name"
  | "description"
  | "size"
  | "pricePaise"
  | "stock"
  | "imagePath"
  | "imageAlt"
  | "sunlight"
  | "watering"
  | "features"
  | "usage"
  | "plantHeight"
>;

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
 */
export async function listPlants(db: Database, query: PlantQuery): Promise<CatalogueItem[]> {
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
  return db
    .select(columns)
    .from(products)
    .where(and(...conditions))
    .orderBy(asc(products.sortOrder), asc(products.id));
}

/** Active fertilisers, in catalogue order (spec §9). */
export async function listFertilisers(db: Database): Promise<CatalogueItem[]> {
  return db
    .select(columns)
    .from(products)
    .where(and(eq(products.kind, "fertiliser"), eq(products.active, true)))
    .orderBy(asc(products.sortOrder), asc(products.id));
}
