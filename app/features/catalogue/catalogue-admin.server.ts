/**
 * Catalogue editing for admins (docs/dashboard.md): the product list with its filters and CSV
 * rows (docs/dashboard.md "Lists"), create and update in one transaction with an audit row each
 * (docs/dashboard.md "Audit log"), and the stock of a page of products in one form (the stock
 * sheet, all or nothing: ADR 0031).
 * Money is integer paise, stock is units. The public /plant and /supplies lists are kept in
 * memory (catalogue.server.ts, db/read-cache.server.ts) and stored as pages (server/page-cache.ts);
 * a create or update calls `notifyCacheChanged("catalogue")` in its transaction, which drops
 * both on every server, so a saved change shows there on the next request.
 */
import fs from "node:fs";
import path from "node:path";
import { and, asc, eq, ilike, inArray, lte, max, type SQL, sql } from "drizzle-orm";
import { changedFields, recordAudit } from "~/db/audit.server";
import { notifyCacheChanged } from "~/db/cache-invalidation.server";
import type { Database } from "~/db/client.server";
import { returnedRow } from "~/db/returned-row";
import { type Product, type ProductKind, productKinds, products } from "~/db/schema/catalogue";
import { fieldErrorTexts, refusalText } from "~/i18n/i18n.server";
import type { RefusedSheet } from "~/utils/bulk-form";
import {
  type CellChange,
  type CellConflict,
  readSheet,
  sheetChangedMeanwhile,
  sortChanges,
} from "~/utils/bulk-form.server";
import { csvRowsOf, csvRupees, csvYesNo } from "~/utils/csv.server";
import { decodeCursor, keysetBatches, keysetPage } from "~/utils/keyset.server";
import { paiseToRupeesText } from "~/utils/money";
import { isUniqueViolation } from "~/utils/pg-errors";
import { projectRoot } from "~/utils/project-root.server";
import { message, Refusal } from "~/utils/refusal";
import { containsPattern } from "~/utils/sql-like";
import {
  feedGroupProblem,
  type ProductField,
  type ProductInput,
  productSchema,
  readShownStock,
  slugFromName,
  slugSchema,
  stockSheetSchemas,
  usageProblem,
} from "./product.schema";
import { LOW_STOCK_AT, type StockFilter, stockFilters } from "./stock-levels";

/** Longest search text kept from the URL. */
const MAX_QUERY_LENGTH = 100;

/** Filters of /dashboard/catalogue and its CSV export. */
export interface CatalogueFilters {
  kind: ProductKind | null;
  q: string;
  /** Active products low in stock or out of it (stock-levels.ts); absent or null: any. */
  stock?: StockFilter | null;
}

/** Reads the list filters from a URL; odd values fall back to "all" / no search. */
export function parseCatalogueFilters(params: URLSearchParams): CatalogueFilters {
  const kind = productKinds.find((value) => value === params.get("kind")) ?? null;
  const q = (params.get("q") ?? "").replaceAll("\u0000", "").trim().slice(0, MAX_QUERY_LENGTH);
  const stock = stockFilters.find((value) => value === params.get("stock")) ?? null;
  return { kind, q, stock };
}

/** The same filters as URL search parameters (for the pager and the export link). */
export function catalogueFilterParams(filters: CatalogueFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.kind) params.set("kind", filters.kind);
  if (filters.q) params.set("q", filters.q);
  if (filters.stock) params.set("stock", filters.stock);
  return params;
}

export interface AdminProductRow {
  id: number;
  name: string;
  /** Hindi and Kannada names ('' shows the English on those pages). */
  nameHi: string;
  nameKn: string;
  slug: string;
  kind: ProductKind;
  size: string | null;
  pricePaise: number;
  stock: number;
  active: boolean;
  updatedAt: Date;
}

type SortKey = [kind: string, sortOrder: number, id: number];

const rowColumns = {
  id: products.id,
  name: products.name,
  nameHi: products.nameHi,
  nameKn: products.nameKn,
  slug: products.slug,
  kind: products.kind,
  size: products.size,
  pricePaise: products.pricePaise,
  stock: products.stock,
  active: products.active,
  sortOrder: products.sortOrder,
  updatedAt: products.updatedAt,
};

function filterConditions(filters: CatalogueFilters, after: SortKey | null): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.kind) conditions.push(eq(products.kind, filters.kind));
  if (filters.q) conditions.push(ilike(products.name, containsPattern(filters.q)));
  if (filters.stock) {
    conditions.push(eq(products.active, true));
    if (filters.stock === "out") conditions.push(eq(products.stock, 0));
    else conditions.push(lte(products.stock, LOW_STOCK_AT));
  }
  if (after) {
    conditions.push(
      sql`(${products.kind}, ${products.sortOrder}, ${products.id}) > (${after[0]}, ${after[1]}, ${after[2]})`,
    );
  }
  return and(...conditions);
}

async function productBatch(
  db: Database,
  filters: CatalogueFilters,
  after: SortKey | null,
  limit: number,
) {
  return db
    .select(rowColumns)
    .from(products)
    .where(filterConditions(filters, after))
    .orderBy(asc(products.kind), asc(products.sortOrder), asc(products.id))
    .limit(limit);
}

function sortKeyOf(row: { kind: string; sortOrder: number; id: number }): SortKey {
  return [row.kind, row.sortOrder, row.id];
}

function stripSortOrder(row: Awaited<ReturnType<typeof productBatch>>[number]): AdminProductRow {
  const { sortOrder: _sortOrder, ...rest } = row;
  return rest;
}

/**
 * One page of every product (active and inactive) matching the filters, in catalogue order
 * (kind, then the public display order), PAGE_SIZE at a time by keyset (`after` is the
 * cursor from the previous page; a tampered cursor shows the first page).
 * @returns the rows and the cursor of the next page, or null on the last page.
 */
export async function listProductsForAdmin(
  db: Database,
  filters: CatalogueFilters,
  after: string | null,
): Promise<{ rows: AdminProductRow[]; next: string | null }> {
  const { page, nextCursor } = await keysetPage(
    (key: SortKey | null, limit: number) => productBatch(db, filters, key, limit),
    decodeCursor<SortKey>(after, ["string", "number", "number"]),
    sortKeyOf,
  );
  return { rows: page.map(stripSortOrder), next: nextCursor };
}

/** CSV header of the catalogue export; the rows come from `productExportRows`. */
export const productExportHeader = [
  "ID",
  "Name",
  "Slug",
  "Kind",
  "Pack size",
  "Price (paise)",
  "Price (₹)",
  "Stock",
  "Active",
  "Updated at (UTC)",
  "Name (Hindi)",
  "Name (Kannada)",
] as const;

/**
 * Every product matching the filters as CSV rows, fetched 1,000 at a time by keyset so a large
 * catalogue never sits in memory (docs/dashboard.md). Cells are neutralised by `csvResponse`.
 */
export function productExportRows(
  db: Database,
  filters: CatalogueFilters,
): AsyncGenerator<readonly unknown[]> {
  const rows = keysetBatches(
    (after: SortKey | null, limit: number) => productBatch(db, filters, after, limit),
    sortKeyOf,
    1000,
  );
  return csvRowsOf(rows, (row) => [
    row.id,
    row.name,
    row.slug,
    row.kind,
    row.size ?? "",
    row.pricePaise,
    csvRupees(row.pricePaise),
    row.stock,
    csvYesNo(row.active),
    row.updatedAt,
    row.nameHi,
    row.nameKn,
  ]);
}

/** One product with every column, or null. */
export async function getProductForAdmin(db: Database, id: number): Promise<Product | null> {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  return row ?? null;
}

/**
 * A form field the server refused after the schema check (taken slug, missing image): a refusal
 * (ADR 0024) with a `dashboard.product.*` id, status 400 like every refused field of the form.
 */
export class ProductFieldError extends Refusal {
  override name = "ProductFieldError";
  declare readonly field: "slug" | "imagePath";
  constructor(field: "slug" | "imagePath", id: string) {
    super(id, {}, { status: 400, field });
  }
}

/** The product does not exist: a refusal (ADR 0024), `dashboard.product.notFound`, status 404. */
export class ProductNotFoundError extends Refusal {
  override name = "ProductNotFoundError";
  constructor() {
    super("dashboard.product.notFound", {}, { status: 404 });
  }
}

const publicFolders = () => {
  const root = projectRoot();
  return [path.join(root, "public"), path.join(root, "build", "client")];
};

/**
 * The product illustrations shipped with the site (`/images/products/*.svg` etc.), sorted;
 * what the image field offers.
 */
export function listIllustrations(): string[] {
  for (const folder of publicFolders()) {
    try {
      return fs
        .readdirSync(path.join(folder, "images", "products"))
        .filter((file) => /\.(svg|png|jpe?g|webp|avif)$/i.test(file))
        .sort()
        .map((file) => `/images/products/${file}`);
    } catch {
      // Not in this folder; try the next.
    }
  }
  return [];
}

/** True when `imagePath` (already checked to be a plain path under /images/) is a file. */
function imageExists(imagePath: string): boolean {
  return publicFolders().some((folder) => {
    const file = path.join(folder, imagePath);
    return file.startsWith(path.join(folder, "images")) && fs.existsSync(file);
  });
}

function checkImage(input: ProductInput): void {
  if (!imageExists(input.imagePath)) {
    throw new ProductFieldError("imagePath", "dashboard.product.imageMissing");
  }
}

const SLUG_TAKEN = "dashboard.product.slugTaken";

/** The columns a product form writes. */
function columnsOf(input: ProductInput) {
  return {
    name: input.name,
    nameHi: input.nameHi,
    nameKn: input.nameKn,
    kind: input.kind,
    pricePaise: input.price,
    stock: input.stock,
    active: input.active,
    description: input.description,
    descriptionHi: input.descriptionHi,
    descriptionKn: input.descriptionKn,
    size: input.size,
    hsnCode: input.hsnCode,
    gstRateBp: input.gstRate,
    usage: input.usage,
    sunlight: input.sunlight,
    sunlightHi: input.sunlightHi,
    sunlightKn: input.sunlightKn,
    watering: input.watering,
    wateringHi: input.wateringHi,
    wateringKn: input.wateringKn,
    plantHeight: input.plantHeight,
    plantHeightHi: input.plantHeightHi,
    plantHeightKn: input.plantHeightKn,
    features: input.features,
    featuresHi: input.featuresHi,
    featuresKn: input.featuresKn,
    feedGroup: input.feedGroup,
    fitsGroups: input.fitsGroups,
    careUse: input.careUse,
    careUseHi: input.careUseHi,
    careUseKn: input.careUseKn,
    careAmount: input.careAmount,
    careAmountHi: input.careAmountHi,
    careAmountKn: input.careAmountKn,
    careFrequency: input.careFrequency,
    careFrequencyHi: input.careFrequencyHi,
    careFrequencyKn: input.careFrequencyKn,
    imagePath: input.imagePath,
    imageAlt: input.imageAlt,
  };
}

/**
 * Creates a product at the end of its kind's display order and records `product.create`
 * with every field (money in paise) in the same transaction.
 * @param slug checked by `slugSchema`; it names the product in URLs and the seed, so it is
 *   fixed after creation.
 * @returns the new product's id.
 * @throws ProductFieldError 'slug' taken, 'imagePath' no such file.
 */
export async function createProduct(
  db: Database,
  actor: { email: string },
  slug: string,
  input: ProductInput,
): Promise<number> {
  checkImage(input);
  try {
    return await db.transaction(async (tx) => {
      const [taken] = await tx
        .select({ id: products.id })
        .from(products)
        .where(eq(products.slug, slug));
      if (taken) throw new ProductFieldError("slug", SLUG_TAKEN);
      const [last] = await tx
        .select({ sortOrder: max(products.sortOrder) })
        .from(products)
        .where(eq(products.kind, input.kind));
      const values = { slug, ...columnsOf(input), sortOrder: (last?.sortOrder ?? -1) + 1 };
      const row = returnedRow(
        await tx.insert(products).values(values).returning({ id: products.id }),
        "Product insert",
      );
      await notifyCacheChanged(tx, "catalogue");
      await recordAudit(tx, {
        actor,
        action: "product.create",
        entity: "product",
        entityId: row.id,
        after: values,
      });
      return row.id;
    });
  } catch (error) {
    // Two admins creating the same slug at once: the loser gets the field message.
    if (isUniqueViolation(error, "products_slug_unique")) {
      throw new ProductFieldError("slug", SLUG_TAKEN);
    }
    throw error;
  }
}

function sameList(a: unknown, b: unknown): boolean {
  return Array.isArray(a) && Array.isArray(b) && a.join("\u0000") === b.join("\u0000");
}

/**
 * Saves the product form over product `id` (last write wins) in one transaction: the row is
 * read FOR UPDATE, so the audit row `product.update` holds the real values before this
 * change, and only the fields that changed (money in paise). Nothing is written when no
 * field changed.
 * @returns whether anything changed.
 * @throws ProductNotFoundError, ProductFieldError 'imagePath'.
 */
export async function updateProduct(
  db: Database,
  actor: { email: string },
  id: number,
  input: ProductInput,
): Promise<{ changed: boolean }> {
  checkImage(input);
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(products).where(eq(products.id, id)).for("update");
    if (!current) throw new ProductNotFoundError();
    const next = columnsOf(input);
    const diff = changedFields(current, next);
    for (const list of ["features", "featuresHi", "featuresKn", "fitsGroups"] as const) {
      if (sameList(current[list], next[list])) {
        delete diff.before[list];
        delete diff.after[list];
      }
    }
    if (Object.keys(diff.after).length === 0) return { changed: false };
    await tx
      .update(products)
      .set({ ...diff.after, updatedAt: new Date() })
      .where(eq(products.id, id));
    await notifyCacheChanged(tx, "catalogue");
    await recordAudit(tx, {
      actor,
      action: "product.update",
      entity: "product",
      entityId: id,
      before: diff.before,
      after: diff.after,
      // The name as it was, so the log says which product even if the name changed.
      extra: { name: current.name },
    });
    return { changed: true };
  });
}

/** A product's stock typed differently on the stock sheet from what the page showed (units). */
export type StockChange = CellChange<"stock", number>;

/**
 * Saves the changed stock cells of the catalogue page's stock sheet, all or nothing (ADR 0031),
 * in one transaction: the products are read FOR UPDATE in id order; a product whose stock is no
 * longer the one the page showed (or that is gone: `now` null) is a conflict, and with any
 * conflict nothing is written. A product already at the wanted stock is skipped. Each product
 * written gets a `product.update` audit row with its stock before and after (units), and the
 * "catalogue" caches are told once.
 * @returns the changes written, or the conflicts.
 */
export function saveStockSheet(
  db: Database,
  actor: { email: string },
  changes: readonly StockChange[],
): Promise<
  { ok: true; saved: StockChange[] } | { ok: false; conflicts: CellConflict<"stock", number>[] }
> {
  if (changes.length === 0) return Promise.resolve({ ok: true, saved: [] });
  return db.transaction(async (tx) => {
    const ids = changes.map((change) => change.id).sort((a, b) => a - b);
    const rows = await tx
      .select({ id: products.id, name: products.name, stock: products.stock })
      .from(products)
      .where(inArray(products.id, ids))
      .orderBy(asc(products.id))
      .for("update");
    const byId = new Map(rows.map((row) => [row.id, row]));
    const { toSave, conflicts } = sortChanges(
      changes,
      (change) => byId.get(change.id)?.stock ?? null,
    );
    if (conflicts.length > 0) return { ok: false, conflicts };
    for (const change of toSave) {
      await tx
        .update(products)
        .set({ stock: change.wanted, updatedAt: new Date() })
        .where(eq(products.id, change.id));
      await recordAudit(tx, {
        actor,
        action: "product.update",
        entity: "product",
        entityId: change.id,
        before: { stock: change.shown },
        after: { stock: change.wanted },
        extra: { name: byId.get(change.id)?.name },
      });
    }
    if (toSave.length > 0) await notifyCacheChanged(tx, "catalogue");
    return { ok: true, saved: toSave };
  });
}

/**
 * The catalogue page's stock sheet (docs/dashboard.md "Catalogue", ADR 0031): reads the posted
 * cells (`readSheet` with `stockSheetSchemas`) and saves the changed ones with `saveStockSheet`,
 * all or nothing. A refused stock (not a whole number from 0 to 10,000) gets its message and
 * 400; a stock changed meanwhile gets its message and 409, and shows again with today's stock
 * as the shown one, so saving again replaces it knowingly.
 * @returns the changes written, or the refusal.
 */
export async function applyStockSheet(
  db: Database,
  actor: { email: string },
  posted: Readonly<Record<string, string>>,
): Promise<{ ok: true; saved: StockChange[] } | RefusedSheet> {
  const read = readSheet(posted, ["stock"], stockSheetSchemas, readShownStock);
  if (!read.ok) return read;
  const result = await saveStockSheet(db, actor, read.changes);
  if (result.ok) return result;
  return sheetChangedMeanwhile(
    read.cells,
    result.conflicts.map(({ change: { id }, now }) => ({
      id,
      field: "stock",
      message:
        now === null
          ? message("dashboard.product.notFound")
          : message("dashboard.product.stockChanged", { stock: now }),
      now: now === null ? null : String(now),
    })),
  );
}

/** A product as the form's text values (price in rupees, features one per line). */
export function productFormValues(product: Product): Record<ProductField, string> {
  return {
    slug: product.slug,
    name: product.name,
    nameHi: product.nameHi,
    nameKn: product.nameKn,
    kind: product.kind,
    price: paiseToRupeesText(product.pricePaise),
    stock: String(product.stock),
    active: product.active ? "on" : "",
    description: product.description,
    descriptionHi: product.descriptionHi,
    descriptionKn: product.descriptionKn,
    size: product.size ?? "",
    hsnCode: product.hsnCode,
    gstRate: String(product.gstRateBp / 100),
    usage: product.usage ?? "",
    sunlight: product.sunlight ?? "",
    sunlightHi: product.sunlightHi,
    sunlightKn: product.sunlightKn,
    watering: product.watering ?? "",
    wateringHi: product.wateringHi,
    wateringKn: product.wateringKn,
    plantHeight: product.plantHeight ?? "",
    plantHeightHi: product.plantHeightHi,
    plantHeightKn: product.plantHeightKn,
    features: product.features.join("\n"),
    featuresHi: product.featuresHi.join("\n"),
    featuresKn: product.featuresKn.join("\n"),
    feedGroup: product.feedGroup ?? "",
    fitsGroups: (product.fitsGroups ?? []).join(","),
    careUse: product.careUse ?? "",
    careUseHi: product.careUseHi,
    careUseKn: product.careUseKn,
    careAmount: product.careAmount ?? "",
    careAmountHi: product.careAmountHi,
    careAmountKn: product.careAmountKn,
    careFrequency: product.careFrequency ?? "",
    careFrequencyHi: product.careFrequencyHi,
    careFrequencyKn: product.careFrequencyKn,
    imagePath: product.imagePath,
    imageAlt: product.imageAlt,
  };
}

export type SaveProductResult =
  | { ok: true; id: number; changed: boolean }
  | { ok: false; errors: Partial<Record<ProductField | "form", string>> };

/**
 * The product form's action (docs/dashboard.md): checks `fields` with `productSchema` (and the
 * slug, for a new product: typed, or made from the name), then creates (`id` null) or
 * updates the product with its audit row. Nothing is written when a field is refused.
 * @returns the product id, or a message per refused field.
 * @throws ProductNotFoundError when `id` names no product.
 */
export async function saveProductForm(
  db: Database,
  actor: { email: string },
  id: number | null,
  fields: Record<ProductField, string>,
): Promise<SaveProductResult> {
  const parsed = productSchema.safeParse(fields);
  const errors: Partial<Record<ProductField | "form", string>> = parsed.success
    ? {}
    : fieldErrorTexts("en", parsed.error.issues);
  const usage = parsed.success ? null : usageProblem(fields);
  if (usage) errors.usage ??= refusalText("en", message(usage));
  const feedGroup = parsed.success ? null : feedGroupProblem(fields);
  if (feedGroup) errors.feedGroup ??= refusalText("en", message(feedGroup));
  let slug: string | null = null;
  if (id === null) {
    const typed = fields.slug.trim();
    const slugResult = slugSchema.safeParse(typed || slugFromName(fields.name));
    if (slugResult.success) slug = slugResult.data;
    else if (typed) errors.slug = fieldErrorTexts("en", slugResult.error.issues).form;
    else errors.slug = refusalText("en", message("dashboard.product.slugRequired"));
  }
  if (!parsed.success || (id === null && slug === null)) return { ok: false, errors };
  try {
    if (id !== null) {
      const { changed } = await updateProduct(db, actor, id, parsed.data);
      return { ok: true, id, changed };
    }
    const newId = await createProduct(db, actor, slug ?? "", parsed.data);
    return { ok: true, id: newId, changed: true };
  } catch (error) {
    if (error instanceof ProductFieldError) {
      return { ok: false, errors: { [error.field]: refusalText("en", error) } };
    }
    throw error;
  }
}
