/**
 * The shop's forms answer in the language they were posted in (docs/languages.md: a form
 * posted in one language answers with errors in that language), and their redirects keep the
 * language: the real route actions on the test database, no mocks.
 */
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { orders } from "~/db/schema/shop";
import { getCart, readCartId, serializeCartCookie } from "~/features/cart/cart.server";
import { action as cartAction } from "~/routes/cart";
import { action as checkoutAction } from "~/routes/checkout";
import { action as trackingAction } from "~/routes/order-tracking";
import { idempotencyKey } from "~/utils/codes.server";
import {
  cartWith,
  productBySlug,
  setStock,
  shipping,
} from "../support/factories/carts-and-addresses";
import { noRazorpayForFile } from "../support/fakes/razorpay-settings";
import { testDatabaseForFile } from "../support/processes/test-database";

noRazorpayForFile();
const handle = testDatabaseForFile({ seeded: true });

function args<T>(url: string, init: RequestInit = {}, params: Record<string, string> = {}): T {
  return {
    request: new Request(url, init),
    params,
    context: new RouterContextProvider(),
  } as unknown as T;
}

let shoppers = 0;
/** A valid shipping address with a mobile number of its own (the cash-on-delivery cap is per phone). */
function newShopper() {
  shoppers += 1;
  return { ...shipping, phone: `+91984500${String(shoppers).padStart(4, "0")}` };
}

type Answer = { data: Record<string, unknown>; init: ResponseInit | null };

/** A cart holding one aloe vera, with its cookie and the lines the checkout shows. */
async function cartOfOneAloe() {
  const aloe = await productBySlug(handle.db, "aloe-vera");
  await setStock(handle.db, aloe.id, 5);
  const { cartId, shownLines } = await cartWith(handle.db, [{ productId: aloe.id, quantity: 1 }]);
  const cookie =
    (await serializeCartCookie(new Request("http://localhost/"), cartId)).split(";")[0] ?? "";
  return { cookie, shownLines };
}

async function postCheckout(path: string, fields: Record<string, string>, cookie: string) {
  return checkoutAction(
    args(`http://localhost${path}`, {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { Cookie: cookie },
    }),
  );
}

describe("checkout in Hindi and Kannada", () => {
  it("answers an empty form at /hi/checkout in Hindi, at /checkout in English, values kept", async () => {
    const { cookie, shownLines } = await cartOfOneAloe();
    const fields = {
      ...newShopper(),
      name: "",
      pinCode: "012345",
      idempotencyKey: idempotencyKey(),
      shownLines,
    };
    const hindi = (await postCheckout("/hi/checkout", fields, cookie)) as unknown as Answer;
    expect(hindi.init?.status).toBe(400);
    expect(hindi.data.errors).toMatchObject({
      name: "अपना नाम लिखें।",
      pinCode: "6 अंकों का पिन कोड लिखें, जो 0 से शुरू न हो।",
    });
    expect((hindi.data.values as Record<string, string>).pinCode).toBe("012345");

    const kannada = (await postCheckout("/kn/checkout", fields, cookie)) as unknown as Answer;
    expect((kannada.data.errors as Record<string, string>).name).toBe("ನಿಮ್ಮ ಹೆಸರು ಬರೆಯಿರಿ.");

    const english = (await postCheckout("/checkout", fields, cookie)) as unknown as Answer;
    expect((english.data.errors as Record<string, string>).name).toBe("Enter your name.");
  });

  it("places an order from /kn/checkout and sends the shopper to /kn/orders/…/placed", async () => {
    const { cookie, shownLines } = await cartOfOneAloe();
    const response = await postCheckout(
      "/kn/checkout",
      { ...newShopper(), idempotencyKey: idempotencyKey(), shownLines, paymentMethod: "cod" },
      cookie,
    );
    expect(response).toBeInstanceOf(Response);
    const location = (response as Response).headers.get("Location") ?? "";
    expect(location).toMatch(/^\/kn\/orders\/[A-Za-z0-9_-]+\/placed$/);

    // Cancelling on the Hindi tracking page comes back to it; a second cancel is refused in Hindi.
    const token = location.split("/")[3] ?? "";
    const cancel = () =>
      trackingAction(
        args(
          `http://localhost/hi/orders/${token}`,
          { method: "POST", body: new URLSearchParams({ intent: "cancel" }) },
          { token },
        ),
      );
    const cancelled = (await cancel()) as unknown as Response;
    expect(cancelled.headers.get("Location")).toBe(`/hi/orders/${token}`);
    const again = (await cancel()) as unknown as Answer;
    expect(again.init?.status).toBe(409);
    expect(again.data.error).toBe("यह ऑर्डर अब ऑनलाइन रद्द नहीं हो सकता। कृपया हमें फ़ोन करें।");
  });
});

describe('a PIN code that does not match the state (docs/shop.md "PIN code and state")', () => {
  it("names the state the PIN code belongs to, in the page's language, and stores no order", async () => {
    const { cookie, shownLines } = await cartOfOneAloe();
    const ordersBefore = await handle.db.$count(orders);
    const delhiPin = {
      ...newShopper(),
      pinCode: "110001",
      idempotencyKey: idempotencyKey(),
      shownLines,
    };
    const english = (await postCheckout("/checkout", delhiPin, cookie)) as unknown as Answer;
    expect(english.init?.status).toBe(400);
    expect(english.data.errors).toEqual({
      pinCode: "PIN code 110001 is in Delhi, not in Karnataka. Check the PIN code or the State.",
    });
    const hindi = (await postCheckout("/hi/checkout", delhiPin, cookie)) as unknown as Answer;
    expect(hindi.data.errors).toEqual({
      pinCode: "पिन कोड 110001 दिल्ली का है, कर्नाटक का नहीं। पिन कोड या राज्य जाँच लें।",
    });
    expect((hindi.data.values as Record<string, string>).pinCode).toBe("110001");

    const nowhere = (await postCheckout(
      "/kn/checkout",
      { ...delhiPin, pinCode: "999999" },
      cookie,
    )) as unknown as Answer;
    expect(nowhere.init?.status).toBe(400);
    expect(nowhere.data.errors).toEqual({
      pinCode: "ಪಿನ್ ಕೋಡ್ 999999 ನಮಗೆ ಸಿಗಲಿಲ್ಲ. ನಿಮ್ಮ ಬಿಲ್ ಅಥವಾ ಅಂಚೆ ಕಚೇರಿಯ ಫಲಕದಲ್ಲಿ ನೋಡಿ ಪರಿಶೀಲಿಸಿ.",
    });
    expect(await handle.db.$count(orders)).toBe(ordersBefore);

    // With Delhi as the state the address is right, but no delivery area covers Delhi
    // (docs/shop.md "Delivery areas"): refused next to the PIN code, with the shop's phone.
    const notServed = (await postCheckout(
      "/hi/checkout",
      { ...delhiPin, state: "Delhi", paymentMethod: "cod" },
      cookie,
    )) as unknown as Answer;
    expect(notServed.init?.status).toBe(422);
    expect((notServed.data.errors as Record<string, string>).pinCode).toMatch(
      /^हम अभी पिन कोड 110001 पर डिलीवरी नहीं करते। \+91 [0-9 ]+ पर फ़ोन करें/,
    );
    expect(await handle.db.$count(orders)).toBe(ordersBefore);

    // A Pune address (a seeded area, free delivery) goes through.
    const placed = await postCheckout(
      "/checkout",
      { ...delhiPin, pinCode: "411001", state: "Maharashtra", paymentMethod: "cod" },
      cookie,
    );
    expect(placed).toBeInstanceOf(Response);
    expect(await handle.db.$count(orders)).toBe(ordersBefore + 1);
  });
});

describe("cart in Hindi and Kannada", () => {
  const postCart = (path: string, fields: Record<string, string>, cookie = "") =>
    cartAction(
      args(`http://localhost${path}`, {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: { Cookie: cookie },
      }),
    );

  it("refuses in the language of the URL, naming the product in it", async () => {
    const { cookie } = await cartOfOneAloe();
    const aloe = await productBySlug(handle.db, "aloe-vera");
    await setStock(handle.db, aloe.id, 1);
    const refused = (await postCart(
      "/kn/cart",
      { intent: "increment", productId: String(aloe.id) },
      cookie,
    )) as unknown as Answer;
    expect(refused.init?.status).toBeGreaterThanOrEqual(400);
    expect(aloe.nameKn).not.toBe("");
    expect(refused.data.error).toBe(`${aloe.nameKn} ಕೇವಲ 1 ಮಾತ್ರ ಸ್ಟಾಕ್‌ನಲ್ಲಿದೆ.`);

    const unknown = (await postCart("/hi/cart", {
      intent: "add",
      productId: "0",
    })) as unknown as Answer;
    expect(unknown.data.error).toBe("यह सामान नहीं मिला।");
  });

  it("sends a form posted without JavaScript back to the page in its language", async () => {
    const aloe = await productBySlug(handle.db, "aloe-vera");
    await setStock(handle.db, aloe.id, 5);
    const back = (await postCart("/hi/cart", {
      intent: "add",
      productId: String(aloe.id),
      redirectTo: "/hi/plant?q=aloe",
    })) as unknown as Response;
    expect(back.headers.get("Location")).toBe("/hi/plant?q=aloe");
    const fallback = (await postCart("/kn/cart", {
      intent: "add",
      productId: String(aloe.id),
      redirectTo: "https://elsewhere.example/",
    })) as unknown as Response;
    expect(fallback.headers.get("Location")).toBe("/kn/cart");
  });

  it("answers the same form posted by JavaScript (a /cart.data call) with data, not a redirect", async () => {
    const aloe = await productBySlug(handle.db, "aloe-vera");
    await setStock(handle.db, aloe.id, 5);
    const answer = (await postCart("/hi/cart.data", {
      intent: "add",
      productId: String(aloe.id),
      redirectTo: "/hi/plant?q=aloe",
    })) as unknown as Answer;
    expect(answer).not.toBeInstanceOf(Response);
    expect(answer.data).toEqual({ ok: true });
    const cookie = answer.init?.headers
      ? new Headers(answer.init.headers).get("Set-Cookie")?.split(";")[0]
      : undefined;
    expect(cookie).toBeTruthy();
    const cartId = await readCartId(
      new Request("http://localhost/hi/cart", { headers: { Cookie: cookie ?? "" } }),
    );
    const cart = await getCart(handle.db, cartId, "hi");
    expect(cart.lines.map((line) => [line.productId, line.quantity])).toEqual([[aloe.id, 1]]);
    // The Hindi cart names the line and describes its picture in Hindi, not the stored English.
    const [line] = cart.lines;
    expect(line?.name).toBe(aloe.nameHi);
    expect(line?.imageAlt).toBe(`${aloe.nameHi} का चित्र`);
  });
});
