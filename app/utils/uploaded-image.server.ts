/**
 * Photos people upload (a damaged plant for a claim, a product's photo on the dashboard; docs/
 * uploads.md): recognised by their content, never by their name or the browser's type, decoded
 * with a ceiling on pixels (a decompression bomb is refused before it is decoded), turned upright
 * by their EXIF orientation, and re-encoded, so that nothing the sender put in the file (EXIF,
 * GPS location, XMP, ICC, scripts, trailing bytes) is ever stored or served. Libraries: `file-type`
 * (magic bytes), `sharp` (libvips: JPEG, PNG, WebP, AVIF) and `heic-decode` (libheif compiled to
 * WebAssembly: HEIC photos from iPhones, which sharp's own build cannot decode).
 *
 * Sizes in bytes and pixels. Errors: {@link UploadedImageError} with an `errors.upload.*` id.
 */
import { fileTypeFromBuffer } from "file-type";
import decodeHeic from "heic-decode";
import sharp, { type Metadata, type Sharp } from "sharp";
import { Refusal } from "./refusal";

/** The largest file accepted: 10 MB (a phone's photo is 2–8 MB). */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/**
 * The most pixels an image may have: 60 million (a 50-megapixel phone photo passes; a
 * 100-megapixel image, or a small file claiming huge dimensions, does not).
 */
export const MAX_INPUT_PIXELS = 60_000_000;

/** The longest side of a stored photo, in pixels. */
export const STORED_LONGEST_SIDE = 2048;

/** What a file may be, by its content. */
const ACCEPTED = new Set(["image/jpeg", "image/png", "image/webp", "image/heic", "image/heif"]);

export type UploadProblem =
  | "empty"
  | "tooLarge"
  | "notImage"
  | "tooManyPixels"
  | "unreadable"
  | "tooMany"
  | "badForm";

/**
 * A file refused as a photo: `problem` says why, the id is `errors.upload.<problem>` with
 * `{maxMb}`, `{maxMegapixels}` or `{maxFiles}`; 413 for a file too large, 400 for a body that is
 * not a form, 422 otherwise; its field is `photos`. Nothing was stored.
 */
export class UploadedImageError extends Refusal {
  override name = "UploadedImageError";
  constructor(
    readonly problem: UploadProblem,
    maxFiles = 3,
  ) {
    super(
      `errors.upload.${problem}`,
      {
        maxMb: MAX_UPLOAD_BYTES / 1024 / 1024,
        maxMegapixels: MAX_INPUT_PIXELS / 1_000_000,
        maxFiles,
      },
      { status: problem === "tooLarge" ? 413 : problem === "badForm" ? 400 : 422, field: "photos" },
    );
  }
}

/** A decoded photo, upright, without any of the file's metadata; re-encode it to store it. */
export interface DecodedImage {
  image: Sharp;
  width: number;
  height: number;
}

/**
 * Reads `bytes` as a photo.
 * @throws UploadedImageError empty, tooLarge (over {@link MAX_UPLOAD_BYTES}), notImage (not a
 *   JPEG, PNG, WebP or HEIC by its content: a PDF named .jpg, an SVG, a text file), tooManyPixels
 *   (over {@link MAX_INPUT_PIXELS}, read from the header before decoding), unreadable (broken).
 */
export async function decodeUploadedImage(bytes: Uint8Array): Promise<DecodedImage> {
  if (bytes.byteLength === 0) throw new UploadedImageError("empty");
  if (bytes.byteLength > MAX_UPLOAD_BYTES) throw new UploadedImageError("tooLarge");
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !ACCEPTED.has(type.mime)) throw new UploadedImageError("notImage");
  if (type.mime === "image/heic" || type.mime === "image/heif") return decodeHeicPhoto(bytes);
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new UploadedImageError("unreadable");
  }
  const { width = 0, height = 0 } = metadata;
  if (width * height > MAX_INPUT_PIXELS) throw new UploadedImageError("tooManyPixels");
  if (width === 0 || height === 0) throw new UploadedImageError("unreadable");
  const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" }).rotate();
  // Decode once here, so a broken body is refused now rather than when it is stored.
  try {
    const { info, data } = await image.clone().raw().toBuffer({ resolveWithObject: true });
    return {
      image: sharp(data, {
        raw: { width: info.width, height: info.height, channels: info.channels },
      }),
      width: info.width,
      height: info.height,
    };
  } catch {
    throw new UploadedImageError("unreadable");
  }
}

async function decodeHeicPhoto(bytes: Uint8Array): Promise<DecodedImage> {
  try {
    const decoded = await decodeHeic({ buffer: bytes });
    if (decoded.width * decoded.height > MAX_INPUT_PIXELS) {
      throw new UploadedImageError("tooManyPixels");
    }
    return {
      image: sharp(Buffer.from(decoded.data.buffer), {
        raw: { width: decoded.width, height: decoded.height, channels: 4 },
      }),
      width: decoded.width,
      height: decoded.height,
    };
  } catch (error) {
    if (error instanceof UploadedImageError) throw error;
    throw new UploadedImageError("unreadable");
  }
}

/**
 * A photo as stored: JPEG (quality 82, progressive), its longest side at most
 * {@link STORED_LONGEST_SIDE}, no metadata.
 * @throws UploadedImageError as {@link decodeUploadedImage}.
 */
export async function storedPhoto(
  bytes: Uint8Array,
): Promise<{ data: Buffer; width: number; height: number }> {
  const { image } = await decodeUploadedImage(bytes);
  const { data, info } = await image
    .resize(STORED_LONGEST_SIDE, STORED_LONGEST_SIDE, { fit: "inside", withoutEnlargement: true })
    .jpeg({ quality: 82, progressive: true, mozjpeg: true })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** One file of a product photo's set. */
export interface PhotoVariant {
  format: "avif" | "webp" | "jpeg";
  width: number;
  height: number;
  data: Buffer;
}

/**
 * A product photo's files for `<picture>`: AVIF, WebP and JPEG at each of `widths` (not wider
 * than the photo), in that order, no metadata.
 * @throws UploadedImageError as {@link decodeUploadedImage}.
 */
export async function photoVariants(
  bytes: Uint8Array,
  widths: readonly number[] = [320, 640, 960],
): Promise<PhotoVariant[]> {
  const { image, width } = await decodeUploadedImage(bytes);
  const variants: PhotoVariant[] = [];
  for (const wanted of widths) {
    const resized = image.clone().resize({ width: Math.min(wanted, width) });
    for (const format of ["avif", "webp", "jpeg"] as const) {
      const encoded =
        format === "avif"
          ? resized.clone().avif({ quality: 50, effort: 4 })
          : format === "webp"
            ? resized.clone().webp({ quality: 72 })
            : resized.clone().jpeg({ quality: 78, progressive: true, mozjpeg: true });
      const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
      variants.push({ format, width: info.width, height: info.height, data });
    }
  }
  return variants;
}
