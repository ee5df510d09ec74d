/**
 * The Razorpay Orders API, called over HTTPS with `fetch` (docs/decisions/0011-razorpay-orders-over-fetch.md).
 * Enabled only when RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET are set
 * (env.server.ts). Requests go to RAZORPAY_API_BASE (https://api.razorpay.com unless the tests
 * point it at a fake on 127.0.0.1), with HTTP Basic auth (key id : key secret) and JSON, as
 * https://razorpay.com/docs/api/orders/create/ describes.
 */
import { z } from "zod";
import { env, type RazorpayConfig } from "~/utils/env.server";

/** Razorpay could not be reached or refused the request; nothing was stored. */
export class PaymentProviderError extends Error {
  override name = "PaymentProviderError";
}

/** How long one call to Razorpay may take before the shopper is told to try again. */
const REQUEST_TIMEOUT_MS = 10_000;

/** The Razorpay settings, or null when online payment is not enabled. */
export function razorpayConfig(): RazorpayConfig | null {
  return env().razorpay;
}

/** A Razorpay order as we use it. */
export interface RazorpayOrderRef {
  id: string;
  /** Paise. */
  amount: number;
  currency: "INR";
}

/** What a call answered: the HTTP status and the body read as JSON (undefined when it is not). */
interface RazorpayAnswer {
  status: number;
  body: unknown;
}

/**
 * POSTs `body` as JSON to `path` of the Razorpay API with Basic auth.
 * @throws PaymentProviderError when Razorpay cannot be reached or does not answer in time.
 */
async function postToRazorpay(
  config: RazorpayConfig,
  path: `/v1/${string}`,
  body: Record<string, unknown>,
  timeoutMs: number,
  extraHeaders: Record<string, string> = {},
): Promise<RazorpayAnswer> {
  const credentials = Buffer.from(`${config.keyId}:${config.keySecret}`).toString("base64");
  try {
    const response = await fetch(`${config.apiBase}${path}`, {
      method: "POST",
      headers: {
        Authorization: `Basic ${credentials}`,
        "Content-Type": "application/json",
        Accept: "application/json",
        ...extraHeaders,
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    return { status: response.status, body: parsed };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new PaymentProviderError(`Razorpay did not answer (${reason})`);
  }
}

/** Razorpay's error body: `{ error: { code, description, … } }`. */
const errorBody = z.object({ error: z.object({ description: z.string() }) });

/** The fields of a created order we check (the answer has more). */
const createdOrder = z.object({
  id: z.string().regex(/^order_[A-Za-z0-9]{1,40}$/),
  amount: z.coerce.number(),
  currency: z.string(),
});

/**
 * Creates a Razorpay order (POST /v1/orders) for `amountPaise` in INR with our order reference
 * as its receipt (and as `notes.reference`).
 * @param options.timeoutMs how long to wait for Razorpay; 10 s unless a test shortens it.
 * @throws PaymentProviderError when Razorpay cannot be reached in time, refuses (any status
 *   other than 2xx; the message carries the status and Razorpay's description), or answers
 *   with another amount or currency than asked.
 */
export async function createRazorpayOrder(
  config: RazorpayConfig,
  input: { amountPaise: number; receipt: string },
  options: { timeoutMs?: number } = {},
): Promise<RazorpayOrderRef> {
  const { status, body } = await postToRazorpay(
    config,
    "/v1/orders",
    {
      amount: input.amountPaise,
      currency: "INR",
      receipt: input.receipt,
      notes: { reference: input.receipt },
    },
    options.timeoutMs ?? REQUEST_TIMEOUT_MS,
  );
  if (status < 200 || status > 299) {
    const refusal = errorBody.safeParse(body);
    const description = refusal.success ? `: ${refusal.data.error.description}` : "";
    throw new PaymentProviderError(`Razorpay refused to create an order (${status}${description})`);
  }
  const created = createdOrder.safeParse(body);
  if (
    !created.success ||
    created.data.amount !== input.amountPaise ||
    created.data.currency !== "INR"
  ) {
    throw new PaymentProviderError("Razorpay answered with an unexpected order");
  }
  return { id: created.data.id, amount: input.amountPaise, currency: "INR" };
}

/** A refund as Razorpay answered it. */
export interface RazorpayRefundRef {
  id: string;
  /** Paise. */
  amount: number;
  status: string;
}

const createdRefund = z.object({
  id: z.string().regex(/^rfnd_[A-Za-z0-9]{1,40}$/),
  amount: z.coerce.number(),
  status: z.string(),
});

/**
 * Refunds `amountPaise` of payment `paymentId` to the method it was paid with (POST
 * /v1/payments/:id/refund, speed normal), as https://razorpay.com/docs/api/refunds/create-normal/
 * describes. `idempotencyKey` (10+ characters of letters, digits, '-' and '_') goes as the
 * X-Refund-Idempotency header, so a retry after a lost answer never refunds twice
 * (https://razorpay.com/docs/api/refunds/normal-refunds-idempotent/); `receipt` is ours.
 * @throws PaymentProviderError when Razorpay cannot be reached in time, refuses (the message
 *   carries the status and Razorpay's description; 409 while the same key is still being
 *   processed), or answers with another amount.
 */
export async function createRazorpayRefund(
  config: RazorpayConfig,
  input: { paymentId: string; amountPaise: number; idempotencyKey: string; receipt: string },
  options: { timeoutMs?: number } = {},
): Promise<RazorpayRefundRef> {
  const { status, body } = await postToRazorpay(
    config,
    `/v1/payments/${encodeURIComponent(input.paymentId)}/refund`,
    { amount: input.amountPaise, speed: "normal", receipt: input.receipt },
    options.timeoutMs ?? REQUEST_TIMEOUT_MS,
    { "X-Refund-Idempotency": input.idempotencyKey },
  );
  if (status < 200 || status > 299) {
    const refusal = errorBody.safeParse(body);
    const description = refusal.success ? `: ${refusal.data.error.description}` : "";
    throw new PaymentProviderError(`Razorpay refused the refund (${status}${description})`);
  }
  const refund = createdRefund.safeParse(body);
  if (!refund.success || refund.data.amount !== input.amountPaise) {
    throw new PaymentProviderError("Razorpay answered with an unexpected refund");
  }
  return refund.data;
}
