/**
 * One outbox dispatcher in its own process, for the crash and two-server tests
 * (tests/integration/messages-crash.test.ts): `tsx tests/support/processes/dispatcher.ts`.
 * It sends WhatsApp messages through the real channel to WHATSAPP_API_BASE (the fake), with
 * the row's id as the first body parameter so the fake can count deliveries per message.
 *
 * Environment: DISPATCHER_DATABASE_URL (PostgreSQL) or DISPATCHER_DATA_DIR (PGlite),
 * WHATSAPP_API_BASE, WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID, DISPATCHER_ID, LEASE_MS,
 * BATCH_SIZE, POLL_MS, CONCURRENCY (WhatsApp sends in flight, default 5). Prints its clock and
 * "ready" once polling; SIGTERM stops it gracefully, prints
 * `{"stopped":true,"sent":N}` and exits 0.
 */
import { openDatabase } from "~/db/client.server";
import type { Channel } from "~/features/messages/channel";
import { createDispatcher } from "~/features/messages/dispatcher.server";
import { createWhatsAppChannel } from "~/features/messages/whatsapp-channel";

const environment = process.env;
const databaseUrl = environment.DISPATCHER_DATABASE_URL;
const dataDir = environment.DISPATCHER_DATA_DIR;
if (!databaseUrl && !dataDir) throw new Error("DISPATCHER_DATABASE_URL or DISPATCHER_DATA_DIR");

const handle = await openDatabase(
  databaseUrl ? { databaseUrl, poolSize: 2 } : { dataDir: dataDir as string },
);
const noEmail: Channel<"email"> = {
  name: "email",
  skipReason: () => "e-mail is not used in this test",
  send: () => Promise.reject(new Error("e-mail is not used in this test")),
};
const log = {
  info: (details: object, message: string) =>
    process.stdout.write(`${JSON.stringify({ level: "info", message, ...details })}\n`),
  warn: (details: object, message: string) =>
    process.stdout.write(`${JSON.stringify({ level: "warn", message, ...details })}\n`),
};
let sent = 0;
const dispatcher = createDispatcher({
  db: handle.db,
  id: environment.DISPATCHER_ID,
  channels: {
    email: noEmail,
    whatsapp: createWhatsAppChannel({
      token: environment.WHATSAPP_TOKEN ?? "",
      phoneNumberId: environment.WHATSAPP_PHONE_NUMBER_ID ?? "",
      apiBase: environment.WHATSAPP_API_BASE ?? "",
    }),
  },
  render: {
    email: () => {
      throw new Error("e-mail is not used in this test");
    },
    whatsapp: (row) => ({
      templateName: row.template,
      languageCode: row.language,
      bodyParameters: [String(row.id)],
    }),
  },
  clock: "database",
  leaseMs: Number(environment.LEASE_MS ?? 60_000),
  batchSize: Number(environment.BATCH_SIZE ?? 20),
  concurrency: { whatsapp: Number(environment.CONCURRENCY ?? 5) },
  pollMs: Number(environment.POLL_MS ?? 1000),
  logger: log,
  onCycle: (cycle) => {
    sent += cycle.sent;
  },
});

// The dispatcher's timers are unref'd; this keeps the process alive until it is told to stop.
const alive = setInterval(() => {}, 60_000);
process.once("SIGTERM", () => {
  dispatcher
    .stop()
    .then(() => handle.close())
    .then(() => {
      process.stdout.write(`${JSON.stringify({ stopped: true, sent })}\n`);
      clearInterval(alive);
      process.exit(0);
    });
});
dispatcher.start();
// The process's own clock (moved by libfaketime in the clock-skew test), then "ready".
process.stdout.write(`${JSON.stringify({ clock: new Date().toISOString() })}\nready\n`);
