/**
 * Delivery charged by area when an order is placed (docs/shop.md "Delivery areas", ADR 0042):
 * the order stores the charge and the area's days and its total includes the charge; a coupon
 * pays for goods only; a charge other than the one the page showed, a PIN code no area serves
 * and cash on delivery an area does not take are refused with nothing written; checkout's
 * 'Check delivery' and the cart's PIN check answer in the page's language.
 */
import { desc, eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { auditLog } from "~/db/schema/audit";
import { products } from "~/db/schema/catalogue";
import { deliveryAreas } from "~/db/schema/delivery";
import { coupons } from "~/db/schema/exchange";
import { cartLines, orders } from "~/db/schema/shop";
import { serializeCartCookie } from "~/features/cart/cart.server";
import { OrderRejectedError, placeOrder } from "~/features/orders/orders.server";
import { loader as cartLoader } from "~/routes/cart";
import { action as checkoutAction } from "~/routes/checkout";
import { idempotencyKey } from "~/utils/codes.server";
import {
  cartWith,
  newShopper,
  productBySlug,
  setStock,
} from "../support/factories/carts-and-addresses";
import { insertCoupon } from "../support/factories/coupons";
import { noRazorpayForFile } from "../support/fakes/razorpay-settings";
import { testDatabaseForFile } from "../support/processes/test-database";

noRazorpayForFile();
const handle = testDatabaseForFile({ seeded: true });

/** Bengaluru as a shop that charges: ₹49, free from ₹1,000, 1–3 days, cash up to ₹1,500. */
beforeEach(async () => {
  await handle.db
    .update(deliveryAreas)
    .set({
      chargePaise: 4_900,
      freeFromPaise: 100_000,
      cashOnDelivery: true,
      cashOnDeliveryMaxPaise: 150_000,
    })
    .where(eq(deliveryAreas.prefix, "560"));
});

/** A cart of `quantity` aloe veras (₹120 each), with plenty in stock. */
async function aloeCart(quantity: number) {
  const aloe = await productBySlug(handle.db, "aloe-vera");
  await setStock(handle.db, aloe.id, 100);
  return { aloe, ...(await cartWith(handle.db, [{ productId: aloe.id, quantity }])) };
}

function order(
  cart: { cartId: string; shownLines: string },
  extra: Partial<Parameters<typeof placeOrder>[1]> = {},
) {
  return placeOrder(handle.db, {
    cartId: cart.cartId,
    idempotencyKey: idempotencyKey(),
    shownLines: cart.shownLines,
    shipping: newShopper(),
    paymentMethod: "cod",
    codConfirmAbovePaise: null,
    ...extra,
  });
}

async function stored(id: number) {
  const [row] = await handle.db.select().from(orders).where(eq(orders.id, id));
  return row;
}

describe("an order's delivery charge", () => {
  it("adds the area's charge to the total and keeps the area's days on the order", async () => {
    const cart = await aloeCart(2);
    expect(cart.aloe.pricePaise).toBe(12_000);
    const placed = await order(cart, { shownDeliveryPaise: 4_900 });
    expect(placed.totalPaise).toBe(24_000 + 4_900);
    expect(await stored(placed.id)).toMatchObject({
      subtotalPaise: 24_000,
      discountPaise: 0,
      deliveryPaise: 4_900,
      deliveryMinDays: 1,
      deliveryMaxDays: 3,
      totalPaise: 28_900,
    });
    const [audit] = await handle.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.entityId, String(placed.id)));
    expect(audit?.details).toMatchObject({ after: { deliveryPaise: 4_900, totalPaise: 28_900 } });
  });

  it("is free from the area's amount of goods on", async () => {
    const cart = await aloeCart(9); // ₹1,080
    const placed = await order(cart, { shownDeliveryPaise: 0 });
    expect(await stored(placed.id)).toMatchObject({ deliveryPaise: 0, totalPaise: 108_000 });
  });

  it("lets a coupon pay for the goods but not for delivery", async () => {
    const coupon = await insertCoupon(handle.db, { valuePaise: 50_000 });
    const cart = await aloeCart(1);
    const placed = await order(cart, { couponCode: coupon.code, shownDeliveryPaise: 4_900 });
    expect(await stored(placed.id)).toMatchObject({
      subtotalPaise: 12_000,
      discountPaise: 12_000,
      deliveryPaise: 4_900,
      totalPaise: 4_900,
    });
    const [left] = await handle.db
      .select({ balancePaise: coupons.balancePaise })
      .from(coupons)
      .where(eq(coupons.code, coupon.code));
    expect(left?.balancePaise).toBe(38_000);
  });
});

describe("refused orders change nothing", () => {
  async function expectNothingWritten(
    cart: { cartId: string; aloe: { id: number } },
    attempt: () => Promise<unknown>,
    refusal: { id: string; status: number; values?: Record<string, unknown> },
  ) {
    const ordersBefore = await handle.db.$count(orders);
    const error = await attempt().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OrderRejectedError);
    expect(error).toMatchObject(refusal);
    expect(await handle.db.$count(orders)).toBe(ordersBefore);
    const [stock] = await handle.db
      .select({ stock: products.stock })
      .from(products)
      .where(eq(products.id, cart.aloe.id));
    expect(stock?.stock).toBe(100);
    expect(await handle.db.$count(cartLines, eq(cartLines.cartId, cart.cartId))).toBe(1);
  }

  it("refuses a charge other than the one shown: an area changed while the shopper looked", async () => {
    const cart = await aloeCart(1);
    await expectNothingWritten(cart, () => order(cart, { shownDeliveryPaise: null }), {
      id: "errors.checkout.deliveryChanged",
      status: 409,
      values: { delivery: "₹49", pinCode: "560001" },
    });
    await expectNothingWritten(cart, () => order(cart, { shownDeliveryPaise: 2_500 }), {
      id: "errors.checkout.deliveryChanged",
      status: 409,
    });
  });

  it("refuses a PIN code no area serves", async () => {
    const cart = await aloeCart(1);
    const delhi = { ...newShopper(), pinCode: "110001", state: "Delhi" as const };
    await expectNothingWritten(cart, () => order(cart, { shipping: delhi }), {
      id: "errors.checkout.pinNotServed",
      status: 422,
      values: { pinCode: "110001" },
    });
  });

  it("refuses cash on delivery above the area's limit or where the area takes none", async () => {
    const cart = await aloeCart(13); // ₹1,560, free delivery, above the ₹1,500 limit
    await expectNothingWritten(cart, () => order(cart, { shownDeliveryPaise: 0 }), {
      id: "errors.checkout.codAboveAreaLimit",
      status: 422,
      values: { limit: "₹1,500" },
    });
    await handle.db
      .update(deliveryAreas)
      .set({ cashOnDelivery: false })
      .where(eq(deliveryAreas.prefix, "560"));
    const small = await aloeCart(1);
    await expectNothingWritten(small, () => order(small, { shownDeliveryPaise: 4_900 }), {
      id: "errors.checkout.codNotInArea",
      status: 422,
    });
  });
});

describe("the pages' delivery checks", () => {
  const args = <T>(url: string, init: RequestInit = {}) =>
    ({ request: new Request(url, init), params: {}, context: new RouterContextProvider() }) as T;
  type Answer = { data: Record<string, unknown>; init: ResponseInit | null };

  it("checkout's 'Check delivery' shows the charge for the cart, or refuses next to the PIN code in Kannada", async () => {
    const cart = await aloeCart(2);
    const cookie =
      (await serializeCartCookie(new Request("http://localhost/"), cart.cartId)).split(";")[0] ??
      "";
    const post = (path: string, pinCode: string) =>
      checkoutAction(
        args(`http://localhost${path}`, {
          method: "POST",
          body: new URLSearchParams({ intent: "delivery", pinCode }),
          headers: { Cookie: cookie },
        }),
      ) as unknown as Promise<Answer>;
    const served = await post("/checkout", "560038");
    expect(served.init?.status ?? 200).toBe(200);
    expect(served.data.delivery).toMatchObject({
      served: true,
      areaName: "Bengaluru",
      chargePaise: 4_900,
      freeDeliveryShortfallPaise: 76_000,
    });
    expect(new Headers(served.init?.headers).get("Set-Cookie")).toMatch(/^delivery_pin=/);
    const refused = await post("/kn/checkout", "110001");
    expect(refused.init?.status).toBe(422);
    expect((refused.data.errors as Record<string, string>).pinCode).toMatch(
      /^ನಾವು ಇನ್ನೂ ಪಿನ್ ಕೋಡ್ 110001 ಗೆ ಡೆಲಿವರಿ ಮಾಡುವುದಿಲ್ಲ\. \+91 [0-9 ]+ ಗೆ ಕರೆ ಮಾಡಿ/,
    );
    const malformed = await post("/hi/checkout", "5600");
    expect(malformed.init?.status).toBe(400);
    expect(Object.keys(malformed.data.errors as object)).toEqual(["pinCode"]);
  });

  it("the cart's PIN check answers for its goods and remembers the PIN code", async () => {
    const load = (url: string, cookie = "") =>
      cartLoader(
        args(`http://localhost${url}`, { headers: { Cookie: cookie } }),
      ) as unknown as Promise<Answer>;
    const answer = await load("/cart?pin=560025");
    expect(answer.data.delivery).toMatchObject({
      pinCode: "560025",
      check: { served: true, chargePaise: 4_900, freeDeliveryShortfallPaise: 100_000 },
    });
    const remembered = new Headers(answer.init?.headers).get("Set-Cookie")?.split(";")[0] ?? "";
    expect((await load("/cart", remembered)).data.delivery).toMatchObject({ pinCode: "560025" });
    const bad = await load("/hi/cart?pin=12ab");
    expect(bad.data.delivery).toMatchObject({
      check: null,
      error: expect.stringContaining("पिन कोड"),
    });
    expect(new Headers(bad.init?.headers).get("Set-Cookie")).toBeNull();
  });

  it("checkout takes a business buyer's GSTIN for the bill, refusing a wrong one next to the field", async () => {
    const cart = await aloeCart(1);
    const cookie =
      (await serializeCartCookie(new Request("http://localhost/"), cart.cartId)).split(";")[0] ??
      "";
    const form = (buyerGstin: string) =>
      new URLSearchParams({
        ...newShopper(),
        buyerGstin,
        idempotencyKey: idempotencyKey(),
        shownLines: cart.shownLines,
        shownDelivery: "4900",
        paymentMethod: "cod",
      });
    const post = (path: string, buyerGstin: string) =>
      checkoutAction(
        args(`http://localhost${path}`, {
          method: "POST",
          body: form(buyerGstin),
          headers: { Cookie: cookie },
        }),
      ) as unknown as Promise<Answer>;
    const before = await handle.db.$count(orders);
    // The published sample with its last character changed.
    const wrong = await post("/hi/checkout", "27AAPFU0939F1ZW");
    expect(wrong.init?.status).toBe(400);
    expect(wrong.data.errors).toEqual({
      buyerGstin: "इस GSTIN में गलती है (आख़िरी अक्षर मेल नहीं खाता)। इसे अपने GST प्रमाणपत्र से फिर से लिखें।",
    });
    expect(await handle.db.$count(orders)).toBe(before);
    const placed = await post("/checkout", "27 aapfu 0939 f1zv");
    expect(placed).toBeInstanceOf(Response);
    const [latest] = await handle.db
      .select({ buyerGstin: orders.buyerGstin })
      .from(orders)
      .orderBy(desc(orders.id))
      .limit(1);
    expect(latest?.buyerGstin).toBe("27AAPFU0939F1ZV");
  });
});
