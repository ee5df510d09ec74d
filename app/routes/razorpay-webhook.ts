/**
 * POST /payments/razorpay/webhook (docs/payments.md): Razorpay's server calls this with a JSON
 * event and `X-Razorpay-Signature`. The body is read raw (no parsing before the signature
 * check: one changed byte or a re-serialisation breaks the HMAC). Answers JSON: 200 handled,
 * ignored or duplicate; 400 missing signature or unreadable event; 401 wrong signature; 404
 * unknown order or payments not enabled; 413 too large.
 *
 * The HTTP server's cross-site POST refusal does not apply: Razorpay sends neither Origin nor
 * Sec-Fetch-Site (server/security.ts).
 */
import { getDb } from "~/db/db.server";
import { handleRazorpayWebhook, WebhookRejectedError } from "~/features/payments/payments.server";
import { razorpayConfig } from "~/features/payments/razorpay.server";
import type { Route } from "./+types/razorpay-webhook";

/** Razorpay's payment events are a few KB; anything far larger is not one of them. */
const MAX_WEBHOOK_BYTES = 256 * 1024;

export function loader() {
  return new Response("Razorpay webhooks are sent with POST.", {
    status: 405,
    headers: { Allow: "POST", "Content-Type": "text/plain" },
  });
}

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") {
    return Response.json({ error: "Use POST." }, { status: 405, headers: { Allow: "POST" } });
  }
  const config = razorpayConfig();
  if (!config) return Response.json({ error: "Online payment is not enabled." }, { status: 404 });
  const rawBody = await readLimited(request, MAX_WEBHOOK_BYTES);
  if (!rawBody) return Response.json({ error: "The webhook body is too large." }, { status: 413 });
  try {
    const result = await handleRazorpayWebhook(await getDb(), config, {
      rawBody,
      signature: request.headers.get("x-razorpay-signature"),
      eventId: request.headers.get("x-razorpay-event-id"),
    });
    return Response.json(result);
  } catch (error) {
    if (error instanceof WebhookRejectedError) {
      return Response.json({ error: error.message }, { status: error.status });
    }
    throw error;
  }
}

/** The body's bytes exactly as sent, or null above `max` bytes (stops reading there). */
async function readLimited(request: Request, max: number): Promise<Buffer | null> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > max) return null;
  if (!request.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = request.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
