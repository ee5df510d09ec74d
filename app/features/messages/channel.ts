/**
 * The two ways a message leaves the shop (docs/messages.md): e-mail over SMTP and WhatsApp
 * template messages through the Cloud API. The dispatcher renders an outbox row into the
 * channel's content and hands it to `send`; the channel says whether a failure is worth a retry.
 */
import type { MessageChannel } from "~/db/schema/messages";

/** An e-mail ready to send: plain text and simple HTML (no remote images), extra headers. */
export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
  /** e.g. List-Unsubscribe and List-Unsubscribe-Post for the newsletter (RFC 8058). */
  headers?: Record<string, string>;
}

/** A WhatsApp template message: an approved template, its language and body parameters. */
export interface RenderedWhatsApp {
  templateName: string;
  /** WhatsApp language code: en, hi, kn. */
  languageCode: string;
  bodyParameters: string[];
  /**
   * An authentication template's copy-code button: the code again, as the button's parameter
   * (https://developers.facebook.com/docs/whatsapp/business-management-api/authentication-templates).
   */
  copyCode?: string;
}

export interface RenderedByChannel {
  email: RenderedEmail;
  whatsapp: RenderedWhatsApp;
}

/** What the provider said when it accepted the message. */
export interface SendResult {
  providerMessageId: string | null;
}

/** The provider refused this message for good (a bad address or number): no retry. */
export class PermanentSendError extends Error {
  override name = "PermanentSendError";
}

/** A failure worth retrying (down, timeout, 4xx/5xx of the server, 429). */
export class TemporarySendError extends Error {
  override name = "TemporarySendError";
  constructor(
    message: string,
    /** The provider's Retry-After, when it gave one. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

export interface Channel<C extends MessageChannel = MessageChannel> {
  readonly name: C;
  /** Why this channel cannot send (e.g. "SMTP_URL is not set"), or null when it can. */
  skipReason(): string | null;
  /**
   * Sends one message.
   * @throws PermanentSendError or TemporarySendError; anything else counts as temporary.
   */
  send(recipient: string, content: RenderedByChannel[C]): Promise<SendResult>;
  /** Closes pooled connections at shutdown. */
  close?(): Promise<void>;
}
