/**
 * Product photos (docs/uploads.md "Product photos"), through the routes: an admin uploads a
 * real JPEG on the dashboard's product page; it is stored as AVIF, WebP and JPEG at three
 * widths and served from /media/products/… with its type and a year's immutable caching; the
 * catalogue's card shows it in <picture> with srcset, sizes, width and height. A file that is
 * no photo, an empty file, an SVG with a script and a sixth photo are refused next to the
 * field with nothing stored; removing the photo (after its confirmation step) brings the drawn
 * art back and its addresses answer 404.
 */
import { eq, sql } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub, Outlet, RouterContextProvider } from "react-router";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { productPhotoFiles, productPhotos } from "~/db/schema/catalogue";
import { listPlants } from "~/features/catalogue/catalogue.server";
import { addProductPhoto, ProductPhotoError } from "~/features/catalogue/product-photos.server";
import { refusalText } from "~/i18n/i18n.server";
import { LanguageProvider } from "~/i18n/i18n-react";
import * as productRoute from "~/routes/dashboard/product";
import * as mediaRoute from "~/routes/media-product-photo";
import * as plantRoute from "~/routes/plant";
import { clientAddressContext } from "~/utils/request-context";
import { UploadedImageError } from "~/utils/uploaded-image.server";
import { callRoute, routeAnswer, routeArgs, signedInStaff } from "../support/factories/staff";
import { queryRows, testDatabaseForFile } from "../support/processes/test-database";

const handle = testDatabaseForFile({ seeded: true });
let admin: { email: string; cookie: string };
/** The first plant of /plant (its card is the page's first, eager one). */
let plant: { id: number; name: string; imagePath: string };

beforeAll(async () => {
  const signed = await signedInStaff(handle.db, "admin");
  admin = { email: signed.user.email, cookie: signed.cookie };
  const [first] = await listPlants(handle.db, { q: "", filter: "all" });
  if (!first) throw new Error("the seed has no plants");
  plant = { id: first.id, name: first.name, imagePath: first.imagePath };
});

/** A real photo-like JPEG made with sharp: `width` × `height`, noisy so it is not trivial. */
async function jpeg(width: number, height: number): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: 60, g: 140, b: 70 },
      noise: { type: "gaussian", mean: 120, sigma: 40 },
    },
  })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** POSTs a multipart form with `file` in `photos` to the product's photo path, as an admin. */
async function upload(
  productId: number,
  file: Uint8Array,
  name = "photo.jpg",
  type = "image/jpeg",
) {
  const form = new FormData();
  form.append("photos", new File([new Uint8Array(file)], name, { type }));
  const context = new RouterContextProvider();
  context.set(clientAddressContext, "203.0.113.9");
  const request = new Request(`http://localhost/dashboard/catalogue/${productId}/photos`, {
    method: "POST",
    headers: { Cookie: admin.cookie },
    body: form,
  });
  return routeAnswer<{ errors: Record<string, string> }>(() =>
    productRoute.action({ request, params: { id: String(productId) }, context } as never),
  );
}

/** The product page's photo actions (intent, photoId, confirm) as an admin. */
function photoAction(productId: number, form: Record<string, string>) {
  return routeAnswer<{ errors: Record<string, string> }>(() =>
    productRoute.action(
      routeArgs(`http://localhost/dashboard/catalogue/${productId}`, {
        cookie: admin.cookie,
        form,
        params: { id: String(productId) },
      }),
    ),
  );
}

/** GET /media/products/<file>: the Response. */
async function media(file: string): Promise<Response> {
  const answer = await callRoute(
    mediaRoute.loader as never,
    `http://localhost/media/products/${file}`,
    {
      params: { file },
    },
  );
  if (!(answer instanceof Response)) throw new Error("the media route answered no Response");
  return answer;
}

async function photoCount(productId: number): Promise<number> {
  const rows = await handle.db
    .select({ id: productPhotos.id })
    .from(productPhotos)
    .where(eq(productPhotos.productId, productId));
  return rows.length;
}

async function fileCount(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    handle.db,
    sql`select count(*)::int as n from product_photo_files`,
  );
  return Number(row?.n);
}

type FrameProps = Parameters<typeof LanguageProvider>[0];

/** The page under a frame that provides its messages, as the root route does. */
function EnglishFrame() {
  return createElement(LanguageProvider, { lang: "en" } as FrameProps, createElement(Outlet));
}
function HindiFrame() {
  return createElement(LanguageProvider, { lang: "hi" } as FrameProps, createElement(Outlet));
}
const stubs = {
  en: createRoutesStub([
    {
      id: "root",
      Component: EnglishFrame,
      children: [{ id: "plant", path: "/plant", Component: plantRoute.default as never }],
    },
  ]),
  hi: createRoutesStub([
    {
      id: "root",
      Component: HindiFrame,
      children: [{ id: "plant", path: "/hi/plant", Component: plantRoute.default as never }],
    },
  ]),
};

/** /plant (or /hi/plant) as the server renders it, from its loader's data. */
async function plantPage(lang: "en" | "hi" = "en"): Promise<string> {
  const path = lang === "en" ? "/plant" : `/${lang}/plant`;
  const page = await routeAnswer<unknown>(() =>
    plantRoute.loader(routeArgs(`http://localhost${path}`)),
  );
  expect(page.status).toBe(200);
  return renderToStaticMarkup(
    createElement(stubs[lang], {
      initialEntries: [path],
      hydrationData: { loaderData: { plant: page.body } },
    }),
  );
}

/** The first product card's markup in a rendered page. */
function firstCard(html: string): string {
  const start = html.indexOf('<article class="product-card"');
  return html.slice(start, html.indexOf("</article>", start));
}

describe("uploading a product photo", () => {
  let photoId = 0;

  it("stores AVIF, WebP and JPEG at 320, 720 and 960 px, with an audit row", async () => {
    const answer = await upload(plant.id, await jpeg(1600, 1200));
    expect(answer.status).toBe(303);
    expect(answer.location).toBe(`/dashboard/catalogue/${plant.id}?saved=photoAdded#photos`);
    const [photo] = await handle.db
      .select()
      .from(productPhotos)
      .where(eq(productPhotos.productId, plant.id));
    expect(photo).toMatchObject({ width: 960, height: 720, position: 0 });
    photoId = photo?.id ?? 0;
    const files = await handle.db
      .select({
        format: productPhotoFiles.format,
        width: productPhotoFiles.width,
        height: productPhotoFiles.height,
      })
      .from(productPhotoFiles)
      .where(eq(productPhotoFiles.photoId, photoId));
    expect(files.map((f) => `${f.format} ${f.width}x${f.height}`).sort()).toEqual([
      "avif 320x240",
      "avif 720x540",
      "avif 960x720",
      "jpeg 320x240",
      "jpeg 720x540",
      "jpeg 960x720",
      "webp 320x240",
      "webp 720x540",
      "webp 960x720",
    ]);
    const [audit] = await queryRows<{ actor: string; details: { after: { photoId: number } } }>(
      handle.db,
      sql`select actor, details from audit_log
          where action = 'product.photo_added' and entity_id = ${String(plant.id)}`,
    );
    expect(audit?.actor).toBe(admin.email);
    expect(audit?.details.after.photoId).toBe(photoId);
  });

  it("serves each file with its type and a year's immutable caching; unknown ones 404", async () => {
    const avif = await media(`${photoId}-720.avif`);
    expect(avif.status).toBe(200);
    expect(avif.headers.get("Content-Type")).toBe("image/avif");
    expect(avif.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const avifBytes = new Uint8Array(await avif.arrayBuffer());
    expect(Buffer.from(avifBytes.subarray(4, 12)).toString("latin1")).toBe("ftypavif");
    const jpg = await media(`${photoId}-320.jpg`);
    expect(jpg.headers.get("Content-Type")).toBe("image/jpeg");
    const meta = await sharp(Buffer.from(await jpg.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: "jpeg", width: 320, height: 240 });
    expect(meta.exif).toBeUndefined();
    const webp = await media(`${photoId}-960.webp`);
    expect(webp.headers.get("Content-Type")).toBe("image/webp");
    for (const unknown of [
      `${photoId}-500.jpg`,
      `${photoId}-640.avif`,
      `${photoId}-720.png`,
      `${photoId}-720.jpeg`,
      `${photoId + 1000}-640.jpg`,
      "0-640.jpg",
      "x.jpg",
      `${photoId}-640.avif.exe`,
    ]) {
      expect((await media(unknown)).status, unknown).toBe(404);
    }
  });

  it("shows the photo on the catalogue's card in <picture> with srcset, sizes, width and height", async () => {
    const card = firstCard(await plantPage());
    expect(card).toContain("<picture>");
    expect(card).toContain(
      `<source type="image/avif" srcSet="/media/products/${photoId}-320.avif 320w, /media/products/${photoId}-720.avif 720w, /media/products/${photoId}-960.avif 960w" sizes="(max-width: 583px) calc(100vw - 34px), 410px"/>`,
    );
    expect(card).toContain(`<source type="image/webp" srcSet="/media/products/${photoId}-320.webp`);
    expect(card).toMatch(
      new RegExp(
        `<img src="/media/products/${photoId}-960.jpg" srcSet="/media/products/${photoId}-320.jpg 320w, [^"]+" sizes="[^"]+" alt="Photo of [^"]+" width="960" height="720" loading="eager" decoding="sync" fetchPriority="high"/>`,
      ),
    );
    expect(card).not.toContain(plant.imagePath);
    // The first photo is asked for before the parser reaches the card, in the format and at
    // the width the <picture> would choose.
    expect(await plantPage()).toContain(
      `<link rel="preload" as="image" type="image/avif" fetchPriority="high" imageSrcSet="/media/products/${photoId}-320.avif 320w, /media/products/${photoId}-720.avif 720w, /media/products/${photoId}-960.avif 960w" imageSizes="(max-width: 583px) calc(100vw - 34px), 410px"/>`,
    );
    const hindi = firstCard(await plantPage("hi"));
    expect(hindi).toMatch(/alt="[^"]+ की फ़ोटो"/);
  });
});

describe("refused uploads", () => {
  const refused = [
    {
      name: "a PDF named .jpg",
      file: Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n"),
      status: 422,
      refusal: new UploadedImageError("notImage"),
    },
    {
      name: "a 0-byte file",
      file: Buffer.alloc(0),
      status: 422,
      refusal: new UploadedImageError("empty"),
    },
    {
      name: "an SVG with a script",
      file: Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
      ),
      status: 422,
      refusal: new UploadedImageError("notImage"),
    },
  ];

  it.each(refused)("refuses $name next to the field and stores nothing", async (example) => {
    const photos = await photoCount(plant.id);
    const files = await fileCount();
    const answer = await upload(plant.id, example.file);
    expect(answer.status).toBe(example.status);
    expect(answer.body.errors).toEqual({ photos: refusalText("en", example.refusal) });
    expect(await photoCount(plant.id)).toBe(photos);
    expect(await fileCount()).toBe(files);
  });

  it("refuses a sixth photo next to the field and stores nothing", async () => {
    const small = await jpeg(400, 300);
    const actor = { email: admin.email };
    while ((await photoCount(plant.id)) < 5)
      await addProductPhoto(handle.db, actor, plant.id, small);
    const files = await fileCount();
    const answer = await upload(plant.id, small);
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({
      photos: refusalText("en", new ProductPhotoError("full")),
    });
    expect(answer.body.errors.photos).toContain("5 photos");
    expect(await photoCount(plant.id)).toBe(5);
    expect(await fileCount()).toBe(files);
  });
});

describe("removing photos", () => {
  it("asks for confirmation first, then removes; the last one brings the drawn art back", async () => {
    const photos = await handle.db
      .select({ id: productPhotos.id })
      .from(productPhotos)
      .where(eq(productPhotos.productId, plant.id));
    const [first] = photos;
    if (!first) throw new Error("no photo to remove");
    const unconfirmed = await photoAction(plant.id, {
      intent: "removePhoto",
      photoId: String(first.id),
    });
    expect(unconfirmed.status).toBe(302);
    expect(unconfirmed.location).toBe(
      `/dashboard/catalogue/${plant.id}?confirm=removePhoto&photoId=${first.id}#confirm`,
    );
    expect(await photoCount(plant.id)).toBe(photos.length);

    for (const photo of photos) {
      const answer = await photoAction(plant.id, {
        intent: "removePhoto",
        photoId: String(photo.id),
        confirm: "yes",
      });
      expect(answer.status).toBe(303);
      expect(answer.location).toBe(`/dashboard/catalogue/${plant.id}?saved=photoRemoved#photos`);
    }
    expect(await photoCount(plant.id)).toBe(0);
    expect(await fileCount()).toBe(0);
    expect((await media(`${first.id}-720.avif`)).status).toBe(404);
    const card = firstCard(await plantPage());
    expect(card).not.toContain("<picture>");
    expect(card).toContain(`src="${plant.imagePath}"`);
    expect(card).toContain('width="240" height="240"');
  });

  it("answers 404 for another product's photo or one already removed", async () => {
    const answer = await photoAction(plant.id, {
      intent: "removePhoto",
      photoId: "999999",
      confirm: "yes",
    });
    expect(answer.status).toBe(404);
    expect(answer.body.errors.form).toBe(refusalText("en", new ProductPhotoError("notFound")));
  });

  it("moves a photo first, so the card shows it", async () => {
    const actor = { email: admin.email };
    const small = await jpeg(400, 300);
    await addProductPhoto(handle.db, actor, plant.id, small);
    const second = await addProductPhoto(handle.db, actor, plant.id, await jpeg(300, 400));
    const answer = await photoAction(plant.id, {
      intent: "firstPhoto",
      photoId: String(second.id),
    });
    expect(answer.status).toBe(303);
    const [shown] = await listPlants(handle.db, { q: "", filter: "all" });
    expect(shown?.photo).toEqual({ id: second.id, width: 300, height: 400 });
    expect(firstCard(await plantPage())).toContain(`/media/products/${second.id}-300.avif 300w"`);
  });
});
