/**
 * Gives catalogue products photos for a benchmark (`PRODUCT_PHOTOS=…` with bench/lighthouse.mjs
 * or bench/bundle-size.mjs; docs/uploads.md "Product photos"). Run by bench/start-server.mjs
 * before the server starts, because the embedded database in DATA_DIR allows one process:
 *
 *   tsx bench/product-photos.ts <dataDir> <count|all>
 *
 * It migrates and seeds the database in `<dataDir>`, then adds one photo to each of the first
 * `count` active plants and fertilisers in catalogue order (`all`: every active product) through
 * the dashboard's own `addProductPhoto`, so the files are exactly what an upload stores.
 *
 * The photos are synthetic (no photo ships with the repository): a 1600 × 1200 px JPEG of
 * smooth colour fields with grain, which encodes a little larger than a real phone photo at
 * the same sizes (measured against one: AVIF 960 px 24 KB against 19 KB), so the figures err on
 * the slow side. It prints each kind's encoded sizes.
 */
import { and, asc, eq } from "drizzle-orm";
import sharp from "sharp";
import { openDatabase } from "~/db/client.server";
import { productPhotoFiles, products } from "~/db/schema/catalogue";
import { seedDatabase } from "~/db/seed.server";
import { addProductPhoto } from "~/features/catalogue/product-photos.server";

/** A photo-like JPEG: a random 48 × 36 colour grid enlarged smoothly, with grain over it. */
async function syntheticPhoto(seed: number): Promise<Buffer> {
  const width = 48;
  const height = 36;
  const raw = Buffer.alloc(width * height * 3);
  let state = seed;
  for (let i = 0; i < raw.length; i++) {
    state = (state * 1_103_515_245 + 12_345) & 0x7fffffff;
    raw[i] = 40 + ((state >> 16) % 160);
  }
  const fields = await sharp(raw, { raw: { width, height, channels: 3 } })
    .resize(1600, 1200, { kernel: "cubic" })
    .png()
    .toBuffer();
  const grain = await sharp({
    create: {
      width: 1600,
      height: 1200,
      channels: 3,
      background: { r: 0, g: 0, b: 0 },
      noise: { type: "gaussian", mean: 128, sigma: 18 },
    },
  })
    .png()
    .toBuffer();
  return sharp(fields)
    .composite([{ input: grain, blend: "overlay" }])
    .jpeg({ quality: 88 })
    .toBuffer();
}

const [dataDir, countArgument = "all"] = process.argv.slice(2);
if (!dataDir) {
  process.stderr.write("usage: tsx bench/product-photos.ts <dataDir> <count|all>\n");
  process.exit(2);
}
const count = countArgument === "all" ? Number.POSITIVE_INFINITY : Number(countArgument);
const handle = await openDatabase({ dataDir });
try {
  await seedDatabase(handle.db);
  let added = 0;
  for (const kind of ["plant", "fertiliser"] as const) {
    const rows = await handle.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.kind, kind), eq(products.active, true)))
      .orderBy(asc(products.sortOrder), asc(products.id));
    for (const row of rows.slice(0, count)) {
      await addProductPhoto(
        handle.db,
        { email: "bench@localhost" },
        row.id,
        await syntheticPhoto(row.id),
      );
      added += 1;
    }
  }
  const files = await handle.db
    .select({
      format: productPhotoFiles.format,
      width: productPhotoFiles.width,
      data: productPhotoFiles.data,
    })
    .from(productPhotoFiles);
  const sizes = new Map<string, number[]>();
  for (const file of files) {
    const key = `${file.format} ${file.width}`;
    sizes.set(key, [...(sizes.get(key) ?? []), file.data.byteLength]);
  }
  const summary = [...sizes]
    .map(
      ([key, bytes]) =>
        `${key}: ${(bytes.reduce((a, b) => a + b, 0) / bytes.length / 1024).toFixed(0)} KB`,
    )
    .join(", ");
  process.stdout.write(`Product photos: ${added} added; mean file sizes ${summary}\n`);
} finally {
  await handle.close();
}
