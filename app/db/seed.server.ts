/**
 * Idempotent seed of the catalogue and the rate list.
 * Runs at every start and from `npm run db:seed`. Existing rows are never overwritten, so
 * prices, stock and rates that staff changed survive a restart (insert … on conflict do nothing).
 *
 * Hindi and Kannada names and descriptions, and plants' care details (docs/languages.md,
 * content/catalogue/translations.ts) come with new rows, and are filled into rows seeded before they existed: only where the
 * translation is still '' and the English is still the seeded text, so neither an admin's
 * translation nor a translation of a name an admin changed is overwritten.
 *
 * A plant's feeding group and a fertiliser's care guidance and fitting groups
 * (content/catalogue/feeding.ts, docs/shop.md "What to feed this plant") are filled the same
 * way: only into rows where they were never set (null), so what staff saved, even empty, stays.
 */
import { type SQL, sql } from "drizzle-orm";
import { plantFeedGroups, supplyCare } from "../../content/catalogue/feeding";
import { fertilisers } from "../../content/catalogue/fertilisers";
import { plants } from "../../content/catalogue/plants";
import { rateList } from "../../content/catalogue/rates";
import {
  categoryTranslations,
  materialTranslations,
  type NameTranslation,
  type ProductTranslation,
  plantCareTranslation,
  productTranslations,
} from "../../content/catalogue/translations";
import type { Database } from "./client.server";
import { products } from "./schema/catalogue";
import { scrapCategories, scrapMaterials } from "./schema/rates";

export interface SeedResult {
  productsInserted: number;
  categoriesInserted: number;
  materialsInserted: number;
}

const noProductTranslation: ProductTranslation = {
  nameHi: "",
  nameKn: "",
  descriptionHi: "",
  descriptionKn: "",
};

/** The translations of a product, in NFC ('' where none). */
function productTranslation(slug: string): ProductTranslation {
  const found = productTranslations[slug] ?? noProductTranslation;
  return {
    nameHi: found.nameHi.normalize("NFC"),
    nameKn: found.nameKn.normalize("NFC"),
    descriptionHi: found.descriptionHi.normalize("NFC"),
    descriptionKn: found.descriptionKn.normalize("NFC"),
  };
}

/** A seeded plant's translated care details, in NFC ('' / [] where none). */
function careTranslation(plant: (typeof plants)[number]) {
  const found = plantCareTranslation(plant);
  return {
    sunlightHi: found.sunlightHi.normalize("NFC"),
    sunlightKn: found.sunlightKn.normalize("NFC"),
    wateringHi: found.wateringHi.normalize("NFC"),
    wateringKn: found.wateringKn.normalize("NFC"),
    plantHeightHi: found.plantHeightHi.normalize("NFC"),
    plantHeightKn: found.plantHeightKn.normalize("NFC"),
    featuresHi: found.featuresHi.map((text) => text.normalize("NFC")),
    featuresKn: found.featuresKn.map((text) => text.normalize("NFC")),
  };
}

/** The translations of a category or material name, in NFC ('' where none). */
function nameTranslation(found: NameTranslation | undefined): NameTranslation {
  return {
    nameHi: (found?.nameHi ?? "").normalize("NFC"),
    nameKn: (found?.nameKn ?? "").normalize("NFC"),
  };
}

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * A seeded row: its key (slug; category slug for a material), its English text as seeded, and
 * its translations by column.
 */
interface Fill {
  key: string;
  english: string;
  translations: Record<string, string>;
}

/** Joins a list (features) into one text for `fillTranslations` with `list: true`. */
const LIST_SEPARATOR = "\u001f";
function joinList(list: readonly string[]): string {
  return list.join(LIST_SEPARATOR);
}

/**
 * One UPDATE giving the rows of `fills` their translations, only where the English is still the
 * seeded one and every translation column of the row is still '' (a row never translated: the
 * database predates the translation columns, or the row was seeded without them). `target` names
 * the table (alias t) and how its rows match v.key. Table and column names are constants of this
 * file. With `list`, the English and translated columns are text[] (features): the fills carry them
 * joined by `joinList`, and "still ''" means an empty list.
 */
async function fillTranslations(
  tx: Transaction,
  target: {
    table: string;
    join?: string;
    keyColumn: string;
    englishColumn: string;
    list?: boolean;
  },
  columns: readonly string[],
  fills: Fill[],
): Promise<void> {
  const rows = fills.filter((fill) => columns.some((column) => fill.translations[column]));
  if (rows.length === 0) return;
  const values: SQL = sql.join(
    rows.map(
      (fill) =>
        sql`(${fill.key}::text, ${fill.english}::text, ${sql.join(
          columns.map((column) => sql`${fill.translations[column] ?? ""}::text`),
          sql`, `,
        )})`,
    ),
    sql`, `,
  );
  const names = columns.join(", ");
  const set = columns
    .map((column) =>
      target.list ? `${column} = string_to_array(v.${column}, chr(31))` : `${column} = v.${column}`,
    )
    .join(", ");
  const untranslated = columns
    .map((column) => (target.list ? `cardinality(t.${column}) = 0` : `t.${column} = ''`))
    .join(" and ");
  const english = target.list
    ? `array_to_string(t.${target.englishColumn}, chr(31))`
    : `t.${target.englishColumn}`;
  const join = target.join ? `, ${target.join}` : "";
  await tx.execute(sql`
    update ${sql.raw(target.table)} as t set ${sql.raw(set)}
    from (values ${values}) as v(key, english, ${sql.raw(names)})${sql.raw(join)}
    where ${sql.raw(target.keyColumn)} = v.key and ${sql.raw(english)} = v.english
      and ${sql.raw(untranslated)}`);
}

/**
 * Fills the seeded Hindi and Kannada texts into rows that have none (see the module comment
 * and `fillTranslations`): eight UPDATEs, which change nothing once every row has a translation.
 * A product's name, description and each care detail are filled separately (each with its own
 * English), so an edited one keeps its translations and the others are still filled.
 */
async function fillMissingTranslations(tx: Transaction): Promise<void> {
  const care = plants.map((plant) => ({ plant, text: careTranslation(plant) }));
  const careFields = [
    ["sunlight", "sunlight"],
    ["watering", "watering"],
    ["plant_height", "plantHeight"],
  ] as const;
  for (const [column, field] of careFields) {
    await fillTranslations(
      tx,
      { table: "products", keyColumn: "t.slug", englishColumn: column },
      [`${column}_hi`, `${column}_kn`],
      care.map(({ plant, text }) => ({
        key: plant.slug,
        english: plant[field] ?? "",
        translations: {
          [`${column}_hi`]: text[`${field}Hi`],
          [`${column}_kn`]: text[`${field}Kn`],
        },
      })),
    );
  }
  await fillTranslations(
    tx,
    { table: "products", keyColumn: "t.slug", englishColumn: "features", list: true },
    ["features_hi", "features_kn"],
    care.map(({ plant, text }) => ({
      key: plant.slug,
      english: joinList(plant.features),
      translations: {
        features_hi: joinList(text.featuresHi),
        features_kn: joinList(text.featuresKn),
      },
    })),
  );
  const seeded = [...plants, ...fertilisers].map((item) => ({
    item,
    text: productTranslation(item.slug),
  }));
  await fillTranslations(
    tx,
    { table: "products", keyColumn: "t.slug", englishColumn: "name" },
    ["name_hi", "name_kn"],
    seeded.map(({ item, text }) => ({
      key: item.slug,
      english: item.name,
      translations: { name_hi: text.nameHi, name_kn: text.nameKn },
    })),
  );
  await fillTranslations(
    tx,
    { table: "products", keyColumn: "t.slug", englishColumn: "description" },
    ["description_hi", "description_kn"],
    seeded.map(({ item, text }) => ({
      key: item.slug,
      english: item.description,
      translations: { description_hi: text.descriptionHi, description_kn: text.descriptionKn },
    })),
  );
  const names = (found: NameTranslation | undefined) => {
    const text = nameTranslation(found);
    return { name_hi: text.nameHi, name_kn: text.nameKn };
  };
  await fillTranslations(
    tx,
    { table: "scrap_categories", keyColumn: "t.slug", englishColumn: "name" },
    ["name_hi", "name_kn"],
    rateList.map((category) => ({
      key: category.slug,
      english: category.name,
      translations: names(categoryTranslations[category.slug]),
    })),
  );
  await fillTranslations(
    tx,
    {
      table: "scrap_materials",
      join: "scrap_categories as c",
      keyColumn: "c.id = t.category_id and c.slug",
      englishColumn: "name",
    },
    ["name_hi", "name_kn"],
    rateList.flatMap((category) =>
      category.materials.map((material) => ({
        key: category.slug,
        english: material.name,
        translations: names(materialTranslations[material.name]),
      })),
    ),
  );
}

/**
 * Writes the seeded feeding groups into plants without one, and the seeded care guidance and
 * fitting groups into fertilisers whose guidance was never set (`care_use` null): two UPDATEs,
 * which change nothing once every seeded product has them.
 */
async function fillFeeding(tx: Transaction): Promise<void> {
  const groups = Object.entries(plantFeedGroups).map(
    ([slug, group]) => sql`(${slug}::text, ${group}::text)`,
  );
  await tx.execute(sql`
    update products as t set feed_group = v.feed_group
    from (values ${sql.join(groups, sql`, `)}) as v(slug, feed_group)
    where t.slug = v.slug and t.kind = 'plant' and t.feed_group is null`);
  const cares = Object.entries(supplyCare).map(
    ([slug, care]) =>
      sql`(${slug}::text, ${care.fits.join(",")}::text, ${sql.join(
        [care.use, care.amount, care.frequency].flatMap((text) => [
          sql`${text.en}::text`,
          sql`${text.hi}::text`,
          sql`${text.kn}::text`,
        ]),
        sql`, `,
      )})`,
  );
  await tx.execute(sql`
    update products as t set fits_groups = string_to_array(v.fits, ','),
      care_use = v.use_en, care_use_hi = v.use_hi, care_use_kn = v.use_kn,
      care_amount = v.amount_en, care_amount_hi = v.amount_hi, care_amount_kn = v.amount_kn,
      care_frequency = v.frequency_en, care_frequency_hi = v.frequency_hi,
      care_frequency_kn = v.frequency_kn
    from (values ${sql.join(cares, sql`, `)}) as v(slug, fits, use_en, use_hi, use_kn,
      amount_en, amount_hi, amount_kn, frequency_en, frequency_hi, frequency_kn)
    where t.slug = v.slug and t.kind = 'fertiliser' and t.care_use is null`);
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
        ...productTranslation(plant.slug),
        ...careTranslation(plant),
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
        // Live plants: HSN 0602, nil (docs/tax.md).
        hsnCode: "0602",
        gstRateBp: 0,
      })),
      ...fertilisers.map((item, index) => ({
        slug: item.slug,
        kind: "fertiliser" as const,
        name: item.name,
        description: item.description,
        ...productTranslation(item.slug),
        size: item.size,
        pricePaise: item.pricePaise,
        stock: item.stock,
        imagePath: productImagePath(item.slug),
        imageAlt: `Illustration of a ${item.size} pack of ${item.name}`,
        sortOrder: index,
        hsnCode: item.hsnCode,
        gstRateBp: item.gstRateBp,
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
        .values({
          slug: category.slug,
          name: category.name,
          ...nameTranslation(categoryTranslations[category.slug]),
          sortOrder: categoryIndex,
        })
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
            ...nameTranslation(materialTranslations[material.name]),
            ratePaisePerKg: material.ratePaisePerKg,
            sortOrder: index,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: scrapMaterials.id });
      materialsInserted += materials.length;
    }
    await fillMissingTranslations(tx);
    await fillFeeding(tx);
    return {
      productsInserted: insertedProducts.length,
      categoriesInserted,
      materialsInserted,
    };
  });
}
