/**
 * A booking reaches the visitor on every configured channel, once (docs/messages.md): the
 * booking writes its outbox rows, the dispatcher (real renderers, the e-mail channel to a real
 * SMTP server on 127.0.0.1, the WhatsApp channel to the fake Graph API on loopback) sends them,
 * and each channel delivers exactly one confirmation with the booking's tracking link. Running
 * the dispatcher again sends nothing more. PGlite, or PostgreSQL with TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { seedDatabase } from "~/db/seed.server";
import { defaultPickupConfig } from "~/features/pickups/pickup-config";
import { bookPickup } from "~/features/pickups/pickups.server";
import { idempotencyKey } from "~/utils/codes.server";
import { testDatabaseForFile } from "../db";
import { type FakeWhatsApp, startFakeWhatsApp } from "../support/fake-whatsapp";
import { dispatchThroughRealChannels } from "../support/outbox-fixtures";
import { type SmtpTestServer, startSmtpTestServer } from "../support/smtp-test-server";

const handle = testDatabaseForFile();
let smtp: SmtpTestServer;
let whatsapp: FakeWhatsApp;
const site = {
  publicUrl: "https://shop.example",
  shopName: "Scrap & Sprout",
  supportEmail: "support@shop.example",
};

beforeAll(async () => {
  await seedDatabase(handle.db);
  smtp = await startSmtpTestServer();
  whatsapp = await startFakeWhatsApp();
});
afterAll(async () => {
  await smtp.close();
  await whatsapp.close();
});

it("one confirmation per channel, each with the tracking link of the booking", async () => {
  const booked = await bookPickup(
    handle.db,
    {
      name: "Ravi Kumar",
      email: "ravi.delivery@example.com",
      phone: "+919845012345",
      addressLine1: "4 Residency Road",
      addressLine2: "Flat 2B",
      city: "Bengaluru",
      pinCode: "560025",
      pickupDate: "2026-11-25",
      pickupTime: "11:00",
      reward: "coupon",
      idempotencyKey: idempotencyKey(),
      items: [],
    },
    new Date("2026-11-23T04:00:00.000Z"),
    defaultPickupConfig,
  );
  // Twice: nothing is due twice.
  await dispatchThroughRealChannels({ db: handle.db, smtpUrl: smtp.url, whatsapp, site, runs: 2 });
  const link = `${site.publicUrl}/pickups/${booked.trackingToken}`;

  const mails = smtp.received.filter((mail) =>
    mail.envelopeTo.includes("ravi.delivery@example.com"),
  );
  expect(mails).toHaveLength(1);
  expect(mails[0]?.header("subject")).toContain(booked.reference);
  expect(mails[0]?.text).toContain(link);
  expect(mails[0]?.header("reply-to")).toContain(site.supportEmail);

  const chats = whatsapp.requests.filter((request) => request.body.to === "919845012345");
  expect(chats).toHaveLength(1);
  expect(chats[0]?.body.template?.name).toBe("pickup_booked_v1");
  expect(chats[0]?.texts.join(" ")).toContain(link);
});
