/**
 * Razorpay signatures (docs/payments.md), compared in constant time:
 * - checkout: HMAC-SHA256 of `${razorpay_order_id}|${razorpay_payment_id}` with the key secret;
 * - webhook: HMAC-SHA256 of the raw request body with the webhook secret
 *   (`X-Razorpay-Signature`).
 * Both are lower-case hex (64 characters).
 */
import crypto from "node:crypto";

const HEX_SHA256 = /^[0-9a-f]{64}$/;

/** HMAC-SHA256 of `payload` with `secret`, lower-case hex. */
export function hmacSha256Hex(secret: string, payload: string | Buffer): string {
  return crypto.createHmac("sha256", secret).update(payload).digest("hex");
}

/**
 * True when `signature` is the hex HMAC-SHA256 of `payload` with `secret`. Anything that is
 * not 64 hex characters is refused before comparing; the comparison is constant-time.
 */
export function signatureMatches(
  secret: string,
  payload: string | Buffer,
  signature: string | null | undefined,
): boolean {
  if (typeof signature !== "string" || !HEX_SHA256.test(signature)) return false;
  const expected = Buffer.from(hmacSha256Hex(secret, payload), "hex");
  const given = Buffer.from(signature, "hex");
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}

/**
 * Checks the signature the checkout widget returns after a successful payment.
 * @param razorpayOrderId the Razorpay order id WE stored for the order (never the browser's).
 */
export function verifyCheckoutSignature(input: {
  razorpayOrderId: string;
  razorpayPaymentId: string;
  signature: string | null | undefined;
  keySecret: string;
}): boolean {
  return signatureMatches(
    input.keySecret,
    `${input.razorpayOrderId}|${input.razorpayPaymentId}`,
    input.signature,
  );
}

/** Checks `X-Razorpay-Signature` over the raw body bytes, exactly as received. */
export function verifyWebhookSignature(input: {
  rawBody: string | Buffer;
  signature: string | null | undefined;
  webhookSecret: string;
}): boolean {
  return signatureMatches(input.webhookSecret, input.rawBody, input.signature);
}
