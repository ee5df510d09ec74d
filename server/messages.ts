/**
 * The outbox dispatcher of this server process (docs/messages.md "The dispatcher"): the e-mail
 * and WhatsApp channels from the message settings, the templates' renderers, and the site's
 * name and support address. MESSAGES_DISPATCHER=off leaves pending rows alone (tests that
 * inspect them; a server that should only serve pages). The 07:00 digest row is queued by the
 * scheduler's 'daily-digest' job (server/scheduler.ts).
 */
import type { Database } from "~/db/client.server";
import { newsletterRecipientUnsubscribed } from "~/features/community/newsletter.server";
import { createDispatcher, type Dispatcher } from "~/features/messages/dispatcher.server";
import { createEmailChannel } from "~/features/messages/email-channel";
import { renderForChannel } from "~/features/messages/templates";
import { createWhatsAppChannel } from "~/features/messages/whatsapp-channel";
import { siteConfig } from "~/features/site/site-config";
import type { Env } from "~/utils/env.server";
import type { logger } from "~/utils/logger.server";
import { recordOutboxSend } from "~/utils/metrics.server";

/** Strings that must never reach `last_error` or the log: the WhatsApp token, SMTP credentials. */
function secretsOf(settings: Env["messages"]): string[] {
  const secrets: string[] = [];
  if (settings.whatsapp) secrets.push(settings.whatsapp.token);
  if (settings.smtpUrl) {
    try {
      const url = new URL(settings.smtpUrl);
      if (url.password) secrets.push(url.password, decodeURIComponent(url.password));
    } catch {
      // SMTP_URL was validated at start; an unparsable one has nothing to redact.
    }
  }
  return secrets;
}

/**
 * Starts the dispatcher over `db` unless MESSAGES_DISPATCHER=off.
 * @returns a stop function (stops the dispatcher, then closes the channels' connections), to
 *   call before the database closes.
 */
export function startMessageDispatcher(
  db: Database,
  config: Env,
  log: ReturnType<typeof logger>,
): () => Promise<void> {
  if (config.MESSAGES_DISPATCHER === "off") {
    log.info("the message dispatcher is off (MESSAGES_DISPATCHER=off)");
    return async () => {};
  }
  const settings = config.messages;
  const site = {
    publicUrl: settings.publicUrl,
    shopName: siteConfig.brandName,
    supportEmail: siteConfig.supportEmail,
  };
  const email = createEmailChannel({
    smtpUrl: settings.smtpUrl,
    mailFrom: settings.mailFrom,
    replyTo: siteConfig.supportEmail,
  });
  const whatsapp = createWhatsAppChannel(settings.whatsapp);
  const dispatcher: Dispatcher = createDispatcher({
    db,
    channels: { email, whatsapp },
    render: {
      email: (row) => renderForChannel("email", row, site),
      whatsapp: (row) => renderForChannel("whatsapp", row, site),
    },
    // The database's clock: every server decides due, lease and too late on the same clock,
    // whatever its own says (ADR 0022).
    clock: "database",
    secrets: secretsOf(settings),
    logger: log,
    onSend: (row, outcome) => recordOutboxSend(row.channel, outcome),
    // A newsletter whose reader unsubscribed after it was queued is not sent (docs/messages.md).
    skipIf: async (row) =>
      row.template === "newsletter" && (await newsletterRecipientUnsubscribed(db, row.recipient))
        ? "Unsubscribed"
        : null,
  });
  dispatcher.start();
  log.info(
    {
      dispatcher: dispatcher.id,
      email: email.skipReason() ?? "on",
      whatsapp: whatsapp.skipReason() ?? "on",
    },
    "message dispatcher started",
  );
  return async () => {
    await dispatcher.stop();
    await Promise.all([email.close?.(), whatsapp.close?.()]);
  };
}
