/**
 * Names of scrap materials and catalogue products in a page's language, by id (docs/languages.md
 * "What else is per language"; ADR 0030). Records keep the English name they were made with
 * (an order's line items, a weigh sheet's lines and plants): that snapshot stays the record, and
 * a page in Hindi or Kannada shows the row's `name_hi` / `name_kn` of the material or product
 * that still exists, else the snapshot. Shared by the pickups, exchange and orders features.
 */
import { inArray } from "drizzle-orm";
import type { Lang } from "~/i18n/languages";
import type { Database } from "./client.server";
import { localisedColumn } from "./localised-column.server";
import { products } from "./schema/catalogue";
import { scrapMaterials } from "./schema/rates";

/** id → name in `lang`; empty for English (the snapshot is the English name). */
export type LocalNames = ReadonlyMap<number, string>;

const none: LocalNames = new Map();

/**
 * The names in `lang` of the scrap materials `ids` (duplicates and unknown ids allowed: an
 * unknown id is simply absent). Empty for English or no ids, without a query.
 */
export async function materialNames(
  db: Database,
  lang: Lang,
  ids: readonly number[],
): Promise<LocalNames> {
  if (lang === "en" || ids.length === 0) return none;
  const rows = await db
    .select({
      id: scrapMaterials.id,
      name: localisedColumn(lang, scrapMaterials.name, {
        hi: scrapMaterials.nameHi,
        kn: scrapMaterials.nameKn,
      }),
    })
    .from(scrapMaterials)
    .where(inArray(scrapMaterials.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/**
 * The names in `lang` of the catalogue products `ids`; a null id (a line whose product was
 * deleted) is skipped. Empty for English or no ids, without a query.
 */
export async function productNames(
  db: Database,
  lang: Lang,
  ids: readonly (number | null)[],
): Promise<LocalNames> {
  const known = [...new Set(ids.filter((id): id is number => id !== null))];
  if (lang === "en" || known.length === 0) return none;
  const rows = await db
    .select({
      id: products.id,
      name: localisedColumn(lang, products.name, { hi: products.nameHi, kn: products.nameKn }),
    })
    .from(products)
    .where(inArray(products.id, known));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The name to show: the translated one of `id` when known, else the stored English `snapshot`. */
export function shownName(names: LocalNames, id: number | null, snapshot: string): string {
  return (id === null ? undefined : names.get(id)) ?? snapshot;
}
