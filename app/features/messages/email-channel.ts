/**
 * TEMPORARY stand-in, replaced by the e-mail channel of docs/messages.md "E-mail" when that
 * branch is merged (take the other version whole). It only has the same exports and signature
 * so the server wiring compiles: `createEmailChannel(settings)` over nodemailer, every failure
 * counted as temporary.
 */
import nodemailer from "nodemailer";
import { type Channel, type RenderedEmail, TemporarySendError } from "./channel";

export interface EmailChannelSettings {
  /** smtp://user:pass@host:587 or smtps://…; null: every e-mail is skipped. */
  smtpUrl: string | null;
  mailFrom: string;
  /** Reply-To: the shop's support address. */
  replyTo: string;
  timeoutMs?: number;
  maxConnections?: number;
}

export const smtpNotSetReason = "SMTP_URL is not set";

/** The e-mail channel (temporary stand-in, see the module comment). */
export function createEmailChannel(settings: EmailChannelSettings): Channel<"email"> {
  const transport = settings.smtpUrl
    ? nodemailer.createTransport({ url: settings.smtpUrl, pool: true })
    : null;
  return {
    name: "email",
    skipReason: () => (transport ? null : smtpNotSetReason),
    async send(recipient: string, content: RenderedEmail) {
      if (!transport) throw new TemporarySendError(smtpNotSetReason);
      try {
        const info = await transport.sendMail({
          from: settings.mailFrom,
          to: recipient,
          replyTo: settings.replyTo,
          subject: content.subject,
          text: content.text,
          html: content.html,
          headers: content.headers,
        });
        return { providerMessageId: info.messageId ?? null };
      } catch (error) {
        throw new TemporarySendError((error as Error).message);
      }
    },
    async close() {
      transport?.close();
    },
  };
}
