/**
 * End to end through the outbox (docs/messages.md "E-mail"): a message written with
 * enqueueMessage, the dispatcher, the e-mail channel and a real SMTP server on 127.0.0.1.
 * Backoff is shortened through the dispatcher's options. PGlite, or PostgreSQL with
 * TEST_DATABASE_URL.
 */
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { enqueueMessage } from "~/db/outbox.server";
import { type Message, messages } from "~/db/schema/messages";
import type { Channel } from "~/features/messages/channel";
import { createDispatcher, type Dispatcher } from "~/features/messages/dispatcher.server";
import { createEmailChannel } from "~/features/messages/email-channel";
import { renderForChannel } from "~/features/messages/templates";
import { createWhatsAppChannel } from "~/features/messages/whatsapp-channel";
import { sampleParams, testSite } from "../support/factories/message-params";
import { waitFor } from "../support/factories/outbox";
import { type SmtpTestServer, startSmtpTestServer } from "../support/fakes/smtp-server";
import { testDatabaseForFile } from "../support/processes/test-database";

const handle = testDatabaseForFile();
let smtp: SmtpTestServer;
const running: { dispatcher: Dispatcher; email: Channel<"email"> }[] = [];

beforeAll(async () => {
  smtp = await startSmtpTestServer();
});
afterAll(async () => {
  await smtp.close();
});
beforeEach(async () => {
  await handle.db.delete(messages);
  smtp.received.splice(0);
});
afterEach(async () => {
  for (const { dispatcher, email } of running.splice(0)) {
    await dispatcher.stop();
    await email.close?.();
  }
});

function startDispatcher(smtpUrl: string | null = smtp.url): Dispatcher {
  const email = createEmailChannel({
    smtpUrl,
    mailFrom: "Scrap & Sprout <no-reply@shop.example>",
    replyTo: testSite.supportEmail,
  });
  const dispatcher = createDispatcher({
    db: handle.db,
    channels: { email, whatsapp: createWhatsAppChannel(null) },
    render: {
      email: (row) => renderForChannel("email", row, testSite),
      whatsapp: (row) => renderForChannel("whatsapp", row, testSite),
    },
    // Rows here are enqueued at the database's now(), and retried in real time.
    clock: "database",
    backoff: () => 100,
    maxAttempts: 6,
    pollMs: 20,
    secrets: ["secret-password"],
    logger: { info: () => {}, warn: () => {} },
  });
  running.push({ dispatcher, email });
  dispatcher.start();
  return dispatcher;
}

async function bookingMessage(dedupeKey = "pickup:42:booked"): Promise<Message> {
  await enqueueMessage(handle.db, {
    template: "pickup_booked",
    to: { email: "asha@example.com" },
    params: sampleParams.pickup_booked,
    dedupeKey,
    entity: { type: "pickup", id: 42 },
  });
  const [row] = await handle.db.select().from(messages).where(eq(messages.dedupeKey, dedupeKey));
  if (!row) throw new Error("no outbox row");
  return row;
}

async function rowOf(id: number): Promise<Message> {
  const [row] = await handle.db.select().from(messages).where(eq(messages.id, id));
  if (!row) throw new Error(`no row ${id}`);
  return row;
}

async function settled(id: number): Promise<Message> {
  await waitFor(async () => (await rowOf(id)).status !== "pending", 20_000, `row ${id} to settle`);
  return rowOf(id);
}

describe("the outbox over SMTP", () => {
  it("an SMTP server that refuses the first two attempts gets the message on the third", async () => {
    const row = await bookingMessage();
    const attemptsBefore = smtp.attempts();
    smtp.refuseNext(2, { code: 451, stage: "data", message: "Greylisted, try again" });
    startDispatcher();

    const sent = await settled(row.id);
    expect(sent.status).toBe("sent");
    expect(sent.attempts).toBe(3);
    expect(smtp.attempts() - attemptsBefore).toBe(3);
    expect(smtp.received).toHaveLength(1);
    const [message] = smtp.received;
    expect(message?.envelopeTo).toEqual(["asha@example.com"]);
    expect(message?.header("subject")).toContain("PU-4M8TQ2");
    expect(message?.text).toContain("https://shop.example/pickups/tok_abc123");
    expect(message?.header("message-id")).toBe(sent.providerMessageId);
    expect(sent.sentAt).toBeInstanceOf(Date);
  });

  it("a recipient the server refuses for good ends failed after one attempt, with the reason", async () => {
    const row = await bookingMessage();
    smtp.refuseNext(1, { code: 550, stage: "rcpt", message: "No such user here" });
    startDispatcher();
    const failed = await settled(row.id);
    expect(failed.status).toBe("failed");
    expect(failed.attempts).toBe(1);
    expect(failed.lastError).toContain("550");
    expect(failed.lastError).toContain("No such user here");
    expect(smtp.received).toHaveLength(0);
  });

  it("without SMTP_URL the e-mail is skipped with that reason", async () => {
    const row = await bookingMessage();
    startDispatcher(null);
    const skipped = await settled(row.id);
    expect(skipped.status).toBe("skipped");
    expect(skipped.lastError).toBe("SMTP_URL is not set");
    expect(skipped.attempts).toBe(0);
  });
});
