/**
 * Signature checks against vectors computed here with node:crypto (docs/payments.md), not with
 * the implementation's own helper.
 */
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { verifyCheckoutSignature, verifyWebhookSignature } from "./signature.server";

const keySecret = "test_key_secret_9f8e7d";
const webhookSecret = "whsec_test_1a2b3c4d";

function hmac(secret: string, payload: string) {
  return crypto.createHmac("sha256", secret).update(payload, "utf8").digest("hex");
}

describe("checkout signature", () => {
  const razorpayOrderId = "order_IluGWxBm9U8zJ8";
  const razorpayPaymentId = "pay_IluHrAU0Jx2Kn0";
  const valid = hmac(keySecret, `${razorpayOrderId}|${razorpayPaymentId}`);

  it("accepts the HMAC-SHA256 of order id | payment id with the key secret", () => {
    expect(
      verifyCheckoutSignature({ razorpayOrderId, razorpayPaymentId, signature: valid, keySecret }),
    ).toBe(true);
  });

  it("refuses a tampered order id, payment id, signature or secret", () => {
    const flipped = (valid[0] === "a" ? "b" : "a") + valid.slice(1);
    const cases = [
      { razorpayOrderId: "order_IluGWxBm9U8zJ9", razorpayPaymentId, signature: valid, keySecret },
      { razorpayOrderId, razorpayPaymentId: "pay_IluHrAU0Jx2Kn1", signature: valid, keySecret },
      { razorpayOrderId, razorpayPaymentId, signature: flipped, keySecret },
      { razorpayOrderId, razorpayPaymentId, signature: valid, keySecret: `${keySecret}x` },
      // The same pieces without the separator, or swapped, give other signatures.
      {
        razorpayOrderId,
        razorpayPaymentId,
        signature: hmac(keySecret, `${razorpayOrderId}${razorpayPaymentId}`),
        keySecret,
      },
      {
        razorpayOrderId,
        razorpayPaymentId,
        signature: hmac(keySecret, `${razorpayPaymentId}|${razorpayOrderId}`),
        keySecret,
      },
    ];
    for (const input of cases) expect(verifyCheckoutSignature(input)).toBe(false);
  });

  it("refuses missing, short, upper-case or non-hex signatures without throwing", () => {
    for (const signature of [
      undefined,
      null,
      "",
      valid.slice(0, 63),
      valid.toUpperCase(),
      `${valid}00`,
      "z".repeat(64),
    ]) {
      expect(
        verifyCheckoutSignature({ razorpayOrderId, razorpayPaymentId, signature, keySecret }),
      ).toBe(false);
    }
  });
});

describe("webhook signature", () => {
  const rawBody =
    '{"entity":"event","event":"payment.captured","payload":{"payment":{"entity":{"id":"pay_X","amount":25000,"currency":"INR","order_id":"order_Y"}}}}';
  const valid = hmac(webhookSecret, rawBody);

  it("accepts the HMAC-SHA256 of the raw body with the webhook secret", () => {
    expect(verifyWebhookSignature({ rawBody, signature: valid, webhookSecret })).toBe(true);
    expect(
      verifyWebhookSignature({ rawBody: Buffer.from(rawBody), signature: valid, webhookSecret }),
    ).toBe(true);
  });

  it("refuses a body changed by one byte or re-serialised, and the key secret in place of the webhook secret", () => {
    expect(
      verifyWebhookSignature({
        rawBody: rawBody.replace("25000", "25001"),
        signature: valid,
        webhookSecret,
      }),
    ).toBe(false);
    const reserialised = JSON.stringify(JSON.parse(rawBody), null, 1);
    expect(verifyWebhookSignature({ rawBody: reserialised, signature: valid, webhookSecret })).toBe(
      false,
    );
    expect(
      verifyWebhookSignature({ rawBody, signature: hmac(keySecret, rawBody), webhookSecret }),
    ).toBe(false);
    expect(verifyWebhookSignature({ rawBody, signature: undefined, webhookSecret })).toBe(false);
  });
});
