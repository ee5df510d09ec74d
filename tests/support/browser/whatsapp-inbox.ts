/**
 * The browser tests' WhatsApp (docs/messages.md "WhatsApp templates"): the web server sends
 * WhatsApp messages through WHATSAPP_API_BASE to the fake Cloud API on 127.0.0.1
 * (tests/support/fakes/whatsapp.ts), started by tests/support/browser/web-server.mjs next to the
 * app; a small HTTP endpoint on loopback lets a spec read what arrived. Nothing here is a real
 * account.
 */
import http from "node:http";
import { startFakeWhatsApp } from "../fakes/whatsapp.ts";

/** What a spec reads of one WhatsApp message: the template and its body parameters. */
export interface WhatsAppInboxMessage {
  template: string;
  language: string;
  texts: string[];
}

const TOKEN = "e2e-whatsapp-token-0123456789";
const PHONE_NUMBER_ID = "1122334455";

/** The web server's environment for WhatsApp through the fake on `apiPort`. */
export function whatsAppServerEnv(apiPort: number, inboxPort: number): Record<string, string> {
  return {
    WHATSAPP_TOKEN: TOKEN,
    WHATSAPP_PHONE_NUMBER_ID: PHONE_NUMBER_ID,
    WHATSAPP_API_BASE: `http://127.0.0.1:${apiPort}`,
    E2E_WHATSAPP_PORT: String(apiPort),
    E2E_WHATSAPP_INBOX_PORT: String(inboxPort),
  };
}

/**
 * Starts the fake Cloud API on `apiPort` and the inbox endpoint on `inboxPort`:
 * `GET /messages?to=<+91… or 91…>` answers the messages accepted for that number, oldest first.
 */
export async function startE2EWhatsApp(apiPort: number, inboxPort: number): Promise<void> {
  const fake = await startFakeWhatsApp({
    token: TOKEN,
    phoneNumberId: PHONE_NUMBER_ID,
    port: apiPort,
  });
  const inbox = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const to = (url.searchParams.get("to") ?? "").replace(/\D/g, "");
    const found: WhatsAppInboxMessage[] = fake.requests
      .filter((message) => message.authorization === `Bearer ${TOKEN}` && message.body.to === to)
      .map((message) => ({
        template: message.body.template?.name ?? "",
        language: message.body.template?.language?.code ?? "",
        texts: message.texts,
      }));
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify(found));
  });
  await new Promise<void>((resolve) => inbox.listen(inboxPort, "127.0.0.1", resolve));
}

/** The WhatsApp messages received so far for `phone` (the spec side of the inbox). */
export async function whatsAppFor(phone: string): Promise<WhatsAppInboxMessage[]> {
  const port = process.env.E2E_WHATSAPP_INBOX_PORT;
  const response = await fetch(`http://127.0.0.1:${port}/messages?to=${encodeURIComponent(phone)}`);
  return (await response.json()) as WhatsAppInboxMessage[];
}
