/**
 * Without Razorpay keys (docs/payments.md): the site offers cash on delivery only, /payment says
 * online payment is not available, and the payment and webhook actions refuse with 404.
 */
import { sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { orders } from "~/db/schema/shop";
import { serializeCartCookie } from "~/features/cart/cart.server";
import { action as checkoutAction, loader as checkoutLoader } from "~/routes/checkout";
import { action as paymentAction, loader as paymentLoader } from "~/routes/payment";
import { action as webhookAction } from "~/routes/razorpay-webhook";
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

function args<T>(url: string, init: RequestInit = {}): T {
  return {
    request: new Request(url, init),
    params: {},
    context: new RouterContextProvider(),
  } as unknown as T;
}

async function orderCount() {
  const [row] = await handle.db.select({ n: sql<number>`count(*)::int` }).from(orders);
  return row?.n ?? 0;
}

describe("online payment without keys", () => {
  it("offers no online choice at checkout and refuses one sent anyway, writing nothing", async () => {
    const aloe = await productBySlug(handle.db, "aloe-vera");
    await setStock(handle.db, aloe.id, 5);
    const { cartId, shownLines } = await cartWith(handle.db, [{ productId: aloe.id, quantity: 1 }]);
    const cookie = (await serializeCartCookie(new Request("http://localhost/"), cartId)).split(
      ";",
    )[0];
    const view = (await checkoutLoader(
      args("http://localhost/checkout", { headers: { Cookie: cookie ?? "" } }),
    )) as { onlinePayment: boolean };
    expect(view.onlinePayment).toBe(false);

    const form = new URLSearchParams({
      ...shipping,
      idempotencyKey: idempotencyKey(),
      shownLines,
      paymentMethod: "online",
    });
    const before = await orderCount();
    const result = (await checkoutAction(
      args("http://localhost/checkout", {
        method: "POST",
        body: form,
        headers: { Cookie: cookie ?? "" },
      }),
    )) as { data: { errors: Record<string, string> }; init: ResponseInit };
    expect(result.init.status).toBe(400);
    expect(result.data.errors.paymentMethod).toMatch(/not available/);
    expect(await orderCount()).toBe(before);
  });

  it("says on /payment that online payment is not available; its actions answer 404", async () => {
    const view = (await paymentLoader(
      args(`http://localhost/payment?order=${"A".repeat(43)}`),
    )) as {
      enabled: boolean;
    };
    expect(view.enabled).toBe(false);
    const pay = (await paymentAction(
      args("http://localhost/payment", {
        method: "POST",
        body: new URLSearchParams({ intent: "pay", order: "A".repeat(43), upiId: "asha@okicici" }),
      }),
    )) as { init: ResponseInit };
    expect(pay.init.status).toBe(404);
    const webhook = (await webhookAction(
      args("http://localhost/payments/razorpay/webhook", {
        method: "POST",
        body: "{}",
        headers: { "X-Razorpay-Signature": "0".repeat(64) },
      }),
    )) as Response;
    expect(webhook.status).toBe(404);
  });
});
