/**
 * E-mail over SMTP with nodemailer (docs/messages.md "E-mail"): one pooled transport from
 * SMTP_URL, From = MAIL_FROM, Reply-To = the shop's support address, one recipient per message
 * (the envelope names it alone). Failures are sorted for the dispatcher: a 5xx answer about the
 * recipient (550/551/553) or an address that is not one address is permanent; 4xx answers,
 * refused connections, timeouts and any other failure are temporary. Error texts never carry the
 * SMTP password. Subject and header values are folded to one line before nodemailer (which also
 * encodes them), so no value can add a header.
 */
import nodemailer from "nodemailer";
import {
  type Channel,
  PermanentSendError,
  type RenderedEmail,
  type SendResult,
  TemporarySendError,
} from "./channel";
import { oneLine, truncate } from "./templates-params";

export interface EmailChannelSettings {
  /** smtp://user:pass@host:587 or smtps://…; null: every e-mail is skipped. */
  smtpUrl: string | null;
  /** The From of every e-mail, e.g. "Scrap & Sprout <no-reply@shop.example>". */
  mailFrom: string;
  /** Reply-To: the shop's support address. */
  replyTo: string;
  /** Connection, greeting and socket timeouts, ms (default 10,000). */
  timeoutMs?: number;
  /** Pooled connections (default {@link SMTP_POOL_CONNECTIONS}). */
  maxConnections?: number;
}

/**
 * SMTP connections kept open at most: as many as the dispatcher's e-mail workers, so each worker
 * has a connection of its own. 20 keeps the outbox level with the mixed soak's bookings and
 * orders while pages share the event loop, where 5 and 10 fell behind (docs/messages.md "Send",
 * ADR 0022). Relays such as Postfix accept 50 connections per client by default.
 */
export const SMTP_POOL_CONNECTIONS = 20;

/** The reason every e-mail row is skipped when SMTP_URL is unset. */
export const smtpNotSetReason = "SMTP_URL is not set";

/** Recipient-refusal codes that will not change on a retry (RFC 5321 §4.2.2). */
const permanentRecipientCodes = new Set([550, 551, 553]);

// One plain address: no display name, no list, no spaces or control characters; ≤ 254 chars.
const plainAddress = /^[^\s@,;:<>()[\]"\\]+@[^\s@,;:<>()[\]"\\]+\.[^\s@,;:<>()[\]"\\]+$/;

/** True for a single plain e-mail address the channel will send to. */
export function isSendableAddress(recipient: string): boolean {
  return recipient.length <= 254 && plainAddress.test(recipient);
}

interface SmtpError extends Error {
  code?: string;
  responseCode?: number;
  response?: string;
  command?: string;
  rejectedErrors?: SmtpError[];
}

/** The SMTP password (and its URL-encoded form) to scrub from error texts. */
function secretsOf(smtpUrl: string): string[] {
  try {
    const password = new URL(smtpUrl).password;
    if (!password) return [];
    return [password, decodeURIComponent(password)].filter((s) => s.length > 0);
  } catch {
    return [];
  }
}

function describeSmtpError(error: SmtpError, secrets: string[]): string {
  const parts = [error.code, error.command, error.response ?? error.message].filter(Boolean);
  let text = oneLine(parts.join(": "));
  for (const secret of secrets) text = text.split(secret).join("***");
  return truncate(text, 500);
}

function isRecipientRefusal(error: SmtpError): boolean {
  const refusals = error.rejectedErrors?.length ? error.rejectedErrors : [error];
  return refusals.every(
    (refusal) =>
      refusal.command === "RCPT TO" &&
      refusal.responseCode !== undefined &&
      permanentRecipientCodes.has(refusal.responseCode),
  );
}

/** Sorts a nodemailer failure into permanent (bad recipient) or temporary (anything else). */
export function classifySmtpError(
  error: unknown,
  smtpUrl: string,
): PermanentSendError | TemporarySendError {
  const smtp = (error instanceof Error ? error : new Error(String(error))) as SmtpError;
  const reason = describeSmtpError(smtp, secretsOf(smtpUrl));
  if (smtp.code === "EENVELOPE" && isRecipientRefusal(smtp)) {
    return new PermanentSendError(`Recipient refused: ${reason}`);
  }
  return new TemporarySendError(`SMTP: ${reason}`);
}

function headerValues(headers: Record<string, string> | undefined): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers ?? {})
      .filter(([name]) => /^[A-Za-z0-9-]{1,64}$/.test(name))
      .map(([name, value]) => [name, truncate(oneLine(value), 2000)]),
  );
}

/** The address of "Name <address>" or of a bare address. */
function addressOf(mailbox: string): string {
  return (/<([^<>]+)>\s*$/.exec(mailbox)?.[1] ?? mailbox).trim();
}

/**
 * The e-mail channel. `skipReason()` is "SMTP_URL is not set" without a URL; `send` returns
 * the SMTP Message-ID as `providerMessageId`; `close` ends the pooled connections.
 * @throws (from send) PermanentSendError for a bad or refused recipient, TemporarySendError
 *   for everything else; neither message contains the SMTP password.
 */
export function createEmailChannel(settings: EmailChannelSettings): Channel<"email"> {
  const { smtpUrl } = settings;
  const timeout = settings.timeoutMs ?? 10_000;
  const transport = smtpUrl
    ? nodemailer.createTransport({
        url: smtpUrl,
        pool: true,
        maxConnections: settings.maxConnections ?? SMTP_POOL_CONNECTIONS,
        connectionTimeout: timeout,
        greetingTimeout: timeout,
        socketTimeout: timeout,
        disableFileAccess: true,
        disableUrlAccess: true,
      })
    : null;
  const envelopeFrom = addressOf(settings.mailFrom);

  return {
    name: "email",
    skipReason: () => (transport ? null : smtpNotSetReason),
    async send(recipient: string, email: RenderedEmail): Promise<SendResult> {
      if (!transport || !smtpUrl) throw new TemporarySendError(smtpNotSetReason);
      if (!isSendableAddress(recipient)) {
        throw new PermanentSendError(
          `Not a single e-mail address: ${truncate(oneLine(recipient), 100)}`,
        );
      }
      try {
        const info = await transport.sendMail({
          from: settings.mailFrom,
          replyTo: settings.replyTo,
          to: { name: "", address: recipient },
          envelope: {
            from: envelopeFrom,
            to: [recipient],
          },
          subject: truncate(oneLine(email.subject), 500),
          text: email.text,
          html: email.html,
          headers: headerValues(email.headers),
        });
        return { providerMessageId: info.messageId ?? null };
      } catch (error) {
        throw classifySmtpError(error, smtpUrl);
      }
    },
    async close() {
      transport?.close();
    },
  };
}
