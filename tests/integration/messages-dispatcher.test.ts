/**
 * The outbox dispatcher against the fake WhatsApp Cloud API on loopback (docs/messages.md
 * "The dispatcher"): claim, send, record; skip, retry with backoff, Retry-After, permanent
 * failures, the attempt limit, due times, leases held by another dispatcher, graceful stop,
 * a failing database, and the throughput of one dispatcher.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { TOO_LATE } from "~/db/outbox.server";
import { messages } from "~/db/schema/messages";
import { redactError } from "~/features/messages/dispatcher.server";
import { WHATSAPP_SKIP_REASON } from "~/features/messages/whatsapp-channel";
import {
  fakeWhatsAppDispatcher,
  insertWhatsAppMessages,
  messageRows,
  waitFor,
} from "../support/factories/outbox";
import { type FakeWhatsApp, startFakeWhatsApp } from "../support/fakes/whatsapp";
import { testDatabaseForFile } from "../support/processes/test-database";

const handle = testDatabaseForFile();
let fake: FakeWhatsApp;

beforeAll(async () => {
  fake = await startFakeWhatsApp();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(async () => {
  // Every test starts with an empty outbox and a fake that answers 200 at once.
  await handle.db.delete(messages);
  fake.requests.length = 0;
  fake.delayMs = 0;
});

/** A clock the test moves by hand. */
function manualClock(start = new Date("2026-11-23T10:00:00.000Z")) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current += ms;
    },
  };
}

describe("claim, send and record", () => {
  it("sends due rows through the Cloud API and records sent, the provider id and no lease", async () => {
    const ids = await insertWhatsAppMessages(handle.db, 3);
    const dispatcher = fakeWhatsAppDispatcher(handle.db, fake);
    const cycle = await dispatcher.runOnce();
    expect(cycle).toMatchObject({ claimed: 3, sent: 3, failed: 0, skipped: 0, retried: 0 });

    const rows = await messageRows(handle.db, ids);
    for (const row of rows) {
      expect(row.status).toBe("sent");
      expect(row.attempts).toBe(1);
      expect(row.sentAt).toBeInstanceOf(Date);
      expect(row.providerMessageId).toMatch(/^wamid\./);
      expect(row.claimedBy).toBeNull();
      expect(row.claimedUntil).toBeNull();
      expect(row.lastError).toBeNull();
    }
    // Sent side by side (five in flight), so in any order.
    expect(fake.requests.map((request) => request.texts[0]).sort()).toEqual(ids.map(String).sort());
    const first = fake.requests[0];
    expect(first?.path).toBe(`/v21.0/${fake.phoneNumberId}/messages`);
    expect(first?.authorization).toBe(`Bearer ${fake.token}`);
    expect(first?.body).toMatchObject({
      messaging_product: "whatsapp",
      to: "919845000000",
      type: "template",
      template: { name: "order_placed", language: { code: "en" } },
    });
    expect((await dispatcher.runOnce()).claimed).toBe(0);
  });

  it("skips every due row of a channel without settings in bulk, unclaimed, without an attempt", async () => {
    const [id = 0] = await insertWhatsAppMessages(handle.db, 1);
    const cycle = await fakeWhatsAppDispatcher(handle.db, null).runOnce();
    expect(cycle).toMatchObject({ claimed: 0, skipped: 1 });
    const [row] = await messageRows(handle.db, [id]);
    expect(row).toMatchObject({ status: "skipped", lastError: WHATSAPP_SKIP_REASON, attempts: 0 });
    expect(fake.requests).toHaveLength(0);
  });

  it("does not claim a row that is not yet due", async () => {
    const clock = manualClock();
    await insertWhatsAppMessages(handle.db, 1, new Date(clock.now().getTime() + 60_000));
    const dispatcher = fakeWhatsAppDispatcher(handle.db, fake, { clock: clock.now });
    expect((await dispatcher.runOnce()).claimed).toBe(0);
    clock.advance(60_000);
    expect(await dispatcher.runOnce()).toMatchObject({ claimed: 1, sent: 1 });
    expect(fake.requests).toHaveLength(1);
  });

  it("fails a row whose template cannot be rendered, without a retry", async () => {
    const [id = 0] = await insertWhatsAppMessages(handle.db, 1);
    const dispatcher = fakeWhatsAppDispatcher(handle.db, fake, {
      render: {
        email: () => {
          throw new Error("unused");
        },
        whatsapp: () => {
          throw new Error("unknown template x");
        },
      },
    });
    expect(await dispatcher.runOnce()).toMatchObject({ failed: 1 });
    const [row] = await messageRows(handle.db, [id]);
    expect(row?.status).toBe("failed");
    expect(row?.lastError).toContain("unknown template x");
    expect(fake.requests).toHaveLength(0);
  });
});

describe("too late", () => {
  it("skips due rows at or past their expires_at as 'Too late' without claiming or sending them; rows on time go", async () => {
    const clock = manualClock();
    const at = clock.now();
    const [expired = 0] = await insertWhatsAppMessages(
      handle.db,
      1,
      at,
      new Date(at.getTime() - 1),
    );
    const [atTheMoment = 0] = await insertWhatsAppMessages(handle.db, 1, at, at);
    const [onTime = 0] = await insertWhatsAppMessages(
      handle.db,
      1,
      at,
      new Date(at.getTime() + 60_000),
    );
    const [noLimit = 0] = await insertWhatsAppMessages(handle.db, 1, at);
    const dispatcher = fakeWhatsAppDispatcher(handle.db, fake, { clock: clock.now });

    expect(await dispatcher.runOnce()).toMatchObject({ claimed: 2, sent: 2, skipped: 2 });
    const rows = await messageRows(handle.db, [expired, atTheMoment, onTime, noLimit]);
    expect(
      rows.map((row) => [row.status, row.lastError, row.attempts, row.sentAt === null]),
    ).toEqual([
      ["skipped", TOO_LATE, 0, true],
      ["skipped", TOO_LATE, 0, true],
      ["sent", null, 1, false],
      ["sent", null, 1, false],
    ]);
    expect(fake.requests.map((request) => request.texts[0]).sort()).toEqual(
      [String(onTime), String(noLimit)].sort(),
    );
  });

  it("skips a claimed row whose moment passes while the rows before it are sent", async () => {
    const clock = manualClock();
    const at = clock.now();
    const [slow = 0] = await insertWhatsAppMessages(handle.db, 1, at);
    const [tight = 0] = await insertWhatsAppMessages(
      handle.db,
      1,
      at,
      new Date(at.getTime() + 100),
    );
    fake.delayMs = 400;
    const dispatcher = fakeWhatsAppDispatcher(handle.db, fake, {
      clock: clock.now,
      concurrency: { whatsapp: 1 },
    });
    expect(await dispatcher.runOnce()).toMatchObject({ claimed: 2, sent: 1, skipped: 1 });
    const [first, second] = await messageRows(handle.db, [slow, tight]);
    expect(first?.status).toBe("sent");
    expect(second).toMatchObject({ status: "skipped", lastError: TOO_LATE, attempts: 0 });
    expect(fake.requests).toHaveLength(1);
  });

  it("a row that no longer renders fails with the reason and holds back none of the others", async () => {
    const ids = await insertWhatsAppMessages(handle.db, 5);
    const broken = ids[2];
    const dispatcher = fakeWhatsAppDispatcher(handle.db, fake, {
      render: {
        email: () => {
          throw new Error("unused");
        },
        whatsapp: (row) => {
          if (row.id === broken) throw new Error("template order_placed_v0 was retired");
          return {
            templateName: row.template,
            languageCode: "en",
            bodyParameters: [String(row.id)],
          };
        },
      },
    });
    expect(await dispatcher.runOnce()).toMatchObject({ claimed: 5, sent: 4, failed: 1 });
    const rows = await messageRows(handle.db, ids);
    expect(rows.map((row) => row.status)).toEqual(["sent", "sent", "failed", "sent", "sent"]);
    expect(rows[2]?.lastError).toBe(
      "Could not render: Error: template order_placed_v0 was retired",
    );
  });
});

describe("retries", () => {
  it("retries a 500 with exponential backoff and sends on the third attempt", async () => {
    const clock = manualClock();
    const [id = 0] = await insertWhatsAppMessages(handle.db, 1, clock.now());
    fake.failNext(500, 2);
    const dispatcher = fakeWhatsAppDispatcher(handle.db, fake, { clock: clock.now });

    expect(await dispatcher.runOnce()).toMatchObject({ claimed: 1, retried: 1 });
    let [row] = await messageRows(handle.db, [id]);
    expect(row).toMatchObject({ status: "pending", attempts: 1, claimedBy: null });
    expect(row?.lastError).toContain("500");
    const firstDelay = (row?.sendAfter.getTime() ?? 0) - clock.now().getTime();
    expect(firstDelay).toBeGreaterThanOrEqual(24_000);
    expect(firstDelay).toBeLessThanOrEqual(36_000);

    expect((await dispatcher.runOnce()).claimed).toBe(0);
    clock.advance(firstDelay);
    expect(await dispatcher.runOnce()).toMatchObject({ claimed: 1, retried: 1 });
    [row] = await messageRows(handle.db, [id]);
    const secondDelay = (row?.sendAfter.getTime() ?? 0) - clock.now().getTime();
    expect(secondDelay).toBeGreaterThanOrEqual(48_000);
    expect(secondDelay).toBeLessThanOrEqual(72_000);

    clock.advance(secondDelay);
    expect(await dispatcher.runOnce()).toMatchObject({ claimed: 1, sent: 1 });
    [row] = await messageRows(handle.db, [id]);
    expect(row).toMatchObject({ status: "sent", attempts: 3, lastError: null });
    expect(fake.requests).toHaveLength(3);
  });

  it("waits for the provider's Retry-After after a 429", async () => {
    const clock = manualClock();
    const [id = 0] = await insertWhatsAppMessages(handle.db, 1, clock.now());
    fake.failNext(429, 1, { retryAfterSeconds: 120 });
    const dispatcher = fakeWhatsAppDispatcher(handle.db, fake, { clock: clock.now });
    expect(await dispatcher.runOnce()).toMatchObject({ retried: 1 });
    const [row] = await messageRows(handle.db, [id]);
    expect(row?.sendAfter.getTime()).toBe(clock.now().getTime() + 120_000);
    expect(row?.lastError).toContain("429");
  });

  it("fails at once when the API refuses the recipient", async () => {
    const [id = 0] = await insertWhatsAppMessages(handle.db, 1);
    fake.failNext(400, 1, { code: 131026, message: "Message undeliverable" });
    expect(await fakeWhatsAppDispatcher(handle.db, fake).runOnce()).toMatchObject({ failed: 1 });
    const [row] = await messageRows(handle.db, [id]);
    expect(row).toMatchObject({ status: "failed", attempts: 1, claimedBy: null });
    expect(row?.lastError).toContain("131026");
  });

  it("fails after the last attempt", async () => {
    const [id = 0] = await insertWhatsAppMessages(handle.db, 1);
    fake.failNext(500, 3);
    const dispatcher = fakeWhatsAppDispatcher(handle.db, fake, {
      maxAttempts: 3,
      backoff: () => 0,
    });
    for (let i = 0; i < 3; i++) await dispatcher.runOnce();
    const [row] = await messageRows(handle.db, [id]);
    expect(row).toMatchObject({ status: "failed", attempts: 3 });
    expect(row?.lastError).toMatch(/^Gave up after 3 attempts/);
    expect((await dispatcher.runOnce()).claimed).toBe(0);
  });

  it("never records the token, and keeps at most 1,000 characters of an error", async () => {
    const [id = 0] = await insertWhatsAppMessages(handle.db, 1);
    fake.failNext(500, 1, { message: `bad token ${fake.token} ${"x".repeat(5000)}` });
    await fakeWhatsAppDispatcher(handle.db, fake, { secrets: [fake.token] }).runOnce();
    const [row] = await messageRows(handle.db, [id]);
    expect(row?.lastError).not.toContain(fake.token);
    expect(row?.lastError?.length).toBeLessThanOrEqual(1000);
    expect(redactError("connect smtp://mailer:s3cret@mail.example:587 Bearer abc.def")).toBe(
      "connect smtp://***@mail.example:587 Bearer ***",
    );
  });
});

describe("leases and stopping", () => {
  it("does not overwrite a row whose lease another dispatcher took over", async () => {
    const [id = 0] = await insertWhatsAppMessages(handle.db, 1);
    fake.delayMs = 200;
    const running = fakeWhatsAppDispatcher(handle.db, fake, { id: "slow" }).runOnce();
    await waitFor(() => fake.requests.length === 1, 10_000, "the request");
    await handle.db
      .update(messages)
      .set({ claimedBy: "other", claimedUntil: sql`now() + interval '1 minute'` })
      .where(eq(messages.id, id));
    await running;
    const [row] = await messageRows(handle.db, [id]);
    expect(row).toMatchObject({ status: "pending", claimedBy: "other" });
  });

  it("stops gracefully: finishes the send in flight and releases the rest to the next dispatcher", async () => {
    const ids = await insertWhatsAppMessages(handle.db, 10);
    fake.delayMs = 150;
    const first = fakeWhatsAppDispatcher(handle.db, fake, { batchSize: 10, pollMs: 10 });
    first.start();
    await waitFor(() => fake.requests.length >= 2, 10_000, "two requests");
    await first.stop();
    const afterStop = await messageRows(handle.db, ids);
    const sent = afterStop.filter((row) => row.status === "sent");
    const rest = afterStop.filter((row) => row.status === "pending");
    expect(sent.length).toBe(fake.requests.length);
    expect(sent.length + rest.length).toBe(10);
    for (const row of rest) expect(row).toMatchObject({ claimedUntil: null, attempts: 0 });

    fake.delayMs = 0;
    expect(await fakeWhatsAppDispatcher(handle.db, fake).runOnce()).toMatchObject({
      sent: rest.length,
    });
    const counts = fake.countsByFirstText();
    expect([...counts.keys()].sort()).toEqual(ids.map(String).sort());
    expect([...counts.values()].every((count) => count === 1)).toBe(true);
  });

  it("logs a failing database and tries again on the next tick, without throwing", async () => {
    const broken = await openDatabase({ memory: true });
    await broken.close();
    const warnings: string[] = [];
    const dispatcher = fakeWhatsAppDispatcher(broken.db, fake, {
      pollMs: 5,
      logger: { info: () => {}, warn: (_details, message) => warnings.push(message) },
    });
    dispatcher.start();
    await waitFor(() => warnings.length >= 2, 10_000, "two failed ticks");
    await dispatcher.stop();
    expect(warnings[0]).toMatch(/retrying on the next tick/);
  });
});

describe("throughput", () => {
  it("sends 500 messages with one dispatcher, each once", async () => {
    const ids = await insertWhatsAppMessages(handle.db, 500);
    const dispatcher = fakeWhatsAppDispatcher(handle.db, fake, { pollMs: 10 });
    const started = performance.now();
    dispatcher.start();
    await waitFor(
      async () => {
        const [row] = await handle.db
          .select({ n: sql<number>`count(*)::int` })
          .from(messages)
          .where(eq(messages.status, "pending"));
        return row?.n === 0;
      },
      120_000,
      "every message sent",
    );
    const seconds = (performance.now() - started) / 1000;
    await dispatcher.stop();
    const counts = fake.countsByFirstText();
    expect(counts.size).toBe(500);
    expect([...counts.values()].every((count) => count === 1)).toBe(true);
    expect((await messageRows(handle.db, ids)).every((row) => row.status === "sent")).toBe(true);
    process.stdout.write(
      `[figure] one dispatcher (${handle.driver}) → fake WhatsApp: 500 messages in ${seconds.toFixed(2)} s = ${(500 / seconds).toFixed(0)} messages/s\n`,
    );
  }, 180_000);
});

describe("hooks", () => {
  it("skipIf skips a claimed row with its reason, without sending or counting an attempt", async () => {
    const [skippedId = 0, sentId = 0] = await insertWhatsAppMessages(handle.db, 2);
    const dispatcher = fakeWhatsAppDispatcher(handle.db, fake, {
      skipIf: async (row) => (row.id === skippedId ? "Unsubscribed" : null),
    });
    const cycle = await dispatcher.runOnce();
    expect(cycle).toMatchObject({ claimed: 2, sent: 1, skipped: 1 });
    const [skipped, sent] = await messageRows(handle.db, [skippedId, sentId]);
    expect(skipped).toMatchObject({ status: "skipped", lastError: "Unsubscribed", attempts: 0 });
    expect(sent?.status).toBe("sent");
    expect(fake.requests.map((request) => request.texts[0])).toEqual([String(sentId)]);
  });
});
