/**
 * A fake WhatsApp Business Cloud API on 127.0.0.1 for integration tests (docs/messages.md): the
 * Graph API's `POST /{version}/{phone-number-id}/messages` faked at the network edge, so the real
 * fetch, bearer token and JSON of the WhatsApp channel are exercised.
 *
 * - Every request is recorded when it ARRIVES (before any delay), with its parsed body.
 * - `failNext(status, count, options)` answers the next `count` requests with `status` (429 with
 *   Retry-After, 500, 400 with a Graph error code).
 * - `delayMs` makes every answer slow (the crash test kills a dispatcher mid-send).
 * - A wrong bearer token gets 401, as Graph answers an expired token.
 */
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface FakeWhatsAppRequest {
  path: string;
  authorization: string | undefined;
  body: {
    messaging_product?: string;
    to?: string;
    type?: string;
    template?: {
      name?: string;
      language?: { code?: string };
      components?: { type?: string; parameters?: { type?: string; text?: string }[] }[];
    };
  };
  /** The body parameters' texts, in order. */
  texts: string[];
  receivedAt: number;
}

export interface FailOptions {
  /** Retry-After header value (seconds) for a 429. */
  retryAfterSeconds?: number;
  /** Graph error code in the body (e.g. 131026 undeliverable). */
  code?: number;
  message?: string;
}

export interface FakeWhatsApp {
  /** The API base to give the channel (WHATSAPP_API_BASE). */
  base: string;
  token: string;
  phoneNumberId: string;
  requests: FakeWhatsAppRequest[];
  /** Delay before every answer, ms. */
  delayMs: number;
  failNext(status: number, count?: number, options?: FailOptions): void;
  /** How many requests carried `text` as their first body parameter. */
  countsByFirstText(): Map<string, number>;
  close(): Promise<void>;
}

interface Failure {
  status: number;
  options: FailOptions;
}

function answer(res: http.ServerResponse, status: number, body: unknown, headers = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    "Content-Type": "application/json",
    "Content-Length": Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

async function readJson(req: http.IncomingMessage): Promise<FakeWhatsAppRequest["body"]> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    return {};
  }
}

function graphError(res: http.ServerResponse, failure: Failure): void {
  const { status, options } = failure;
  const headers =
    status === 429 && options.retryAfterSeconds !== undefined
      ? { "Retry-After": String(options.retryAfterSeconds) }
      : {};
  answer(
    res,
    status,
    {
      error: {
        message: options.message ?? `(#${options.code ?? 131000}) Something went wrong`,
        type: "OAuthException",
        code: options.code ?? (status === 429 ? 130429 : 131000),
        fbtrace_id: crypto.randomBytes(8).toString("hex"),
      },
    },
    headers,
  );
}

/** Starts the fake on loopback: on `port`, or on a free one. */
export async function startFakeWhatsApp(
  options: { token?: string; phoneNumberId?: string; port?: number } = {},
): Promise<FakeWhatsApp> {
  const token = options.token ?? "fake-whatsapp-token-0123456789";
  const phoneNumberId = options.phoneNumberId ?? "1234567890";
  const failures: Failure[] = [];
  const requests: FakeWhatsAppRequest[] = [];
  const sockets = new Set<import("node:net").Socket>();

  const server = http.createServer(async (req, res) => {
    const body = await readJson(req);
    const texts =
      body.template?.components
        ?.find((component) => component.type === "body")
        ?.parameters?.map((parameter) => parameter.text ?? "") ?? [];
    requests.push({
      path: req.url ?? "",
      authorization: req.headers.authorization,
      body,
      texts,
      receivedAt: Date.now(),
    });
    if (fake.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, fake.delayMs));
    if (req.method !== "POST" || req.url !== `/v21.0/${phoneNumberId}/messages`) {
      return answer(res, 404, { error: { message: "Unknown path", code: 100 } });
    }
    if (req.headers.authorization !== `Bearer ${token}`) {
      return answer(res, 401, {
        error: { message: "Error validating access token", type: "OAuthException", code: 190 },
      });
    }
    const failure = failures.shift();
    if (failure) return graphError(res, failure);
    answer(res, 200, {
      messaging_product: "whatsapp",
      contacts: [{ input: body.to, wa_id: body.to }],
      messages: [{ id: `wamid.${crypto.randomBytes(12).toString("hex")}` }],
    });
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  const fake: FakeWhatsApp = {
    base: `http://127.0.0.1:${port}`,
    token,
    phoneNumberId,
    requests,
    delayMs: 0,
    failNext(status, count = 1, failOptions = {}) {
      for (let i = 0; i < count; i++) failures.push({ status, options: failOptions });
    },
    countsByFirstText() {
      const counts = new Map<string, number>();
      for (const request of requests) {
        const first = request.texts[0] ?? "";
        counts.set(first, (counts.get(first) ?? 0) + 1);
      }
      return counts;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  return fake;
}
