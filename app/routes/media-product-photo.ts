import { getDb } from "~/db/db.server";
import { type PhotoFormat, photoExtensions } from "~/features/catalogue/product-photo";
import { readProductPhotoFile } from "~/features/catalogue/product-photos.server";
import type { Route } from "./+types/media-product-photo";

/** The Content-Type of each format. */
const contentTypes = {
  avif: "image/avif",
  webp: "image/webp",
  jpeg: "image/jpeg",
} as const satisfies Record<PhotoFormat, string>;

const formatOfExtension = new Map<string, PhotoFormat>(
  Object.entries(photoExtensions).map(([format, extension]) => [extension, format as PhotoFormat]),
);

/**
 * `/media/products/<photoId>-<width>.<avif|webp|jpg>`: one file of a product photo
 * (docs/uploads.md "Product photos"), cached for a year by browsers and shared caches as
 * immutable: a photo's id is never given to other pixels (a new photo gets a new id), so an
 * address always means the same bytes. A removed photo, an unknown id, width or extension: 404.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const match = /^([1-9]\d{0,8})-([1-9]\d{0,3})\.([a-z]{3,4})$/.exec(params.file);
  const format = match ? formatOfExtension.get(match[3] ?? "") : undefined;
  const file =
    match && format
      ? await readProductPhotoFile(await getDb(), Number(match[1]), format, Number(match[2]))
      : null;
  if (!file || !format) {
    return new Response("No such photo.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return new Response(new Uint8Array(file), {
    headers: {
      "Content-Type": contentTypes[format],
      "Content-Length": String(file.byteLength),
      "Cache-Control": "public, max-age=31536000, immutable",
    },
  });
}
