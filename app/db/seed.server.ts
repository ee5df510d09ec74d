/**
 * Idempotent seed of the catalogue and the rate list (issue: foundation, item 4).
 * Runs at every start and from `npm run db:seed`. Existing rows are never overwritten, so
 * prices, stock and rates that staff changed survive a restart (insert … on conflict do nothing).
 */
import { sql } from "drizzle-orm";
import { fertilisers } from "../../content/catalogue/fertilisers";
import { plants } from "../../content/catalogue/plants";
import { rateList } from "../../content/catalogue/rates";
import type { Database } from "./client.server";
import { products } from "./schema/catalogue";
import { scrapCategories, scrapMaterials } from "./schema/rates";

export interface SeedResult {
  productsInserted: number;
  categoriesInserted: number;
  materialsInserted: number;
}

/** Image path of a product's SVG illustration (scripts/generate-product-art.ts). */
export function productImagePath(slug: string): string {
  return `/images/products/${slug}.svg`;
}

/**
 * Inserts missing products, scrap categories and materials in one transaction.
 * @returns how many rows of each were inserted (0 on a second run).
 */
export async function seedDatabase(db: Database): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    const productRows = [
      ...plants.map((plant, index) => ({
        slug: plant.slug,
        kind: "plant" as const,
        name: plant.name,
        description: plant.description,
        pricePaise: plant.pricePaise,
        stock: plant.stock,
        imagePath: productImagePath(plant.slug),
        imageAlt: `Illustration of a ${plant.name} in a pot`,
        sunlight: plant.sunlight,
        watering: plant.watering,
        features: plant.features,
        usage: plant.usage,
        plantHeight: plant.plantHeight ?? null,
        sortOrder: index,
      })),
      ...fertilisers.map((item, index) => ({
        slug: item.slug,
        kind: "fertiliser" as const,
        name: item.name,
        description: item.description,
        size: item.size,
        pricePaise: item.pricePaise,
        stock: item.stock,
        imagePath: productImagePath(item.slug),
        imageAlt: `Illustration of a ${item.size} pack of ${item.name}`,
        sortOrder: index,
      })),
    ];
    const insertedProducts = await tx
      .insert(products)
      .values(productRows)
      .onConflictDoNothing({ target: products.slug })
      .returning({ id: products.id });

    let categoriesInserted = 0;
    let materialsInserted = 0;
    for (const [categoryIndex, category] of rateList.entries()) {
      const inserted = await tx
        .insert(scrapCategories)
        .values({ slug: category.slug, name: category.name, sortOrder: categoryIndex })
        .onConflictDoNothing({ target: scrapCategories.slug })
        .returning({ id: scrapCategories.id });
      categoriesInserted += inserted.length;
      const [row] = await tx
        .select({ id: scrapCategories.id })
        .from(scrapCategories)
        .where(sql`${scrapCategories.slug} = ${category.slug}`);
      if (!row) throw new Error(`Seed: category ${category.slug} missing after insert`);
      const materials = await tx
        .insert(scrapMaterials)
        .values(
          category.materials.map((material, index) => ({
            categoryId: row.id,
            name: material.name,
            ratePaisePerKg: material.ratePaisePerKg,
            sortOrder: index,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: scrapMaterials.id });
      materialsInserted += materials.length;
    }
    return {
      productsInserted: insertedProducts.length,
      categoriesInserted,
      materialsInserted,
    };
  });
}
