/**
 * The browser tests' mailbox (docs/messages.md "E-mail"): the web server sends e-mail through
 * SMTP_URL to a real SMTP server on 127.0.0.1 (tests/support/fakes/smtp-server.ts), started by
 * tests/support/browser/web-server.mjs next to the app; a small HTTP endpoint on loopback lets a
 * spec read what arrived. Nothing here is a real account.
 */
import http from "node:http";
import { startSmtpTestServer } from "../fakes/smtp-server.ts";

/** What a spec reads of one received e-mail. */
export interface MailboxMessage {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/** The web server's environment for e-mail through the local SMTP server on `smtpPort`. */
export function mailServerEnv(smtpPort: number, mailboxPort: number): Record<string, string> {
  return {
    SMTP_URL: `smtp://e2e:e2e-password@127.0.0.1:${smtpPort}`,
    MAIL_FROM: "Scrap & Sprout <shop@e2e.test>",
    E2E_SMTP_PORT: String(smtpPort),
    E2E_MAILBOX_PORT: String(mailboxPort),
  };
}

/**
 * Starts the SMTP server on `smtpPort` and the mailbox endpoint on `mailboxPort`:
 * `GET /messages?to=<address>` answers the messages received for that address, oldest first.
 */
export async function startE2EMailbox(smtpPort: number, mailboxPort: number): Promise<void> {
  const smtp = await startSmtpTestServer(smtpPort);
  const mailbox = http.createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const to = (url.searchParams.get("to") ?? "").toLowerCase();
    const found: MailboxMessage[] = smtp.received
      .filter((message) => message.envelopeTo.some((address) => address.toLowerCase() === to))
      .map((message) => ({
        to: message.envelopeTo,
        subject: message.header("subject") ?? "",
        text: message.text,
        html: message.html,
      }));
    response.writeHead(200, { "content-type": "application/json" });
    response.end(JSON.stringify(found));
  });
  await new Promise<void>((resolve) => mailbox.listen(mailboxPort, "127.0.0.1", resolve));
}

/** The e-mails received so far for `address` (the spec side of the mailbox). */
export async function mailFor(address: string): Promise<MailboxMessage[]> {
  const port = process.env.E2E_MAILBOX_PORT;
  const response = await fetch(
    `http://127.0.0.1:${port}/messages?to=${encodeURIComponent(address)}`,
  );
  return (await response.json()) as MailboxMessage[];
}
