/**
 * A booking reaches the visitor on every configured channel, once, and its reminders only while
 * they still make sense (docs/messages.md "Too late"): the booking writes its outbox rows, the
 * dispatcher (real renderers, the e-mail channel to a real SMTP server on 127.0.0.1, the
 * WhatsApp channel to the fake Graph API on loopback) sends them on the test's clock, and each
 * channel delivers exactly one confirmation with the booking's tracking link. A dispatcher that
 * starts after a reminder's moment skips it as 'Too late'; a pickup weighed and confirmed before
 * its date never gets its reminders. Every date is computed from the test's clock, so the file
 * passes on any day. PGlite, or PostgreSQL with TEST_DATABASE_URL.
 */
import { and, asc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { TOO_LATE } from "~/db/outbox.server";
import { type Message, messages } from "~/db/schema/messages";
import { seedDatabase } from "~/db/seed.server";
import { confirmWeighSheetByToken } from "~/features/exchange/confirmation.server";
import { REMINDERS_WEIGHED } from "~/features/exchange/exchange-messages.server";
import { saveWeighSheet } from "~/features/exchange/weigh-sheet.server";
import { defaultPickupConfig } from "~/features/pickups/pickup-config";
import { reminderTimes } from "~/features/pickups/pickup-messages.server";
import { bookPickup } from "~/features/pickups/pickups.server";
import { idempotencyKey } from "~/utils/codes.server";
import { addDays, kolkataInstant, todayInKolkata } from "~/utils/dates";
import { exchangeDefaults } from "~/utils/env.server";
import { dispatchThroughRealChannels } from "../support/factories/outbox";
import { signedInStaff } from "../support/factories/staff";
import { firstMaterialId } from "../support/factories/weighed-pickups";
import { type SmtpTestServer, startSmtpTestServer } from "../support/fakes/smtp-server";
import { type FakeWhatsApp, startFakeWhatsApp } from "../support/fakes/whatsapp";
import { testDatabaseForFile } from "../support/processes/test-database";

const handle = testDatabaseForFile();
let smtp: SmtpTestServer;
let whatsapp: FakeWhatsApp;
const site = {
  publicUrl: "https://shop.example",
  shopName: "Scrap & Sprout",
  supportEmail: "support@shop.example",
};
// The clock every booking of this file is made on: 09:30 Asia/Kolkata, today.
const bookedAt = kolkataInstant(todayInKolkata(new Date()), "09:30");
const config = { ...defaultPickupConfig, slotCapacity: 1000, openPickupsPerContact: 1000 };
let counter = 0;

beforeAll(async () => {
  await seedDatabase(handle.db);
  smtp = await startSmtpTestServer();
  whatsapp = await startFakeWhatsApp();
});
afterAll(async () => {
  await smtp.close();
  await whatsapp.close();
});
beforeEach(() => {
  smtp.received.splice(0);
  whatsapp.requests.length = 0;
});

/** Books a pickup `daysAhead` days after the clock's day, 11 am – 1 pm, at `bookedAt`. */
async function book(daysAhead: number) {
  counter += 1;
  const email = `ravi.delivery${counter}@example.com`;
  const pickupDate = addDays(todayInKolkata(bookedAt), daysAhead);
  const booked = await bookPickup(
    handle.db,
    {
      name: "Ravi Kumar",
      email,
      phone: `+9198450123${String(counter).padStart(2, "0")}`,
      addressLine1: "4 Residency Road",
      addressLine2: "Flat 2B",
      city: "Bengaluru",
      pinCode: "560025",
      pickupDate,
      pickupTime: "11:00",
      reward: "coupon",
      idempotencyKey: idempotencyKey(),
      items: [],
    },
    bookedAt,
    config,
  );
  return { ...booked, email, pickupDate };
}

/** Runs the dispatcher `runs` times with its clock fixed at `at`. */
function dispatchAt(at: Date, runs = 1) {
  return dispatchThroughRealChannels({
    db: handle.db,
    smtpUrl: smtp.url,
    whatsapp,
    site,
    clock: () => at,
    runs,
  });
}

function mailsTo(email: string) {
  return smtp.received.filter((mail) => mail.envelopeTo.includes(email));
}

function remindersOf(pickupId: number): Promise<Message[]> {
  return handle.db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.entityType, "pickup"),
        eq(messages.entityId, String(pickupId)),
        like(messages.template, "pickup_reminder_%"),
      ),
    )
    .orderBy(asc(messages.id));
}

it("one confirmation per channel, each with the tracking link of the booking", async () => {
  const booked = await book(2);
  // Twice: nothing is due twice.
  await dispatchAt(new Date(bookedAt.getTime() + 60_000), 2);
  const link = `${site.publicUrl}/pickups/${booked.trackingToken}`;

  const mails = mailsTo(booked.email);
  expect(mails).toHaveLength(1);
  expect(mails[0]?.header("subject")).toContain(booked.reference);
  expect(mails[0]?.text).toContain(link);
  expect(mails[0]?.header("reply-to")).toContain(site.supportEmail);

  const chats = whatsapp.requests.filter((request) => request.texts.includes(link));
  expect(chats).toHaveLength(1);
  expect(chats[0]?.body.template?.name).toBe("pickup_booked_v1");
});

describe("reminders that are too late", () => {
  it("a dispatcher started after the slot began marks both reminders 'Too late' and sends neither", async () => {
    const booked = await book(2);
    const slotBegan = kolkataInstant(booked.pickupDate, "11:00");
    await dispatchAt(new Date(slotBegan.getTime() + 5 * 60_000));

    const mails = mailsTo(booked.email);
    expect(mails.map((mail) => mail.header("subject"))).toEqual([
      expect.stringContaining(`Pickup ${booked.reference} booked`),
    ]);
    const reminders = await remindersOf(booked.id);
    expect(reminders).toHaveLength(4);
    for (const row of reminders) {
      expect(row).toMatchObject({
        status: "skipped",
        lastError: TOO_LATE,
        sentAt: null,
        attempts: 0,
      });
    }
    expect(whatsapp.requests.map((request) => request.body.template?.name)).toEqual([
      "pickup_booked_v1",
    ]);
  });

  it("at 10:30 on the pickup day: the evening reminder is too late, the hour reminder goes", async () => {
    const booked = await book(2);
    await dispatchAt(
      new Date(reminderTimes(booked.pickupDate, "11:00").hour.getTime() + 30 * 60_000),
    );

    const subjects = mailsTo(booked.email).map((mail) => mail.header("subject") ?? "");
    expect(subjects).toHaveLength(2);
    expect(subjects.some((subject) => subject.includes("booked"))).toBe(true);
    const reminders = await remindersOf(booked.id);
    const byTemplate = (template: string) =>
      reminders.filter((row) => row.template === template).map((row) => row.status);
    expect(byTemplate("pickup_reminder_evening")).toEqual(["skipped", "skipped"]);
    expect(byTemplate("pickup_reminder_hour")).toEqual(["sent", "sent"]);
  });

  it("at 18:05 the evening before: the evening reminder goes, the hour reminder is not due yet", async () => {
    const booked = await book(2);
    const times = reminderTimes(booked.pickupDate, "11:00");
    await dispatchAt(new Date(times.evening.getTime() + 5 * 60_000));

    const reminders = await remindersOf(booked.id);
    const statuses = reminders.map((row) => `${row.template} ${row.status}`);
    expect(statuses.sort()).toEqual([
      "pickup_reminder_evening sent",
      "pickup_reminder_evening sent",
      "pickup_reminder_hour pending",
      "pickup_reminder_hour pending",
    ]);
    expect(mailsTo(booked.email)).toHaveLength(2);
  });
});

describe("a pickup collected before its date", () => {
  it("weighed and confirmed today for a pickup three days ahead: its reminders are skipped and never sent", async () => {
    const booked = await book(3);
    const { user } = await signedInStaff(handle.db, "admin");
    const actor = { id: user.id, name: "Meena", role: "admin" as const, email: user.email };
    const materialId = await firstMaterialId(handle.db);
    const visit = new Date(bookedAt.getTime() + 2 * 60 * 60_000);
    const settings = { ...exchangeDefaults };
    await saveWeighSheet(
      handle.db,
      booked.id,
      { lines: [{ materialId, grams: 20_000 }], plants: [], expectedVersion: 0 },
      actor,
      { settings, minimumKg: 15, now: visit },
    );
    await confirmWeighSheetByToken(handle.db, booked.trackingToken, 1, visit, settings);

    const reminders = await remindersOf(booked.id);
    expect(reminders).toHaveLength(4);
    for (const row of reminders) {
      expect(row).toMatchObject({ status: "skipped", lastError: REMINDERS_WEIGHED });
    }
    // On the pickup day, an hour before the slot, nothing about a reminder goes out.
    await dispatchAt(reminderTimes(booked.pickupDate, "11:00").hour);
    const subjects = mailsTo(booked.email).map((mail) => mail.header("subject") ?? "");
    expect(subjects.length).toBeGreaterThan(0);
    expect(subjects.filter((subject) => /^(Tomorrow|In about an hour)/.test(subject))).toEqual([]);
    expect((await remindersOf(booked.id)).every((row) => row.status === "skipped")).toBe(true);
  });
});
