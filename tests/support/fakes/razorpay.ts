/**
 * A fake Razorpay API on 127.0.0.1 for integration and browser tests (docs/payments.md): the
 * orders API faked at the network edge. The server under test reaches it through
 * RAZORPAY_API_BASE with its real HTTP client, so the real HTTP calls, Basic auth and JSON are
 * exercised. Plain erasable TypeScript, so `node` loads it from
 * tests/support/browser/web-server.mjs too.
 *
 * - POST /v1/orders (Basic auth key id : key secret) creates an order; GET /v1/orders/:id reads it.
 * - POST /_test/pay {order_id} plays the shopper paying in Razorpay's window: it records a
 *   payment and answers what checkout.js hands to the success handler, signed with the key
 *   secret as Razorpay does. Only this fake knows how to sign; tests never share the code under
 *   test.
 * - POST /v1/payments/:id/refund refunds part or all of a payment made through `pay`, once per
 *   X-Refund-Idempotency key (a repeated key answers the first refund again, as Razorpay does);
 *   more than the payment's unrefunded amount is refused with 400.
 * - `failNext(status)` makes the next API call (orders or refunds) answer with that status.
 */
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeRazorpayOptions {
  keyId: string;
  keySecret: string;
  /** 0 (default) picks a free port. */
  port?: number;
}

export interface FakeOrder {
  id: string;
  entity: "order";
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  status: "created" | "attempted" | "paid";
  attempts: number;
  notes: Record<string, string>;
  created_at: number;
}

export interface FakeRefund {
  id: string;
  entity: "refund";
  payment_id: string;
  amount: number;
  currency: "INR";
  receipt: string | null;
  speed_requested: string;
  status: "processed";
  /** The X-Refund-Idempotency header it came with ('' for none). */
  idempotencyKey: string;
}

export interface FakeRazorpay {
  base: string;
  /** Refunds made so far, in order. */
  refunds: FakeRefund[];
  /** Orders created so far, by id. */
  orders: Map<string, FakeOrder>;
  /** Every request body received on /v1/orders, parsed, in order. */
  orderRequests: Record<string, unknown>[];
  failNext(status: number): void;
  /** The shopper pays `orderId`: what the widget's success handler receives. */
  pay(orderId: string): {
    razorpay_payment_id: string;
    razorpay_order_id: string;
    razorpay_signature: string;
  };
  close(): Promise<void>;
}

const ID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

function razorpayId(prefix: "order" | "pay" | "rfnd"): string {
  let id = "";
  for (const byte of crypto.randomBytes(14)) id += ID_ALPHABET[byte % ID_ALPHABET.length];
  return `${prefix}_${id}`;
}

function send(res: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "Content-Type": "application/json",
    "Content-Length": Buffer.byteLength(text),
  });
  res.end(text);
}

function error(res: http.ServerResponse, status: number, description: string): void {
  send(res, status, {
    error: { code: "BAD_REQUEST_ERROR", description, source: "NA", step: "NA", reason: "NA" },
  });
}

async function readJson(req: http.IncomingMessage): Promise<Record<string, unknown> | null> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    const value: unknown = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}");
    return value && typeof value === "object" ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Starts the fake; resolves once it listens. */
export async function startFakeRazorpay(options: FakeRazorpayOptions): Promise<FakeRazorpay> {
  const orders = new Map<string, FakeOrder>();
  const orderRequests: Record<string, unknown>[] = [];
  let failures: number[] = [];
  const refunds: FakeRefund[] = [];
  /** Captured payments by id: the amount paid, paise. */
  const payments = new Map<string, number>();
  const expectedAuth = `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`).toString("base64")}`;

  const pay = (orderId: string) => {
    const order = orders.get(orderId);
    if (!order) throw new Error(`fake Razorpay: no order ${orderId}`);
    const paymentId = razorpayId("pay");
    order.attempts += 1;
    order.status = "paid";
    order.amount_paid = order.amount;
    order.amount_due = 0;
    payments.set(paymentId, order.amount);
    const signature = crypto
      .createHmac("sha256", options.keySecret)
      .update(`${orderId}|${paymentId}`)
      .digest("hex");
    return {
      razorpay_payment_id: paymentId,
      razorpay_order_id: orderId,
      razorpay_signature: signature,
    };
  };

  const refund = async (req: http.IncomingMessage, res: http.ServerResponse, paymentId: string) => {
    const paid = payments.get(paymentId);
    if (paid === undefined) return error(res, 400, "The id provided does not exist");
    const body = await readJson(req);
    const key = String(req.headers["x-refund-idempotency"] ?? "");
    const earlier = key ? refunds.find((made) => made.idempotencyKey === key) : undefined;
    if (earlier) return send(res, 200, earlier);
    const amount = body?.amount;
    const refunded = refunds
      .filter((made) => made.payment_id === paymentId)
      .reduce((sum, made) => sum + made.amount, 0);
    if (typeof amount !== "number" || !Number.isInteger(amount) || amount < 100) {
      return error(res, 400, "The amount must be at least INR 1.00");
    }
    if (amount > paid - refunded) {
      return error(res, 400, "The refund amount provided is greater than amount captured");
    }
    const made: FakeRefund = {
      id: razorpayId("rfnd"),
      entity: "refund",
      payment_id: paymentId,
      amount,
      currency: "INR",
      receipt: typeof body?.receipt === "string" ? body.receipt : null,
      speed_requested: typeof body?.speed === "string" ? body.speed : "normal",
      status: "processed",
      idempotencyKey: key,
    };
    refunds.push(made);
    return send(res, 200, made);
  };

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    if (req.method === "POST" && url.pathname === "/_test/pay") {
      const body = await readJson(req);
      const orderId = typeof body?.order_id === "string" ? body.order_id : "";
      if (!orders.has(orderId)) return error(res, 404, "The id provided does not exist");
      return send(res, 200, pay(orderId));
    }
    if (!/^\/v1\/(orders|payments)/.test(url.pathname)) return error(res, 404, "Not found");
    if (req.headers.authorization !== expectedAuth) {
      return error(res, 401, "The api key provided is invalid");
    }
    const failure = failures.shift();
    if (failure) return error(res, failure, "Fake failure");

    if (req.method === "POST" && url.pathname === "/v1/orders") {
      const body = await readJson(req);
      if (!body) return error(res, 400, "The request body is not JSON");
      orderRequests.push(body);
      const amount = body.amount;
      if (typeof amount !== "number" || !Number.isInteger(amount) || amount < 100) {
        return error(res, 400, "The amount must be atleast INR 1.00");
      }
      if (body.currency !== "INR") return error(res, 400, "Currency is not supported");
      const receipt = typeof body.receipt === "string" ? body.receipt : null;
      if (receipt && receipt.length > 40) {
        return error(res, 400, "receipt: the length must be no more than 40.");
      }
      const order: FakeOrder = {
        id: razorpayId("order"),
        entity: "order",
        amount,
        amount_paid: 0,
        amount_due: amount,
        currency: "INR",
        receipt,
        status: "created",
        attempts: 0,
        notes: (body.notes as Record<string, string> | undefined) ?? {},
        created_at: Math.floor(Date.now() / 1000),
      };
      orders.set(order.id, order);
      return send(res, 200, order);
    }
    const refundOf = /^\/v1\/payments\/(pay_[A-Za-z0-9]+)\/refund$/.exec(url.pathname);
    if (req.method === "POST" && refundOf) {
      return refund(req, res, refundOf[1] ?? "");
    }
    const match = /^\/v1\/orders\/(order_[A-Za-z0-9]+)$/.exec(url.pathname);
    if (req.method === "GET" && match) {
      const order = orders.get(match[1] ?? "");
      return order ? send(res, 200, order) : error(res, 400, "The id provided does not exist");
    }
    return error(res, 404, "Not found");
  });

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    orders,
    orderRequests,
    refunds,
    failNext(status: number) {
      failures = [...failures, status];
    },
    pay,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A Razorpay webhook body for a payment of `orderId`, as Razorpay sends it (compact JSON). */
export function webhookBody(input: {
  event: "payment.captured" | "payment.failed" | "payment.authorized" | "order.paid";
  orderId: string;
  paymentId: string;
  /** Paise. */
  amount: number;
  currency?: string;
}): string {
  const failed = input.event === "payment.failed";
  return JSON.stringify({
    entity: "event",
    account_id: "acc_FakeAccount01",
    event: input.event,
    contains: ["payment"],
    payload: {
      payment: {
        entity: {
          id: input.paymentId,
          entity: "payment",
          amount: input.amount,
          currency: input.currency ?? "INR",
          status: failed ? "failed" : "captured",
          order_id: input.orderId,
          method: "upi",
          vpa: "asha@okicici",
          captured: !failed,
          error_code: failed ? "BAD_REQUEST_ERROR" : null,
          error_description: failed ? "Payment was declined by the bank." : null,
          created_at: Math.floor(Date.now() / 1000),
        },
      },
    },
    created_at: Math.floor(Date.now() / 1000),
  });
}
