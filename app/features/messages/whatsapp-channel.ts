/**
 * WhatsApp template messages through the WhatsApp Business Cloud API (docs/messages.md
 * "WhatsApp"): POST {apiBase}/v21.0/{phone-number-id}/messages with a bearer token, per
 * https://developers.facebook.com/docs/whatsapp/cloud-api/reference/messages. Only approved
 * templates can open a conversation, so every message is a template with body parameters.
 */
import type { MessageSettings } from "~/utils/env.server";
import {
  type Channel,
  PermanentSendError,
  type RenderedWhatsApp,
  TemporarySendError,
} from "./channel";

export const WHATSAPP_API_VERSION = "v21.0";
/** How long one request may take before it counts as a temporary failure, ms. */
export const WHATSAPP_TIMEOUT_MS = 10_000;
export const WHATSAPP_SKIP_REASON = "WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID are not set";

/**
 * Graph API error codes that mean this recipient or this message will never be accepted:
 * 131026 undeliverable (not on WhatsApp), 131030 not in the allowed list (test numbers),
 * 131009 / 100 invalid parameter, 131051 unsupported message type, 132000-series template
 * parameter mismatches, 131008 required parameter missing.
 */
const PERMANENT_CODES = new Set([
  100, 131008, 131009, 131021, 131026, 131030, 131051, 132000, 132001, 132005, 132007, 132012,
]);

interface GraphError {
  error?: { message?: string; code?: number; error_subcode?: number; error_data?: unknown };
}

/** The recipient as the Cloud API wants it: digits only, country code first (91XXXXXXXXXX). */
export function whatsAppRecipient(e164: string): string {
  return e164.replace(/\D/g, "");
}

/** Retry-After (seconds or an HTTP date) in ms, or undefined. */
function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

function describeRefusal(status: number, body: GraphError | null): string {
  const error = body?.error;
  const code = error?.code === undefined ? "" : ` (code ${error.code})`;
  return `WhatsApp API answered ${status}${code}: ${String(error?.message ?? "no error message").slice(0, 300)}`;
}

async function readBody(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

/**
 * Turns a refused request into the channel's errors: 429 (with Retry-After), 5xx and 401/403 are
 * temporary (a token can be fixed); a 4xx whose error code names the recipient or the template's
 * parameters is permanent; any other 4xx is temporary.
 */
function refusal(response: Response, body: GraphError | null): Error {
  const message = describeRefusal(response.status, body);
  if (response.status === 429) {
    return new TemporarySendError(message, retryAfterMs(response.headers.get("retry-after")));
  }
  const code = body?.error?.code;
  if (response.status === 400 && code !== undefined && PERMANENT_CODES.has(code)) {
    return new PermanentSendError(message);
  }
  return new TemporarySendError(message);
}

/** The template's components: its body parameters, and an authentication code's button. */
function componentsOf(content: RenderedWhatsApp): unknown[] {
  const body = {
    type: "body",
    parameters: content.bodyParameters.map((text) => ({ type: "text", text })),
  };
  if (content.copyCode === undefined) return [body];
  const button = {
    type: "button",
    sub_type: "url",
    index: "0",
    parameters: [{ type: "text", text: content.copyCode }],
  };
  return [body, button];
}

/**
 * The WhatsApp channel over `settings` (null: skipped with {@link WHATSAPP_SKIP_REASON}).
 * `send` throws PermanentSendError for a refused recipient and TemporarySendError for timeouts,
 * network errors, 429 and 5xx; the token never appears in an error.
 */
export function createWhatsAppChannel(
  settings: MessageSettings["whatsapp"],
  fetchImpl: typeof fetch = fetch,
): Channel<"whatsapp"> {
  return {
    name: "whatsapp",
    skipReason: () => (settings ? null : WHATSAPP_SKIP_REASON),
    async send(recipient: string, content: RenderedWhatsApp) {
      if (!settings) throw new PermanentSendError(WHATSAPP_SKIP_REASON);
      const to = whatsAppRecipient(recipient);
      if (!/^[1-9][0-9]{7,14}$/.test(to)) {
        throw new PermanentSendError("The WhatsApp number is not a valid international number");
      }
      const url = `${settings.apiBase}/${WHATSAPP_API_VERSION}/${encodeURIComponent(settings.phoneNumberId)}/messages`;
      let response: Response;
      try {
        response = await fetchImpl(url, {
          method: "POST",
          headers: {
            Authorization: `Bearer ${settings.token}`,
            "Content-Type": "application/json",
          },
          body: JSON.stringify({
            messaging_product: "whatsapp",
            recipient_type: "individual",
            to,
            type: "template",
            template: {
              name: content.templateName,
              language: { code: content.languageCode },
              components: componentsOf(content),
            },
          }),
          signal: AbortSignal.timeout(WHATSAPP_TIMEOUT_MS),
        });
      } catch (error) {
        const reason = (error as Error).name === "TimeoutError" ? "timed out" : "unreachable";
        throw new TemporarySendError(`WhatsApp API ${reason}: ${(error as Error).message}`);
      }
      const body = (await readBody(response)) as
        | (GraphError & { messages?: { id?: string }[] })
        | null;
      if (!response.ok) throw refusal(response, body);
      return { providerMessageId: body?.messages?.[0]?.id ?? null };
    },
  };
}
