import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  decodeUploadedImage,
  MAX_UPLOAD_BYTES,
  photoVariants,
  storedPhoto,
  UploadedImageError,
} from "./uploaded-image.server";

/** A 60 × 30 photo as `format`, with EXIF (camera, GPS) and orientation 6 (turn 90° right). */
async function phonePhoto(format: "jpeg" | "png" | "webp" = "jpeg"): Promise<Buffer> {
  return sharp({ create: { width: 60, height: 30, channels: 3, background: "#2e7d32" } })
    .withExif({
      IFD0: { Make: "PhoneMaker", Model: "Secret Phone 9" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "12/1 58/1 0/1" },
    })
    .withMetadata({ orientation: 6 })
    [format]()
    .toBuffer();
}

/** A PNG whose header claims `width` × `height` pixels, with a tiny body (a decompression bomb's shape). */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.alloc(1024))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

async function problemOf(bytes: Uint8Array): Promise<string> {
  const error = await decodeUploadedImage(bytes).catch((caught: unknown) => caught);
  return error instanceof UploadedImageError ? error.problem : `no refusal: ${String(error)}`;
}

describe("uploaded photos", () => {
  it("stores a phone's JPEG upright, as JPEG, without its EXIF, GPS or camera", async () => {
    const original = await phonePhoto();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const stored = await storedPhoto(original);
    const metadata = await sharp(stored.data).metadata();
    expect(metadata.format).toBe("jpeg");
    // Orientation 6 applied: 60 × 30 becomes 30 × 60, and no orientation tag is left.
    expect([stored.width, stored.height]).toEqual([30, 60]);
    expect(metadata.orientation).toBeUndefined();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(stored.data.includes("Secret Phone")).toBe(false);
    expect(stored.data.includes("PhoneMaker")).toBe(false);
  });

  it("takes PNG and WebP by their content, whatever they are called", async () => {
    for (const format of ["png", "webp"] as const) {
      const decoded = await decodeUploadedImage(await phonePhoto(format));
      expect([decoded.width, decoded.height]).toEqual([30, 60]);
    }
  });

  it("refuses what is not a photo: a PDF named .jpg, an SVG with a script, text, nothing", async () => {
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n");
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><rect width="9" height="9"/></svg>',
    );
    expect(await problemOf(pdf)).toBe("notImage");
    expect(await problemOf(svg)).toBe("notImage");
    expect(await problemOf(Buffer.from("just some words"))).toBe("notImage");
    expect(await problemOf(new Uint8Array(0))).toBe("empty");
  });

  it("refuses a file over 10 MB, a 100-megapixel image before decoding it, and a broken one", async () => {
    expect(await problemOf(new Uint8Array(MAX_UPLOAD_BYTES + 1))).toBe("tooLarge");
    const bomb = pngClaiming(10_000, 10_000);
    expect(bomb.length).toBeLessThan(2_000);
    expect(await problemOf(bomb)).toBe("tooManyPixels");
    const photo = await phonePhoto();
    expect(await problemOf(photo.subarray(0, 200))).toBe("unreadable");
  });

  it("makes AVIF, WebP and JPEG at each width, never wider than the photo", async () => {
    const wide = await sharp({
      create: { width: 800, height: 600, channels: 3, background: "#8bc34a" },
    })
      .jpeg()
      .toBuffer();
    const variants = await photoVariants(wide, [320, 640, 960]);
    expect(variants.map((v) => `${v.format} ${v.width}x${v.height}`)).toEqual([
      "avif 320x240",
      "webp 320x240",
      "jpeg 320x240",
      "avif 640x480",
      "webp 640x480",
      "jpeg 640x480",
      "avif 800x600",
      "webp 800x600",
      "jpeg 800x600",
    ]);
    for (const variant of variants) {
      expect((await sharp(variant.data).metadata()).format).toBe(
        variant.format === "avif" ? "heif" : variant.format,
      );
    }
  });
});
