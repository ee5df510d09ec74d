/**
 * The order page's code box (docs/shop.md "Confirming a cash-on-delivery order") through the
 * route, in Hindi: the loader shows it only while the order waits; 'Send a new code' puts one
 * WhatsApp message in the outbox and refuses a second within 30 s next to the field; a wrong
 * code is refused next to the field and changes nothing; the right one (read from the outbox)
 * places the order and opens the thank-you page; an order that no longer waits and an unknown
 * link change nothing.
 */
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { messages } from "~/db/schema/messages";
import { orders } from "~/db/schema/shop";
import { placeOrder } from "~/features/orders/orders.server";
import { action, loader } from "~/routes/order-tracking";
import { idempotencyKey } from "~/utils/codes.server";
import { resetRateLimits } from "~/utils/rate-limit.server";
import { unsealText } from "~/utils/sealed.server";
import {
  cartWith,
  productBySlug,
  setStock,
  shipping,
} from "../support/factories/carts-and-addresses";
import { callRoute, routeAnswer, routeArgs, statusOf } from "../support/factories/staff";
import { testDatabaseForFile } from "../support/processes/test-database";

// WhatsApp set up (no message is sent: the outbox row is what the test reads).
vi.stubEnv("WHATSAPP_TOKEN", "test-token");
vi.stubEnv("WHATSAPP_PHONE_NUMBER_ID", "1234567890");

const handle = testDatabaseForFile({ seeded: true });
const PHONE = "+919845033333";

beforeEach(() => resetRateLimits());

interface Answer {
  error?: string;
  codeError?: string;
  codeSent?: boolean;
}

/** A cash-on-delivery order of 9 snake plants (₹2,250), waiting for the customer's code. */
async function waitingOrder(phone = PHONE) {
  const plant = await productBySlug(handle.db, "snake-plant");
  await setStock(handle.db, plant.id, 100);
  const cart = await cartWith(handle.db, [{ productId: plant.id, quantity: 9 }]);
  const placed = await placeOrder(handle.db, {
    ...cart,
    idempotencyKey: idempotencyKey(),
    shipping: { ...shipping, phone },
    paymentMethod: "cod",
    codConfirmAbovePaise: 200_000,
    language: "hi",
  });
  expect(placed.status).toBe("awaiting_confirmation");
  return placed;
}

function post(token: string, form: Record<string, string>) {
  return routeAnswer<Answer>(() =>
    action(routeArgs(`http://localhost/hi/orders/${token}`, { form, params: { token } })),
  );
}

async function orderStatus(id: number) {
  const [row] = await handle.db
    .select({ status: orders.status })
    .from(orders)
    .where(eq(orders.id, id));
  return row?.status;
}

async function codesSent() {
  return handle.db
    .select()
    .from(messages)
    .where(and(eq(messages.template, "order_code"), eq(messages.recipient, PHONE)));
}

describe("/hi/orders/:token while the order waits for the customer's code", () => {
  it("sends a code, refuses a quick second one and a wrong code next to the field, and places the order with the right one", async () => {
    const order = await waitingOrder();
    const token = order.trackingToken;
    const page = (await callRoute(loader, `http://localhost/hi/orders/${token}`, {
      params: { token },
    })) as { awaitingCode: boolean; status: string; cancelAt: string };
    expect(page.awaitingCode).toBe(true);
    expect(page.status).toBe("awaiting_confirmation");

    const sent = await post(token, { intent: "send-code" });
    expect(sent.status).toBe(200);
    expect(sent.body.codeSent).toBe(true);
    const [row] = await codesSent();
    if (!row) throw new Error("no code in the outbox");
    expect([row.channel, row.language]).toEqual(["whatsapp", "hi"]);
    const code = unsealText((row.params as { sealedCode: string }).sealedCode);

    const again = await post(token, { intent: "send-code" });
    expect(again.status).toBe(429);
    expect(again.body.codeError).toMatch(/नया कोड माँगने से पहले कृपया \d+ सेकंड रुकें।/);
    expect(await codesSent()).toHaveLength(1);

    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    const refused = await post(token, { intent: "confirm-code", code: wrong });
    expect(refused.status).toBe(422);
    expect(refused.body.codeError).toBe("यह कोड सही नहीं है। मैसेज देखकर फिर से लिखें।");
    const blank = await post(token, { intent: "confirm-code", code: "" });
    expect(blank.status).toBe(422);
    expect(await orderStatus(order.id)).toBe("awaiting_confirmation");

    const confirmed = await post(token, { intent: "confirm-code", code: ` ${code} ` });
    expect(confirmed.status).toBe(303);
    expect(confirmed.location).toBe(`/hi/orders/${token}/placed`);
    expect(await orderStatus(order.id)).toBe("placed");

    // No longer waiting: the code box is gone and its actions change nothing.
    const after = (await callRoute(loader, `http://localhost/hi/orders/${token}`, {
      params: { token },
    })) as { awaitingCode: boolean };
    expect(after.awaitingCode).toBe(false);
    const late = await post(token, { intent: "send-code" });
    expect(late.status).toBe(303);
    expect(late.location).toBe(`/hi/orders/${token}`);
    expect(await codesSent()).toHaveLength(1);
  });

  it("answers 404 for an unknown order and 400 for an unknown action", async () => {
    const unknown = "A".repeat(43);
    const result = await callRoute(action, `http://localhost/hi/orders/${unknown}`, {
      form: { intent: "confirm-code", code: "123456" },
      params: { token: unknown },
    });
    expect(statusOf(result)).toBe(404);
    // Another phone: the first test's code verified PHONE.
    const order = await waitingOrder("+919845044444");
    const odd = await post(order.trackingToken, { intent: "pay-with-goats" });
    expect(odd.status).toBe(400);
    expect(await orderStatus(order.id)).toBe("awaiting_confirmation");
  });
});
