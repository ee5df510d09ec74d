/**
 * The Razorpay Orders API client (app/features/payments/razorpay.server.ts) against the fake
 * Razorpay API on 127.0.0.1 and a few misbehaving servers: what it sends, and how every kind
 * of failure becomes a PaymentProviderError (which /payment answers with 502, nothing stored).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRazorpayOrder, PaymentProviderError } from "~/features/payments/razorpay.server";
import type { RazorpayConfig } from "~/utils/env.server";
import { type FakeRazorpay, startFakeRazorpay } from "../support/fakes/razorpay";

const keyId = "rzp_test_ApiClientKey01";
const keySecret = "api_client_key_secret_0123";

let fake: FakeRazorpay;
let config: RazorpayConfig;

beforeAll(async () => {
  fake = await startFakeRazorpay({ keyId, keySecret });
  config = { keyId, keySecret, webhookSecret: "api_client_webhook_0123", apiBase: fake.base };
});
afterAll(async () => {
  await fake?.close();
});

/** A loopback server answering every request with `handler`; closed by the returned function. */
async function serverAnswering(
  handler: http.RequestListener,
): Promise<{ base: string; close: () => Promise<void> }> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The PaymentProviderError `promise` rejects with; fails the test when it resolves. */
async function providerError(promise: Promise<unknown>): Promise<string> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(PaymentProviderError);
  return error instanceof Error ? error.message : "";
}

describe("createRazorpayOrder", () => {
  it("POSTs the order as JSON with Basic auth and returns Razorpay's order id", async () => {
    const before = fake.orderRequests.length;
    const created = await createRazorpayOrder(config, { amountPaise: 45_000, receipt: "SS-TEST1" });
    expect(created).toEqual({
      id: expect.stringMatching(/^order_/),
      amount: 45_000,
      currency: "INR",
    });
    expect(fake.orderRequests.slice(before)).toEqual([
      { amount: 45_000, currency: "INR", receipt: "SS-TEST1", notes: { reference: "SS-TEST1" } },
    ]);
    expect(fake.orders.get(created.id)?.amount).toBe(45_000);
  });

  it("reports Razorpay's status and description when it refuses", async () => {
    expect(
      await providerError(
        createRazorpayOrder(
          { ...config, keySecret: "a_wrong_key_secret" },
          { amountPaise: 45_000, receipt: "SS-TEST2" },
        ),
      ),
    ).toBe("Razorpay refused to create an order (401: The api key provided is invalid)");
    fake.failNext(500);
    expect(
      await providerError(
        createRazorpayOrder(config, { amountPaise: 45_000, receipt: "SS-TEST3" }),
      ),
    ).toBe("Razorpay refused to create an order (500: Fake failure)");
  });

  it("refuses an answer with another amount, another currency or no order id", async () => {
    for (const answer of [
      { id: "order_Other0001", amount: 100, currency: "INR" },
      { id: "order_Other0002", amount: 45_000, currency: "USD" },
      { amount: 45_000, currency: "INR" },
      "not json",
    ]) {
      const server = await serverAnswering((_req, res) => {
        res.writeHead(200, { "Content-Type": "application/json" });
        res.end(typeof answer === "string" ? answer : JSON.stringify(answer));
      });
      try {
        expect(
          await providerError(
            createRazorpayOrder(
              { ...config, apiBase: server.base },
              { amountPaise: 45_000, receipt: "SS-TEST4" },
            ),
          ),
        ).toBe("Razorpay answered with an unexpected order");
      } finally {
        await server.close();
      }
    }
  });

  it("gives up when Razorpay cannot be reached or does not answer in time", async () => {
    const closed = await serverAnswering(() => {});
    await closed.close();
    expect(
      await providerError(
        createRazorpayOrder(
          { ...config, apiBase: closed.base },
          { amountPaise: 45_000, receipt: "SS-TEST5" },
        ),
      ),
    ).toMatch(/^Razorpay did not answer/);

    const silent = await serverAnswering(() => {});
    try {
      expect(
        await providerError(
          createRazorpayOrder(
            { ...config, apiBase: silent.base },
            { amountPaise: 45_000, receipt: "SS-TEST6" },
            { timeoutMs: 50 },
          ),
        ),
      ).toMatch(/^Razorpay did not answer/);
    } finally {
      await silent.close();
    }
  });
});
