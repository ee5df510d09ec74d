/**
 * `npm run bench:messages` (docs/messages.md "E-mail"): messages per second through the e-mail
 * channel (pooled nodemailer, SMTP_POOL_CONNECTIONS connections) to a local smtp-server on
 * 127.0.0.1, one message in flight at a time and all in flight at once, rendered from the booking template; then the
 * whole path: N outbox rows sent by one dispatcher (claim, render, send, record) on embedded
 * PGlite, or on BENCH_DATABASE_URL (an empty, disposable PostgreSQL database). Server and
 * client share this process (and its CPU), so the figure is a floor for a real relay on
 * another machine. MESSAGES=N changes the count (default 500). Prints figures; never fails a
 * build.
 */
import { eq } from "drizzle-orm";
import { openDatabase } from "~/db/client.server";
import { messages } from "~/db/schema/messages";
import { createDispatcher } from "~/features/messages/dispatcher.server";
import { createEmailChannel, SMTP_POOL_CONNECTIONS } from "~/features/messages/email-channel";
import { renderEmail, renderForChannel } from "~/features/messages/templates";
import { createWhatsAppChannel } from "~/features/messages/whatsapp-channel";
import { sampleParams, testSite } from "../tests/support/factories/message-params";
import { type SmtpTestServer, startSmtpTestServer } from "../tests/support/fakes/smtp-server";

const MESSAGES = Number(process.env.MESSAGES ?? 500);

/** N outbox rows through one dispatcher and the e-mail channel: messages/s, claim to sent. */
async function dispatcherFigure(smtp: SmtpTestServer): Promise<void> {
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const handle = databaseUrl
    ? await openDatabase({ databaseUrl, poolSize: 4 })
    : await openDatabase({ memory: true });
  const email = createEmailChannel({
    smtpUrl: smtp.url,
    mailFrom: "Scrap & Sprout <no-reply@shop.example>",
    replyTo: testSite.supportEmail,
  });
  try {
    const rows = Array.from({ length: MESSAGES }, (_, i) => ({
      channel: "email" as const,
      template: "pickup_booked",
      recipient: `outbox${i}@example.com`,
      params: sampleParams.pickup_booked,
      dedupeKey: `bench:${Date.now()}:${i}`,
    }));
    await handle.db.insert(messages).values(rows);
    const before = smtp.received.length;
    const dispatcher = createDispatcher({
      db: handle.db,
      channels: { email, whatsapp: createWhatsAppChannel(null) },
      render: {
        email: (row) => renderForChannel("email", row, testSite),
        whatsapp: (row) => renderForChannel("whatsapp", row, testSite),
      },
      clock: "database",
      pollMs: 20,
      logger: { info: () => {}, warn: () => {} },
    });
    const started = performance.now();
    dispatcher.start();
    await smtp.waitFor(before + MESSAGES, 600_000);
    const seconds = (performance.now() - started) / 1000;
    await dispatcher.stop();
    const sent = await handle.db.$count(messages, eq(messages.status, "sent"));
    const where = databaseUrl ? "PostgreSQL" : "PGlite";
    console.log(
      `dispatcher (${where}, one dispatcher): ${MESSAGES} outbox rows sent in ${seconds.toFixed(2)} s, ${(MESSAGES / seconds).toFixed(0)} messages/s (${sent} rows 'sent')`,
    );
  } finally {
    await email.close?.();
    await handle.close();
  }
}

async function run(): Promise<void> {
  const smtp = await startSmtpTestServer();
  const channel = createEmailChannel({
    smtpUrl: smtp.url,
    mailFrom: "Scrap & Sprout <no-reply@shop.example>",
    replyTo: testSite.supportEmail,
  });
  try {
    const renderStart = performance.now();
    for (let i = 0; i < MESSAGES; i++) {
      renderEmail(
        "pickup_booked",
        { ...sampleParams.pickup_booked, name: `Reader ${i}` },
        "en",
        testSite,
      );
    }
    const renderMs = performance.now() - renderStart;
    console.log(
      `render: ${MESSAGES} e-mails in ${renderMs.toFixed(0)} ms (${((MESSAGES / renderMs) * 1000).toFixed(0)}/s)`,
    );
    const email = renderEmail("pickup_booked", sampleParams.pickup_booked, "en", testSite);

    let started = performance.now();
    for (let i = 0; i < MESSAGES; i++) await channel.send(`seq${i}@example.com`, email);
    let seconds = (performance.now() - started) / 1000;
    console.log(
      `one at a time: ${MESSAGES} messages in ${seconds.toFixed(2)} s, ${(MESSAGES / seconds).toFixed(0)} messages/s`,
    );

    started = performance.now();
    await Promise.all(
      Array.from({ length: MESSAGES }, (_, i) => channel.send(`par${i}@example.com`, email)),
    );
    seconds = (performance.now() - started) / 1000;
    console.log(
      `all at once (pool of ${SMTP_POOL_CONNECTIONS}): ${MESSAGES} messages in ${seconds.toFixed(2)} s, ${(MESSAGES / seconds).toFixed(0)} messages/s`,
    );
    await smtp.waitFor(2 * MESSAGES);
    console.log(`received by the SMTP server: ${smtp.received.length}`);
    await dispatcherFigure(smtp);
  } finally {
    await channel.close?.();
    await smtp.close();
  }
}

run().catch((error: unknown) => {
  console.log(`bench:messages did not finish: ${error instanceof Error ? error.message : error}`);
});
