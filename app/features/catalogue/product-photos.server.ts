/**
 * Staff's photos of a product (docs/uploads.md "Product photos"): added on the dashboard's
 * product page, shown by the catalogue's product cards instead of the drawn art. Each photo is
 * stored as AVIF, WebP and JPEG files at up to three widths (`photoVariants`,
 * app/utils/uploaded-image.server.ts), made before the transaction that inserts the photo and
 * its files, so a refused or broken file writes nothing and no transaction waits on sharp.
 * Every change records an audit row (`product.photo_added`, `product.photo_removed`,
 * `product.photo_moved`) and drops the "catalogue" caches in its transaction, so the public
 * lists and the stored pages (server/page-cache.ts) show it on the next request.
 *
 * Sizes are pixels and bytes. Errors: UploadedImageError (the file), ProductNotFoundError,
 * ProductPhotoError.
 */
import { and, asc, count, eq, inArray, max, sql } from "drizzle-orm";
import { recordAudit } from "~/db/audit.server";
import { notifyCacheChanged } from "~/db/cache-invalidation.server";
import type { Database } from "~/db/client.server";
import { returnedRow } from "~/db/returned-row";
import { productPhotoFiles, productPhotos, products } from "~/db/schema/catalogue";
import { Refusal } from "~/utils/refusal";
import { type PhotoVariant, photoVariants } from "~/utils/uploaded-image.server";
import { ProductNotFoundError } from "./catalogue-admin.server";
import {
  MAX_PRODUCT_PHOTOS,
  PHOTO_WIDTHS,
  type PhotoFormat,
  type PhotoRef,
  photoUrl,
  photoWidths,
} from "./product-photo";

/** The message of each refusal of a photo change. */
const photoProblems = {
  missing: "dashboard.product.photoMissing",
  full: "dashboard.product.photosFull",
  notFound: "dashboard.product.photoNotFound",
} as const;

/**
 * A photo change refused: `missing` (no file chosen; 400, field `photos`), `full` (the product
 * has MAX_PRODUCT_PHOTOS photos already; 422, field `photos`, docs/uploads.md "Product photos")
 * or `notFound` (no such photo of this product; 404). Nothing was written.
 */
export class ProductPhotoError extends Refusal {
  override name = "ProductPhotoError";
  constructor(readonly problem: keyof typeof photoProblems) {
    super(
      photoProblems[problem],
      { max: MAX_PRODUCT_PHOTOS },
      problem === "notFound"
        ? { status: 404 }
        : { status: problem === "full" ? 422 : 400, field: "photos" },
    );
  }
}

/**
 * A photo as the dashboard lists it: PhotoRef, its place (0 first), its files' bytes and the
 * address of its narrowest JPEG (the thumbnail).
 */
export interface ListedPhoto extends PhotoRef {
  position: number;
  bytes: number;
  thumbnail: string;
}

/** The product's photos, first shown first (position, then id). */
export async function listProductPhotos(db: Database, productId: number): Promise<ListedPhoto[]> {
  const rows = await db
    .select({
      id: productPhotos.id,
      width: productPhotos.width,
      height: productPhotos.height,
      position: productPhotos.position,
      bytes: sql<number>`(select coalesce(sum(octet_length(${productPhotoFiles.data})), 0)::int
        from ${productPhotoFiles} where ${productPhotoFiles.photoId} = ${productPhotos.id})`,
    })
    .from(productPhotos)
    .where(eq(productPhotos.productId, productId))
    .orderBy(asc(productPhotos.position), asc(productPhotos.id));
  return rows.map((row) => ({
    ...row,
    thumbnail: photoUrl(row.id, photoWidths(row.width)[0] ?? row.width, "jpeg"),
  }));
}

/**
 * The first photo of each of `productIds` that has one (the one a product card shows), by
 * product id; products without a photo are absent.
 */
export async function firstPhotos(
  db: Database,
  productIds: readonly number[],
): Promise<Map<number, PhotoRef>> {
  const photos = new Map<number, PhotoRef>();
  if (productIds.length === 0) return photos;
  const rows = await db
    .selectDistinctOn([productPhotos.productId], {
      productId: productPhotos.productId,
      id: productPhotos.id,
      width: productPhotos.width,
      height: productPhotos.height,
    })
    .from(productPhotos)
    .where(inArray(productPhotos.productId, [...productIds]))
    .orderBy(asc(productPhotos.productId), asc(productPhotos.position), asc(productPhotos.id));
  for (const { productId, ...photo } of rows) photos.set(productId, photo);
  return photos;
}

/** One file per format and width: a photo narrower than a width makes the same file twice. */
function distinctVariants(variants: readonly PhotoVariant[]): PhotoVariant[] {
  const seen = new Set<string>();
  return variants.filter((variant) => {
    const key = `${variant.format}:${variant.width}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Reads the product FOR UPDATE and counts its photos; refuses a missing or full product. */
async function lockProductWithRoom(tx: Database, productId: number): Promise<void> {
  const [product] = await tx
    .select({ id: products.id })
    .from(products)
    .where(eq(products.id, productId))
    .for("update");
  if (!product) throw new ProductNotFoundError();
  const [photos] = await tx
    .select({ n: count() })
    .from(productPhotos)
    .where(eq(productPhotos.productId, productId));
  if ((photos?.n ?? 0) >= MAX_PRODUCT_PHOTOS) throw new ProductPhotoError("full");
}

/**
 * Adds a photo after the product's others: the uploaded `bytes` (any size up to 10 MB; JPEG,
 * PNG, WebP or HEIC by content) become AVIF, WebP and JPEG files at PHOTO_WIDTHS (capped by the
 * photo's width), without metadata, before the transaction; then the photo row, its files, the
 * audit row `product.photo_added` and the "catalogue" invalidation commit together. The room
 * is checked before the files are made (no work for a full product) and again, under the
 * product's row lock, in the transaction (two uploads at once cannot make a sixth).
 * @returns the photo: its id and its widest file's width and height in pixels.
 * @throws UploadedImageError (empty, notImage, tooLarge, tooManyPixels, unreadable; field
 *   `photos`), ProductPhotoError `full`, ProductNotFoundError.
 */
export async function addProductPhoto(
  db: Database,
  actor: { email: string },
  productId: number,
  bytes: Uint8Array,
): Promise<PhotoRef> {
  await db.transaction((tx) => lockProductWithRoom(tx, productId));
  const files = distinctVariants(await photoVariants(bytes, PHOTO_WIDTHS));
  const widest = files.filter((file) => file.format === "jpeg").at(-1);
  if (!widest) throw new Error("photoVariants made no JPEG");
  return db.transaction(async (tx) => {
    await lockProductWithRoom(tx, productId);
    const [last] = await tx
      .select({ position: max(productPhotos.position) })
      .from(productPhotos)
      .where(eq(productPhotos.productId, productId));
    const photo = returnedRow(
      await tx
        .insert(productPhotos)
        .values({
          productId,
          position: (last?.position ?? -1) + 1,
          width: widest.width,
          height: widest.height,
        })
        .returning({ id: productPhotos.id }),
      "Product photo insert",
    );
    await tx
      .insert(productPhotoFiles)
      .values(files.map((file) => ({ photoId: photo.id, ...file })));
    await notifyCacheChanged(tx, "catalogue");
    await recordAudit(tx, {
      actor,
      action: "product.photo_added",
      entity: "product",
      entityId: productId,
      after: {
        photoId: photo.id,
        width: widest.width,
        height: widest.height,
        files: files.length,
        bytes: files.reduce((sum, file) => sum + file.data.byteLength, 0),
      },
    });
    return { id: photo.id, width: widest.width, height: widest.height };
  });
}

/**
 * Removes photo `photoId` of product `productId` with its files (the files' rows go by the
 * foreign key's cascade), with the audit row `product.photo_removed` and the "catalogue"
 * invalidation in the same transaction. Its addresses answer 404 from then on; a product left
 * without photos shows its drawn art again.
 * @throws ProductPhotoError `notFound` (no such photo of this product).
 */
export async function removeProductPhoto(
  db: Database,
  actor: { email: string },
  productId: number,
  photoId: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(productPhotos)
      .where(and(eq(productPhotos.id, photoId), eq(productPhotos.productId, productId)))
      .returning({ position: productPhotos.position });
    if (!removed) throw new ProductPhotoError("notFound");
    await notifyCacheChanged(tx, "catalogue");
    await recordAudit(tx, {
      actor,
      action: "product.photo_removed",
      entity: "product",
      entityId: productId,
      before: { photoId, position: removed.position },
    });
  });
}

/**
 * Makes photo `photoId` the product's first (the one its card shows): its position becomes one
 * less than the lowest, with the audit row `product.photo_moved` and the "catalogue"
 * invalidation. Already first: nothing is written.
 * @throws ProductPhotoError `notFound`.
 */
export async function moveProductPhotoFirst(
  db: Database,
  actor: { email: string },
  productId: number,
  photoId: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    const photos = await tx
      .select({ id: productPhotos.id, position: productPhotos.position })
      .from(productPhotos)
      .where(eq(productPhotos.productId, productId))
      .orderBy(asc(productPhotos.position), asc(productPhotos.id))
      .for("update");
    const photo = photos.find((row) => row.id === photoId);
    if (!photo) throw new ProductPhotoError("notFound");
    if (photos[0]?.id === photoId) return;
    // The rows are in position order, so the first holds the lowest position.
    const position = (photos[0]?.position ?? 0) - 1;
    await tx.update(productPhotos).set({ position }).where(eq(productPhotos.id, photoId));
    await notifyCacheChanged(tx, "catalogue");
    await recordAudit(tx, {
      actor,
      action: "product.photo_moved",
      entity: "product",
      entityId: productId,
      before: { photoId, position: photo.position },
      after: { photoId, position },
    });
  });
}

/**
 * One file of a photo for serving: its bytes, or null when there is no such photo, format or
 * width (a removed photo, a width it was never made at).
 */
export async function readProductPhotoFile(
  db: Database,
  photoId: number,
  format: PhotoFormat,
  width: number,
): Promise<Buffer | null> {
  const [file] = await db
    .select({ data: productPhotoFiles.data })
    .from(productPhotoFiles)
    .where(
      and(
        eq(productPhotoFiles.photoId, photoId),
        eq(productPhotoFiles.format, format),
        eq(productPhotoFiles.width, width),
      ),
    );
  return file ? Buffer.from(file.data) : null;
}
