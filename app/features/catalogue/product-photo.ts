/**
 * A product photo as the catalogue shows it (docs/uploads.md "Product photos"): the files'
 * addresses, `/media/products/<photoId>-<width>.<avif|webp|jpg>`, and their widths. The files
 * are AVIF, WebP and JPEG at PHOTO_WIDTHS (never wider than the photo). Browser-safe.
 */

/** Widths of a photo's files in pixels (a narrower photo: its own width instead). */
// 720: a phone 412 px wide at 1.75x (Lighthouse's) draws a card 378 px wide, 662 device pixels;
// a 360 px phone at 2x, 652. 320 serves 1x phones, 960 phones at 3x and wide screens at 2x.
export const PHOTO_WIDTHS = [320, 720, 960] as const;

/** Photos a product may have at most (docs/uploads.md "Product photos"). */
export const MAX_PRODUCT_PHOTOS = 5;

/** A product's photo: its id, and the width and height in pixels of its widest file. */
export interface PhotoRef {
  id: number;
  width: number;
  height: number;
}

export type PhotoFormat = "avif" | "webp" | "jpeg";

/** The file name extension of each format in a photo's address. */
export const photoExtensions = { avif: "avif", webp: "webp", jpeg: "jpg" } as const;

/**
 * How wide a product card's picture is drawn (app/styles/app.css `.product-grid`): the page's
 * width less its padding in one column (below 584 px), at most 410 px in two or more.
 */
export const CARD_PHOTO_SIZES = "(max-width: 583px) calc(100vw - 34px), 410px";

/** The widths of a photo's files, given its widest file's width: PHOTO_WIDTHS capped by it. */
export function photoWidths(width: number): number[] {
  return [...new Set(PHOTO_WIDTHS.map((wanted) => Math.min(wanted, width)))];
}

/** The address of one file of photo `id`. */
export function photoUrl(id: number, width: number, format: PhotoFormat): string {
  return `/media/products/${id}-${width}.${photoExtensions[format]}`;
}

/** `srcset` of a photo's files in `format`: "…-320.avif 320w, …-720.avif 720w, …". */
export function photoSrcSet(photo: PhotoRef, format: PhotoFormat): string {
  return photoWidths(photo.width)
    .map((width) => `${photoUrl(photo.id, width, format)} ${width}w`)
    .join(", ");
}
