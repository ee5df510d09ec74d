/**
 * Filing a claim for a damaged plant (docs/claims.md): from the delivered order's token, within
 * the window, for the order's own lines up to the quantity delivered, once per line, with one to
 * three real photos stored without their metadata; every refusal writes nothing.
 */
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { claimLines, claimPhotos, claims } from "~/db/schema/claims";
import { orderLines, orders } from "~/db/schema/shop";
import { ClaimError, fileClaim } from "~/features/claims/claims.server";
import { placeOrder, transitionOrder } from "~/features/orders/orders.server";
import { action as claimAction } from "~/routes/order-claim";
import { idempotencyKey } from "~/utils/codes.server";
import { clientAddressContext } from "~/utils/request-context";
import { UploadedImageError } from "~/utils/uploaded-image.server";
import {
  cartWith,
  newShopper,
  productBySlug,
  setStock,
} from "../support/factories/carts-and-addresses";
import { testDatabaseForFile } from "../support/processes/test-database";

const handle = testDatabaseForFile({ seeded: true });
const DAY = 86_400_000;
const deliveredAt = new Date("2026-12-03T06:00:00Z");

/** A delivered order of 2 Tulsi and 1 Aloe Vera, delivered at `at`. */
async function deliveredOrder(at = deliveredAt) {
  const lines = [];
  for (const [slug, quantity] of [
    ["tulsi", 2],
    ["aloe-vera", 1],
  ] as const) {
    const product = await productBySlug(handle.db, slug);
    await setStock(handle.db, product.id, 100);
    lines.push({ productId: product.id, quantity });
  }
  const cart = await cartWith(handle.db, lines);
  const order = await placeOrder(handle.db, {
    cartId: cart.cartId,
    idempotencyKey: idempotencyKey(),
    shownLines: cart.shownLines,
    shipping: newShopper(),
    codConfirmAbovePaise: null,
  });
  for (const to of ["confirmed", "shipped", "delivered"] as const) {
    await transitionOrder(handle.db, order.id, to, "staff@example.com", undefined, at);
  }
  const rows = await handle.db
    .select({ id: orderLines.id, name: orderLines.name })
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id));
  const tulsi = rows.find((row) => row.name.startsWith("Tulsi"))?.id ?? 0;
  const aloe = rows.find((row) => row.name.startsWith("Aloe"))?.id ?? 0;
  return { ...order, tulsi, aloe };
}

const photo = () =>
  sharp({ create: { width: 80, height: 60, channels: 3, background: "#795548" } })
    .withExif({ IFD0: { Model: "Secret Phone 9" } })
    .jpeg()
    .toBuffer();

async function refusal(attempt: () => Promise<unknown>) {
  const before = await handle.db.$count(claims);
  const error = await attempt().catch((caught: unknown) => caught);
  expect(await handle.db.$count(claims)).toBe(before);
  return error;
}

describe("filing a claim", () => {
  it("stores the claim, its line and its photo without metadata; the same line again is refused", async () => {
    const order = await deliveredOrder();
    const [stored] = await handle.db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored?.deliveredAt?.toISOString()).toBe(deliveredAt.toISOString());
    const claim = await fileClaim(handle.db, {
      token: order.trackingToken,
      lines: [{ orderLineId: order.tulsi, quantity: 1, reason: "damaged" }],
      note: "One pot broke in transit.",
      photos: [await photo()],
      now: new Date(deliveredAt.getTime() + 2 * DAY),
    });
    expect(claim.reference).toMatch(/^CL-[0-9A-Z]{6}$/);
    const [line] = await handle.db
      .select()
      .from(claimLines)
      .where(eq(claimLines.claimId, claim.id));
    expect(line).toMatchObject({ orderLineId: order.tulsi, quantity: 1, reason: "damaged" });
    const [kept] = await handle.db
      .select()
      .from(claimPhotos)
      .where(eq(claimPhotos.claimId, claim.id));
    expect((await sharp(kept?.jpeg).metadata()).exif).toBeUndefined();
    expect(kept?.jpeg.includes("Secret Phone")).toBe(false);

    const again = await refusal(() =>
      fileClaim(handle.db, {
        token: order.trackingToken,
        lines: [{ orderLineId: order.tulsi, quantity: 1, reason: "dead" }],
        photos: [Buffer.from(kept?.jpeg ?? [])],
        now: new Date(deliveredAt.getTime() + 3 * DAY),
      }),
    );
    expect(again).toMatchObject({ id: "errors.claim.alreadyClaimed", status: 409 });
  });

  it("refuses after the window, another order's line, more than delivered, and a wrong number of photos", async () => {
    const order = await deliveredOrder();
    const other = await deliveredOrder();
    const claim = (overrides: Partial<Parameters<typeof fileClaim>[1]>) => async () =>
      fileClaim(handle.db, {
        token: order.trackingToken,
        lines: [{ orderLineId: order.tulsi, quantity: 1, reason: "damaged" }],
        photos: [await photo()],
        now: new Date(deliveredAt.getTime() + DAY),
        ...overrides,
      });
    // Delivered 3 Dec 11:30 IST: claims close at the end of 10 Dec.
    expect(await refusal(claim({ now: new Date("2026-12-10T18:30:00Z") }))).toMatchObject({
      id: "errors.claim.windowClosed",
      values: { date: "10 December 2026" },
    });
    expect(
      await refusal(
        claim({ lines: [{ orderLineId: other.tulsi, quantity: 1, reason: "damaged" }] }),
      ),
    ).toMatchObject({ id: "errors.claim.lineNotFound", status: 404 });
    expect(
      await refusal(
        claim({ lines: [{ orderLineId: order.tulsi, quantity: 3, reason: "damaged" }] }),
      ),
    ).toMatchObject({ id: "errors.claim.quantity", values: { max: 2 } });
    expect(await refusal(claim({ photos: [] }))).toMatchObject({ id: "errors.claim.photoCount" });
    const four = await Promise.all([photo(), photo(), photo(), photo()]);
    expect(await refusal(claim({ photos: four }))).toMatchObject({ id: "errors.claim.photoCount" });
    const pdf = Buffer.from("%PDF-1.4\n%%EOF\n");
    expect(await refusal(claim({ photos: [pdf] }))).toBeInstanceOf(UploadedImageError);
    expect(await refusal(claim({ token: "x".repeat(43) }))).toBeInstanceOf(ClaimError);
    // Within the window (on 10 Dec at 23:59 IST) it goes through.
    await expect(claim({ now: new Date("2026-12-10T18:29:00Z") })()).resolves.toMatchObject({
      reference: expect.stringMatching(/^CL-/),
    });
  });

  it("refuses an order that is not delivered yet", async () => {
    const tulsi = await productBySlug(handle.db, "tulsi");
    await setStock(handle.db, tulsi.id, 100);
    const cart = await cartWith(handle.db, [{ productId: tulsi.id, quantity: 1 }]);
    const order = await placeOrder(handle.db, {
      cartId: cart.cartId,
      idempotencyKey: idempotencyKey(),
      shownLines: cart.shownLines,
      shipping: newShopper(),
      codConfirmAbovePaise: null,
    });
    const [line] = await handle.db
      .select({ id: orderLines.id })
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id));
    const error = await refusal(async () =>
      fileClaim(handle.db, {
        token: order.trackingToken,
        lines: [{ orderLineId: line?.id ?? 0, quantity: 1, reason: "damaged" }],
        photos: [await photo()],
        now: new Date(),
      }),
    );
    expect(error).toMatchObject({ id: "errors.claim.notDelivered", status: 409 });
  });
});

describe("the 'Report a problem' page", () => {
  const args = <T>(url: string, init: RequestInit, token: string, address = "203.0.113.40") => {
    const context = new RouterContextProvider();
    context.set(clientAddressContext, address);
    return { request: new Request(url, init), params: { token }, context } as T;
  };
  type Answer = { data: { errors: Record<string, string> }; init: ResponseInit | null };

  it("files the claim from the multipart form and returns to the tracking page; refuses next to the field in Kannada", async () => {
    // The page files with the server's clock: delivered just now, so the window is open.
    const order = await deliveredOrder(new Date());
    const form = (photos: Blob[]) => {
      const body = new FormData();
      body.append("line", String(order.aloe));
      body.set(`quantity-${order.aloe}`, "1");
      body.set(`reason-${order.aloe}`, "dead");
      body.set("note", "ಎಲೆಗಳು ಒಣಗಿವೆ");
      for (const photo of photos) body.append("photos", photo, "leaf.jpg");
      return body;
    };
    const post = (body: FormData) =>
      claimAction(
        args(
          `http://localhost/kn/orders/${order.trackingToken}/claim`,
          { method: "POST", body },
          order.trackingToken,
        ),
      );
    const none = (await post(form([]))) as unknown as Answer;
    expect(none.init?.status).toBe(422);
    expect(none.data.errors).toEqual({ photos: "ಸಮಸ್ಯೆಯ 1 ರಿಂದ 3 ಫೋಟೋಗಳನ್ನು ಸೇರಿಸಿ." });
    const pdf = (await post(form([new Blob(["%PDF-1.4\n%%EOF"])]))) as unknown as Answer;
    expect(pdf.data.errors.photos).toBe("ಈ ಫೈಲ್ ಫೋಟೋ ಅಲ್ಲ. JPEG, PNG, WebP ಅಥವಾ HEIC ಫೋಟೋ ಆರಿಸಿ.");
    const before = await handle.db.$count(claims);
    const answer = (await post(form([new Blob([new Uint8Array(await photo())])]))) as Response;
    expect(answer.status).toBe(303);
    expect(answer.headers.get("Location")).toMatch(
      new RegExp(`^/kn/orders/${order.trackingToken}\\?claim=CL-[0-9A-Z]{6}$`),
    );
    expect(await handle.db.$count(claims)).toBe(before + 1);
  });

  it("answers 429 after 10 reports from one network in an hour, before reading any photo", async () => {
    const order = await deliveredOrder(new Date());
    const post = () => {
      const body = new FormData();
      body.append("line", String(order.aloe));
      return claimAction(
        args(
          `http://localhost/orders/${order.trackingToken}/claim`,
          { method: "POST", body },
          order.trackingToken,
          "203.0.113.41",
        ),
      ) as unknown as Promise<Answer & { data: { formError?: string } }>;
    };
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      expect((await post()).init?.status).toBe(422);
    }
    const refused = await post();
    expect(refused.init?.status).toBe(429);
    expect(new Headers(refused.init?.headers).get("Retry-After")).toMatch(/^\d+$/);
    expect(refused.data.formError).toMatch(/Too many reports from your network/);
  });
});
