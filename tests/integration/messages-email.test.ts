/**
 * The e-mail channel against a real SMTP server on 127.0.0.1 (docs/messages.md "E-mail"):
 * what arrives, how refusals and outages are sorted, header injection, throughput.
 */
import net from "node:net";
import nodemailer from "nodemailer";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { PermanentSendError, TemporarySendError } from "~/features/messages/channel";
import {
  classifySmtpError,
  createEmailChannel,
  type EmailChannelSettings,
} from "~/features/messages/email-channel";
import { renderEmail } from "~/features/messages/templates";
import { sampleParams, testSite } from "../support/factories/message-params";
import { type SmtpTestServer, startSmtpTestServer } from "../support/fakes/smtp-server";

let smtp: SmtpTestServer;
const channels: { close?: () => Promise<void> }[] = [];

function channel(overrides: Partial<EmailChannelSettings> = {}) {
  const created = createEmailChannel({
    smtpUrl: smtp.url,
    mailFrom: "Scrap & Sprout <no-reply@shop.example>",
    replyTo: testSite.supportEmail,
    ...overrides,
  });
  channels.push(created);
  return created;
}

const booked = () => renderEmail("pickup_booked", sampleParams.pickup_booked, "en", testSite);

beforeAll(async () => {
  smtp = await startSmtpTestServer();
});
afterEach(async () => {
  await Promise.all(channels.splice(0).map((c) => c.close?.()));
  smtp.received.splice(0);
});
afterAll(async () => {
  await smtp.close();
});

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === "object" && address ? address.port : 0;
}

describe("the e-mail channel", () => {
  it("is skipped with a reason without SMTP_URL", async () => {
    const none = channel({ smtpUrl: null });
    expect(none.skipReason()).toBe("SMTP_URL is not set");
    expect(channel().skipReason()).toBeNull();
    await expect(none.send("asha@example.com", booked())).rejects.toThrow(TemporarySendError);
  });

  it("delivers a rendered booking: From, Reply-To, To, Subject, both parts, the tracking link", async () => {
    const result = await channel().send("asha@example.com", booked());
    const [message] = await smtp.waitFor(1);
    if (!message) throw new Error("nothing arrived");
    expect(message.envelopeFrom).toBe("no-reply@shop.example");
    expect(message.envelopeTo).toEqual(["asha@example.com"]);
    expect(message.user).toBe("mailer");
    expect(message.header("from")).toBe('"Scrap & Sprout" <no-reply@shop.example>');
    expect(message.header("reply-to")).toBe("support@shop.example");
    expect(message.header("to")).toBe("asha@example.com");
    expect(message.header("subject")).toBe("Pickup PU-4M8TQ2 booked for Mon, 23 Nov, 11 am – 1 pm");
    expect(message.header("message-id")).toBe(result.providerMessageId);
    expect(message.text).toContain("https://shop.example/pickups/tok_abc123");
    expect(message.text).toContain("Hello Asha Rao,");
    expect(message.html).toContain('href="https://shop.example/pickups/tok_abc123"');
    expect(message.html).toContain("<!doctype html>");
  });

  it("sends the newsletter's one-click unsubscribe headers", async () => {
    const email = renderEmail("newsletter", sampleParams.newsletter, "en", testSite);
    await channel().send("reader@example.com", email);
    const [message] = await smtp.waitFor(1);
    expect(message?.header("list-unsubscribe")).toBe(
      "<https://shop.example/unsubscribe/tok_unsub789>, <mailto:support@shop.example?subject=unsubscribe>",
    );
    expect(message?.header("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    expect(message?.text).toContain("Unsubscribe: https://shop.example/unsubscribe/tok_unsub789");
  });
});

describe("failures", () => {
  it("a 4xx answer is temporary, and the next message goes through", async () => {
    const mail = channel();
    smtp.refuseNext(1, { code: 451, stage: "data", message: "Local problem" });
    await expect(mail.send("asha@example.com", booked())).rejects.toThrow(TemporarySendError);
    smtp.refuseNext(1, { code: 450, stage: "rcpt", message: "Mailbox busy" });
    const busy = await mail.send("asha@example.com", booked()).catch((e: unknown) => e);
    expect(busy).toBeInstanceOf(TemporarySendError);
    expect(String(busy)).toContain("450");
    await mail.send("asha@example.com", booked());
    expect(await smtp.waitFor(1)).toHaveLength(1);
  });

  it.each([550, 551, 553])("a %i answer about the recipient is permanent", async (code) => {
    smtp.refuseNext(1, { code, stage: "rcpt", message: "No such user" });
    const error = await channel()
      .send("nobody@example.com", booked())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermanentSendError);
    expect(String(error)).toContain(String(code));
    expect(smtp.received).toHaveLength(0);
  });

  it("a 5xx answer to the message (not the recipient) is temporary", async () => {
    smtp.refuseNext(1, { code: 554, stage: "data", message: "Transaction failed" });
    await expect(channel().send("asha@example.com", booked())).rejects.toThrow(TemporarySendError);
  });

  it("a server that is down is temporary, and the error never shows the password", async () => {
    const port = await freePort();
    const started = performance.now();
    const error = await channel({ smtpUrl: `smtp://mailer:s3cret-pw@127.0.0.1:${port}` })
      .send("asha@example.com", booked())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TemporarySendError);
    expect(String(error)).toMatch(/ECONNREFUSED|ECONNECTION|ESOCKET/);
    expect(String(error)).not.toContain("s3cret-pw");
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it("a server that never greets times out as temporary", async () => {
    const sockets: net.Socket[] = [];
    const silent = net.createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const address = silent.address();
    const port = typeof address === "object" && address ? address.port : 0;
    try {
      const error = await channel({ smtpUrl: `smtp://127.0.0.1:${port}`, timeoutMs: 300 })
        .send("asha@example.com", booked())
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TemporarySendError);
      expect(String(error)).toMatch(/ETIMEDOUT|timeout/i);
    } finally {
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });

  it("scrubs the password, plain and URL-encoded, from any error text", () => {
    const url = "smtp://mailer:p%40ss%20word@mail.example:587";
    const error = Object.assign(new Error("Invalid login: p@ss word and p%40ss%20word"), {
      code: "EAUTH",
    });
    const sorted = classifySmtpError(error, url);
    expect(sorted).toBeInstanceOf(TemporarySendError);
    expect(sorted.message).not.toContain("p@ss word");
    expect(sorted.message).not.toContain("p%40ss%20word");
  });
});

describe("bad input", () => {
  it("a name or subject with CR/LF adds no header and no recipient", async () => {
    const evil = "x\r\nBcc: evil@example.com";
    const mail = channel();
    const email = renderEmail(
      "pickup_booked",
      { ...sampleParams.pickup_booked, name: evil, reference: evil },
      "en",
      testSite,
    );
    await mail.send("asha@example.com", email);
    await mail.send("asha@example.com", {
      ...booked(),
      subject: `Hello${evil}`,
      headers: { "X-Note": `a${evil}`, "Bad\r\nName": "x" },
    });
    const received = await smtp.waitFor(2);
    for (const message of received) {
      expect(message.envelopeTo).toEqual(["asha@example.com"]);
      expect(message.headers.map(([name]) => name)).not.toContain("bcc");
      expect(message.raw).not.toMatch(/^Bcc:/im);
      expect(message.headers.filter(([name]) => name === "to")).toHaveLength(1);
    }
    expect(received[1]?.header("subject")).toBe("Hellox Bcc: evil@example.com");
  });

  it("nodemailer by itself also folds CR/LF in the subject and headers (second line of defence)", async () => {
    const transport = nodemailer.createTransport({ url: smtp.url });
    try {
      await transport.sendMail({
        from: "no-reply@shop.example",
        to: "asha@example.com",
        subject: "x\r\nBcc: evil@example.com",
        headers: { "X-Note": "y\r\nBcc: evil@example.com" },
        text: "hello",
      });
    } finally {
      transport.close();
    }
    const [message] = await smtp.waitFor(1);
    expect(message?.envelopeTo).toEqual(["asha@example.com"]);
    expect(message?.headers.map(([name]) => name)).not.toContain("bcc");
    expect(message?.header("subject")).toBe("x Bcc: evil@example.com");
  });

  it("a recipient that is not one address is refused before SMTP, as permanent", async () => {
    const mail = channel();
    const attemptsBefore = smtp.attempts();
    for (const recipient of [
      "asha@example.com\r\nBcc: evil@example.com",
      "asha@example.com, evil@example.com",
      "Asha <asha@example.com>",
      `${"a".repeat(1024 * 1024)}@example.com`,
      "",
    ]) {
      await expect(mail.send(recipient, booked())).rejects.toThrow(PermanentSendError);
    }
    expect(smtp.attempts()).toBe(attemptsBefore);
    expect(smtp.received).toHaveLength(0);
  });

  it("a 1 MB name is cut, sent and arrives small", async () => {
    const huge = "N".repeat(1024 * 1024);
    const email = renderEmail(
      "pickup_booked",
      { ...sampleParams.pickup_booked, name: huge },
      "en",
      testSite,
    );
    await channel().send("asha@example.com", email);
    const [message] = await smtp.waitFor(1);
    expect(message?.raw.length).toBeLessThan(20_000);
    expect(message?.text).toContain(`Hello ${"N".repeat(499)}…,`);
  });
});

describe("throughput", () => {
  it("sends 500 messages through one pooled channel", async () => {
    const mail = channel();
    const email = booked();
    const started = performance.now();
    const results = await Promise.all(
      Array.from({ length: 500 }, (_, i) => mail.send(`reader${i}@example.com`, email)),
    );
    const seconds = (performance.now() - started) / 1000;
    const received = await smtp.waitFor(500);
    console.info(
      `e-mail channel: 500 messages in ${seconds.toFixed(2)} s, ${(500 / seconds).toFixed(0)} messages/s`,
    );
    expect(received).toHaveLength(500);
    expect(new Set(results.map((r) => r.providerMessageId)).size).toBe(500);
    expect(new Set(received.flatMap((m) => m.envelopeTo)).size).toBe(500);
  });
});
