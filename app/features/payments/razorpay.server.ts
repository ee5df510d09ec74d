/**
 * The Razorpay provider (issue 7 item 1) through the official Node SDK. Enabled only when
 * RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET are set (env.server.ts).
 *
 * The SDK's API host is fixed; its axios instance (`api.rq`) is pointed at RAZORPAY_API_BASE,
 * so tests and the browser tests talk to a fake Razorpay API on 127.0.0.1.
 */
import Razorpay from "razorpay";
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

const clients = new Map<string, Razorpay>();

function client(config: RazorpayConfig): Razorpay {
  const cacheKey = `${config.apiBase}|${config.keyId}|${config.keySecret}`;
  let instance = clients.get(cacheKey);
  if (!instance) {
    instance = new Razorpay({ key_id: config.keyId, key_secret: config.keySecret });
    const http = (instance.api as unknown as { rq: { defaults: Record<string, unknown> } }).rq;
    http.defaults.baseURL = config.apiBase;
    http.defaults.timeout = REQUEST_TIMEOUT_MS;
    clients.set(cacheKey, instance);
  }
  return instance;
}

/** A Razorpay order as we use it. */
export interface RazorpayOrderRef {
  id: string;
  /** Paise. */
  amount: number;
  currency: "INR";
}

/**
 * Creates a Razorpay order (POST /v1/orders) for `amountPaise` in INR with our order reference
 * as its receipt.
 * @throws PaymentProviderError when Razorpay cannot be reached, refuses, or answers with
 *   another amount or currency than asked.
 */
export async function createRazorpayOrder(
  config: RazorpayConfig,
  input: { amountPaise: number; receipt: string },
): Promise<RazorpayOrderRef> {
  let created: { id?: unknown; amount?: unknown; currency?: unknown };
  try {
    created = await client(config).orders.create({
      amount: input.amountPaise,
      currency: "INR",
      receipt: input.receipt,
      notes: { reference: input.receipt },
    });
  } catch (error) {
    const details = error as { statusCode?: unknown; error?: { description?: unknown } };
    throw new PaymentProviderError(
      `Razorpay refused to create an order (${String(details.statusCode ?? (error as Error).message ?? "no answer")}${
        typeof details.error?.description === "string" ? `: ${details.error.description}` : ""
      })`,
    );
  }
  if (
    typeof created.id !== "string" ||
    !/^order_[A-Za-z0-9]{1,40}$/.test(created.id) ||
    Number(created.amount) !== input.amountPaise ||
    created.currency !== "INR"
  ) {
    throw new PaymentProviderError("Razorpay answered with an unexpected order");
  }
  return { id: created.id, amount: input.amountPaise, currency: "INR" };
}
