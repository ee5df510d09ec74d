/**
 * The staff side of messages (docs/messages.md "Newsletter", "Staff pages"), through the route
 * loaders and actions with real staff sessions, on a freshly migrated database: the newsletter
 * (confirmed subscribers only, throttled, sent once per form, admin only), the one-click unsubscribe, the
 * messages of a pickup with 'Send again', and the Messages page with its CSV.
 */

import type { AddressInfo } from "node:net";
import { and, asc, eq, like, sql } from "drizzle-orm";
import express from "express";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { useDatabaseHandle } from "~/db/db.server";
import { enqueueMessage } from "~/db/outbox.server";
import { auditLog } from "~/db/schema/audit";
import { registrations } from "~/db/schema/community";
import { messages } from "~/db/schema/messages";
import { pickups } from "~/db/schema/pickups";
import {
  NEWSLETTER_MESSAGES_PER_MINUTE,
  newsletterRecipientUnsubscribed,
  subscriberCount,
} from "~/features/community/newsletter.server";
import * as messageResend from "~/routes/dashboard/message-resend";
import * as messagesRoute from "~/routes/dashboard/messages";
import * as messagesExport from "~/routes/dashboard/messages-export";
import * as newsletterRoute from "~/routes/dashboard/newsletter";
import * as pickupRoute from "~/routes/dashboard/pickup";
import * as unsubscribeRoute from "~/routes/unsubscribe";
import { unguessableToken } from "~/utils/codes.server";
import { refuseCrossSitePosts } from "../../server/security";
import { insertSubscriber } from "../support/factories/mailing-list";
import { routeAnswer, routeArgs, signedInStaff } from "../support/factories/staff";
import { createTestDatabase } from "../support/processes/test-database";

let handle: DatabaseHandle;
let admin: { cookie: string; email: string };
let staff: { cookie: string; email: string };
let collectorCookie: string;

beforeAll(async () => {
  handle = await createTestDatabase();
  useDatabaseHandle(handle);
  const a = await signedInStaff(handle.db, "admin");
  const s = await signedInStaff(handle.db, "staff");
  admin = { cookie: a.cookie, email: a.user.email };
  staff = { cookie: s.cookie, email: s.user.email };
  collectorCookie = (await signedInStaff(handle.db, "collector")).cookie;
});
afterAll(async () => {
  await handle?.close();
});

const NEWSLETTER_URL = "http://localhost/dashboard/newsletter";

type NewsletterLoader = { subscribers: number; newsletterId: string; notice: string | null };
type NewsletterAction = {
  error?: string;
  errors: Record<string, string>;
  preview?: { subject: string; text: string };
};

function newsletterPost(cookie: string, form: Record<string, string>) {
  return routeAnswer<NewsletterAction>(() =>
    newsletterRoute.action(
      routeArgs<Parameters<typeof newsletterRoute.action>[0]>(NEWSLETTER_URL, { cookie, form }),
    ),
  );
}

async function newsletterPage(cookie: string, url = NEWSLETTER_URL) {
  return routeAnswer<NewsletterLoader>(() =>
    newsletterRoute.loader(
      routeArgs<Parameters<typeof newsletterRoute.loader>[0]>(url, { cookie }),
    ),
  );
}

describe("newsletter", () => {
  const emails = ["asha@example.com", "bala@example.com", "chitra@example.com"];
  let tokens: string[] = [];

  beforeAll(async () => {
    tokens = [];
    for (const [i, email] of emails.entries()) {
      const joined = await insertSubscriber(handle.db, { name: `Reader ${i}`, email });
      tokens.push(joined.unsubscribeToken);
    }
    // A fourth joined but has not confirmed yet (double opt-in): no newsletter for them.
    await handle.db.insert(registrations).values({
      name: "Waiting Reader",
      email: "dina@example.com",
      phone: "+919845012345",
      unsubscribeToken: unguessableToken(),
      confirmToken: unguessableToken(),
      confirmSentAt: new Date(),
    });
    // The third reader left the list before the newsletter was written.
    await unsubscribeRoute.action(
      routeArgs<Parameters<typeof unsubscribeRoute.action>[0]>(
        `http://localhost/unsubscribe/${tokens[2]}`,
        { form: { "List-Unsubscribe": "One-Click" }, params: { token: tokens[2] ?? "" } },
      ),
    );
  });

  it("is for admins only: staff and collectors get 403", async () => {
    expect((await newsletterPage(staff.cookie)).status).toBe(403);
    expect((await newsletterPage(collectorCookie)).status).toBe(403);
    const post = await newsletterPost(staff.cookie, { intent: "send", subject: "Hello" });
    expect(post.status).toBe(403);
    expect(await handle.db.select().from(messages)).toEqual([]);
  });

  it("refuses a short subject and text next to the fields, writing nothing", async () => {
    const page = await newsletterPage(admin.cookie);
    const sent = await newsletterPost(admin.cookie, {
      intent: "send",
      subject: "Hi",
      text: "short",
      newsletterId: page.body.newsletterId,
    });
    expect(sent.status).toBe(422);
    expect(sent.body.errors.subject).toMatch(/at least 3/);
    expect(sent.body.errors.text).toMatch(/at least 10/);
    const injected = await newsletterPost(admin.cookie, {
      intent: "send",
      subject: "Hello\r\nBcc: all@example.com",
      text: "A long enough text.",
      newsletterId: page.body.newsletterId,
    });
    expect(injected.status).toBe(422);
    expect(injected.body.errors.subject).toMatch(/one line/);
    expect(await handle.db.select().from(messages)).toEqual([]);
  });

  it("previews the e-mail without writing anything", async () => {
    const page = await newsletterPage(admin.cookie);
    expect(page.body.subscribers).toBe(2);
    const preview = await newsletterPost(admin.cookie, {
      intent: "preview",
      subject: "Monsoon plants",
      text: "First paragraph.\r\n\r\nSecond paragraph.",
      newsletterId: page.body.newsletterId,
    });
    expect(preview.status).toBe(200);
    expect(preview.body.preview).toEqual({
      subject: "Monsoon plants",
      text: "First paragraph.\n\nSecond paragraph.",
    });
    expect(await handle.db.select().from(messages)).toEqual([]);
  });

  it("queues one throttled row per subscribed address, once per form", async () => {
    const page = await newsletterPage(admin.cookie);
    const form = {
      intent: "send",
      subject: "Monsoon plants",
      text: "First paragraph.\n\nSecond paragraph.",
      newsletterId: page.body.newsletterId,
    };
    const before = Date.now();
    const [first, second] = await Promise.all([
      newsletterPost(admin.cookie, form),
      newsletterPost(admin.cookie, form),
    ]);
    const locations = [first.location, second.location].sort();
    expect(locations).toEqual(["/dashboard/newsletter?already=2", "/dashboard/newsletter?sent=2"]);
    const rows = await handle.db
      .select()
      .from(messages)
      .where(eq(messages.template, "newsletter"))
      .orderBy(asc(messages.id));
    expect(rows.map((row) => row.recipient)).toEqual(["asha@example.com", "bala@example.com"]);
    expect(rows.map((row) => [row.channel, row.status, row.entityType, row.entityId])).toEqual([
      ["email", "pending", "newsletter", page.body.newsletterId],
      ["email", "pending", "newsletter", page.body.newsletterId],
    ]);
    expect(rows[0]?.params).toEqual({
      subject: "Monsoon plants",
      text: "First paragraph.\n\nSecond paragraph.",
      unsubscribePath: `/unsubscribe/${tokens[0]}`,
    });
    expect(rows[0]?.dedupeKey).toMatch(new RegExp(`^newsletter:${page.body.newsletterId}:\\d+$`));
    expect(rows[0]?.sendAfter.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const audits = await handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "newsletter.sent"));
    expect(audits).toHaveLength(1);
    expect(audits[0]?.details).toMatchObject({ after: { subject: "Monsoon plants", count: 2 } });
    const done = await newsletterPage(admin.cookie, `${NEWSLETTER_URL}?sent=2`);
    expect(done.body.notice).toMatch(/queued for 2 subscribers/);
    expect(done.body.newsletterId).not.toBe(page.body.newsletterId);
  });

  it(`spreads a large send at ${NEWSLETTER_MESSAGES_PER_MINUTE} per minute`, async () => {
    const extra = NEWSLETTER_MESSAGES_PER_MINUTE * 2 + 5;
    await handle.db.insert(registrations).values(
      Array.from({ length: extra }, (_, i) => ({
        name: `Bulk ${i}`,
        email: `bulk${i}@example.com`,
        phone: "+919845012345",
        unsubscribeToken: `bulk-token-${String(i).padStart(32, "0")}`,
        confirmedAt: new Date(),
      })),
    );
    const total = await subscriberCount(handle.db);
    const page = await newsletterPage(admin.cookie);
    const started = Date.now();
    const sent = await newsletterPost(admin.cookie, {
      intent: "send",
      subject: "Second letter",
      text: "Another long enough text.",
      newsletterId: page.body.newsletterId,
    });
    expect(sent.location).toBe(`/dashboard/newsletter?sent=${total}`);
    const rows = await handle.db
      .select({ sendAfter: messages.sendAfter })
      .from(messages)
      .where(like(messages.dedupeKey, `newsletter:${page.body.newsletterId}:%`))
      .orderBy(asc(messages.sendAfter), asc(messages.id));
    expect(rows).toHaveLength(total);
    const minuteOf = (at: Date) =>
      Math.round((at.getTime() - (rows[0]?.sendAfter.getTime() ?? 0)) / 60_000);
    const perMinute = new Map<number, number>();
    for (const row of rows) {
      const minute = minuteOf(row.sendAfter);
      perMinute.set(minute, (perMinute.get(minute) ?? 0) + 1);
    }
    expect(Math.max(...perMinute.values())).toBe(NEWSLETTER_MESSAGES_PER_MINUTE);
    expect([...perMinute.keys()].sort((a, b) => a - b)).toEqual([0, 1, 2]);
    expect(rows[0]?.sendAfter.getTime()).toBeGreaterThanOrEqual(started - 1000);
  });

  it("one-click unsubscribe: POST without Origin answers 200 and stops the waiting rows", async () => {
    const token = tokens[0] ?? "";
    const result = await routeAnswer<{ result: string }>(() =>
      unsubscribeRoute.action(
        routeArgs<Parameters<typeof unsubscribeRoute.action>[0]>(
          `http://localhost/unsubscribe/${token}`,
          { form: { "List-Unsubscribe": "One-Click" }, params: { token } },
        ),
      ),
    );
    expect(result).toMatchObject({ status: 200, body: { result: "unsubscribed" } });
    expect(await newsletterRecipientUnsubscribed(handle.db, "asha@example.com")).toBe(true);
    expect(await newsletterRecipientUnsubscribed(handle.db, "ASHA@example.com ")).toBe(true);
    expect(await newsletterRecipientUnsubscribed(handle.db, "bala@example.com")).toBe(false);
    expect(await newsletterRecipientUnsubscribed(handle.db, "nobody@example.com")).toBe(true);
    expect(await newsletterRecipientUnsubscribed(handle.db, "dina@example.com")).toBe(true);
    const asha = await handle.db
      .select({ status: messages.status, lastError: messages.lastError })
      .from(messages)
      .where(and(eq(messages.recipient, "asha@example.com"), eq(messages.template, "newsletter")));
    expect(asha.length).toBeGreaterThan(0);
    expect(asha.every((row) => row.status === "skipped" && row.lastError === "Unsubscribed")).toBe(
      true,
    );
    // A newsletter written afterwards leaves the address out.
    const page = await newsletterPage(admin.cookie);
    await newsletterPost(admin.cookie, {
      intent: "send",
      subject: "Third letter",
      text: "Yet another long text.",
      newsletterId: page.body.newsletterId,
    });
    const third = await handle.db
      .select({ recipient: messages.recipient })
      .from(messages)
      .where(like(messages.dedupeKey, `newsletter:${page.body.newsletterId}:%`));
    expect(third.map((row) => row.recipient)).not.toContain("asha@example.com");
    expect(third.map((row) => row.recipient)).toContain("bala@example.com");
  });
});

describe("newsletter form with odd input", () => {
  it("answers 4xx or a redirect, never 5xx, and writes only for a valid send", async () => {
    const countRows = async () =>
      Number(
        (
          await handle.db
            .select({ n: sql<number>`count(*)::int` })
            .from(messages)
            .where(eq(messages.template, "newsletter"))
        )[0]?.n,
      );
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          intent: fc.constantFrom("preview", "send", "", "delete"),
          subject: fc.oneof(fc.string({ maxLength: 200 }), fc.constant("x\r\nBcc: a@b.c")),
          text: fc.oneof(fc.string({ maxLength: 300 }), fc.constant("y".repeat(20_001))),
          newsletterId: fc.oneof(fc.string({ maxLength: 30 }), fc.constant("short")),
        }),
        async (form) => {
          const before = await countRows();
          const result = await newsletterPost(admin.cookie, form);
          expect(result.status).toBeLessThan(500);
          if (result.status >= 400) expect(await countRows()).toBe(before);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe("the server's cross-site POST check and one-click unsubscribe", () => {
  let base = "";
  let close = () => {};
  beforeAll(async () => {
    const app = express();
    app.use(refuseCrossSitePosts);
    app.all("/{*path}", (_req, res) => {
      res.status(200).send("passed");
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(() => close());

  const post = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${base}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
      body: "List-Unsubscribe=One-Click",
    });

  it("lets a mail provider's POST (no Origin, no Sec-Fetch-Site) through", async () => {
    expect((await post("/unsubscribe/abc")).status).toBe(200);
  });
  it("still refuses a browser POST from another origin", async () => {
    expect((await post("/dashboard/newsletter", { Origin: "https://evil.example" })).status).toBe(
      403,
    );
    expect((await post("/review-page", { "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
  });
});

let seq = 0;
async function insertPickup(): Promise<{ id: number; reference: string }> {
  seq += 1;
  const [row] = await handle.db
    .insert(pickups)
    .values({
      reference: `PU-M${String(seq).padStart(5, "0")}`,
      trackingToken: `messages-pickup-token-${seq}`,
      status: "requested",
      name: `Pickup person ${seq}`,
      email: `pickup${seq}@example.com`,
      phone: "+919845012345",
      addressLine1: "12 MG Road",
      addressLine2: "",
      city: "Bengaluru",
      pinCode: "560001",
      pickupDate: "2030-03-16",
      slotStart: "09:00",
      rewardPreference: "money",
    })
    .returning({ id: pickups.id, reference: pickups.reference });
  if (!row) throw new Error("pickup not inserted");
  return row;
}

async function pickupMessage(
  pickup: { id: number; reference: string },
  event: string,
  status: "pending" | "sent" | "failed" | "skipped",
  lastError: string | null = null,
  expiresAt?: Date,
) {
  await enqueueMessage(handle.db, {
    template: "pickup_booked",
    to: { email: `pickup${pickup.id}@example.com`, whatsapp: "+919845012345" },
    params: {
      reference: pickup.reference,
      name: "Pickup person",
      trackingPath: `/pickups/token-${pickup.id}`,
      pickupDate: "2030-03-16",
      slotLabel: "9 – 11 am",
    },
    dedupeKey: `pickup:${pickup.id}:${event}`,
    entity: { type: "pickup", id: pickup.id },
    expiresAt,
  });
  await handle.db
    .update(messages)
    .set({ status, lastError, attempts: status === "pending" ? 0 : 1 })
    .where(eq(messages.dedupeKey, `pickup:${pickup.id}:${event}`));
}

type MessageRowData = {
  id: number;
  channel: string;
  status: string;
  recipient: string;
  reference: string | null;
  lastError: string | null;
};

describe("messages of a pickup and 'Send again'", () => {
  let pickup: { id: number; reference: string };

  beforeAll(async () => {
    pickup = await insertPickup();
    await pickupMessage(pickup, "booked", "failed", "550 mailbox unavailable");
  });

  async function pickupPage(cookie = staff.cookie, query = "") {
    return routeAnswer<{ messageLog: MessageRowData[] }>(() =>
      pickupRoute.loader(
        routeArgs<Parameters<typeof pickupRoute.loader>[0]>(
          `http://localhost/dashboard/pickups/${pickup.id}${query}`,
          { cookie, params: { id: String(pickup.id) } },
        ),
      ),
    );
  }

  it("lists the pickup's messages on its page", async () => {
    const page = await pickupPage();
    expect(page.status).toBe(200);
    expect(
      page.body.messageLog.map((m) => [m.channel, m.status, m.recipient, m.lastError]).sort(),
    ).toEqual([
      ["email", "failed", `pickup${pickup.id}@example.com`, "550 mailbox unavailable"],
      ["whatsapp", "failed", "+919845012345", "550 mailbox unavailable"],
    ]);
  });

  it("sends again: one new row with a new key, due now, audited; a collector gets 403", async () => {
    const page = await pickupPage();
    const email = page.body.messageLog.find((m) => m.channel === "email");
    if (!email) throw new Error("no e-mail message");
    const resend = (cookie: string) =>
      routeAnswer(() =>
        messageResend.action(
          routeArgs<Parameters<typeof messageResend.action>[0]>(
            `http://localhost/dashboard/messages/${email.id}/resend`,
            {
              cookie,
              form: { back: `/dashboard/pickups/${pickup.id}` },
              params: { id: String(email.id) },
            },
          ),
        ),
      );
    expect((await resend(collectorCookie)).status).toBe(403);
    const before = Date.now();
    const first = await resend(staff.cookie);
    expect(first).toMatchObject({
      status: 303,
      location: `/dashboard/pickups/${pickup.id}?message=resent`,
    });
    const second = await resend(staff.cookie);
    expect(second.location).toBe(`/dashboard/pickups/${pickup.id}?message=resent`);
    const rows = await handle.db
      .select()
      .from(messages)
      .where(like(messages.dedupeKey, `pickup:${pickup.id}:booked%`))
      .orderBy(asc(messages.id));
    expect(rows.map((row) => [row.channel, row.dedupeKey, row.status])).toEqual([
      ["email", `pickup:${pickup.id}:booked`, "failed"],
      ["whatsapp", `pickup:${pickup.id}:booked`, "failed"],
      ["email", `pickup:${pickup.id}:booked:resend:1`, "pending"],
      ["email", `pickup:${pickup.id}:booked:resend:2`, "pending"],
    ]);
    expect(rows[2]?.sendAfter.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(rows[2]?.sendAfter.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    expect(rows[2]?.params).toEqual(rows[0]?.params);
    const audits = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "message.resend"), eq(auditLog.entityId, String(pickup.id))));
    expect(audits).toHaveLength(2);
    expect(audits.map((a) => a.entity)).toEqual(["pickup", "pickup"]);
    // A pending copy cannot be copied again.
    const pendingId = rows[2]?.id ?? 0;
    const refused = await routeAnswer(() =>
      messageResend.action(
        routeArgs<Parameters<typeof messageResend.action>[0]>(
          `http://localhost/dashboard/messages/${pendingId}/resend`,
          {
            cookie: staff.cookie,
            form: { back: "https://evil.example/" },
            params: { id: String(pendingId) },
          },
        ),
      ),
    );
    expect(refused.location).toBe("/dashboard/messages?message=pending");
    const unknown = await routeAnswer(() =>
      messageResend.action(
        routeArgs<Parameters<typeof messageResend.action>[0]>(
          "http://localhost/dashboard/messages/99999999/resend",
          { cookie: staff.cookie, form: {}, params: { id: "99999999" } },
        ),
      ),
    );
    expect(unknown.status).toBe(404);
    const after = await pickupPage();
    expect(after.body.messageLog).toHaveLength(4);
  });

  it("never sends again a message whose moment has passed; a copy keeps the original's moment", async () => {
    const hour = 60 * 60 * 1000;
    /** A sent e-mail of `pickup` that only makes sense until `expiresAt`: its row. */
    const remind = async (event: string, expiresAt: Date) => {
      await pickupMessage(pickup, event, "sent", null, expiresAt);
      const [row] = await handle.db
        .select()
        .from(messages)
        .where(
          and(
            eq(messages.dedupeKey, `pickup:${pickup.id}:${event}`),
            eq(messages.channel, "email"),
          ),
        );
      if (!row) throw new Error("no message row");
      return row;
    };
    const resend = (id: number) =>
      routeAnswer(() =>
        messageResend.action(
          routeArgs<Parameters<typeof messageResend.action>[0]>(
            `http://localhost/dashboard/messages/${id}/resend`,
            {
              cookie: staff.cookie,
              form: { back: "/dashboard/messages" },
              params: { id: String(id) },
            },
          ),
        ),
      );
    const copies = () =>
      handle.db
        .select()
        .from(messages)
        .where(like(messages.dedupeKey, `pickup:${pickup.id}:moment-%:resend:%`));

    const past = await remind("moment-past", new Date(Date.now() - hour));
    const refused = await resend(past.id);
    expect(refused.location).toBe("/dashboard/messages?message=tooLate");
    expect(await copies()).toEqual([]);

    const expiresAt = new Date(Date.now() + 24 * hour);
    const future = await remind("moment-future", expiresAt);
    expect((await resend(future.id)).location).toBe("/dashboard/messages?message=resent");
    const [copy] = await copies();
    expect(copy?.dedupeKey).toBe(`pickup:${pickup.id}:moment-future:resend:1`);
    expect(copy?.expiresAt?.getTime()).toBe(expiresAt.getTime());
  });
});

describe("'Send again' on a newsletter", () => {
  it("is for admins, once per row: staff are refused, a second copy is refused", async () => {
    const dedupeKey = `newsletter:resend-test:${Date.now()}`;
    await enqueueMessage(handle.db, {
      template: "newsletter",
      to: { email: "reader@example.com" },
      params: { subject: "Monsoon plants", text: "Plant now.", unsubscribePath: "/unsubscribe/x" },
      language: "en",
      dedupeKey,
    });
    const [row] = await handle.db.select().from(messages).where(eq(messages.dedupeKey, dedupeKey));
    if (!row) throw new Error("no newsletter row");
    await handle.db.update(messages).set({ status: "sent" }).where(eq(messages.id, row.id));
    const resend = (cookie: string, id: number) =>
      routeAnswer(() =>
        messageResend.action(
          routeArgs<Parameters<typeof messageResend.action>[0]>(
            `http://localhost/dashboard/messages/${id}/resend`,
            { cookie, form: { back: "/dashboard/messages" }, params: { id: String(id) } },
          ),
        ),
      );
    const copies = () =>
      handle.db
        .select()
        .from(messages)
        .where(like(messages.dedupeKey, `${dedupeKey}:resend:%`));

    expect((await resend(staff.cookie, row.id)).location).toBe(
      "/dashboard/messages?message=adminOnly",
    );
    expect(await copies()).toEqual([]);
    expect((await resend(admin.cookie, row.id)).location).toBe(
      "/dashboard/messages?message=resent",
    );
    const [copy] = await copies();
    if (!copy) throw new Error("no copy");
    await handle.db.update(messages).set({ status: "sent" }).where(eq(messages.id, copy.id));
    // Neither the original nor the copy makes a second copy.
    for (const id of [row.id, copy.id]) {
      expect((await resend(admin.cookie, id)).location).toBe(
        "/dashboard/messages?message=resentOnce",
      );
    }
    expect(await copies()).toHaveLength(1);

    // The Messages page offers 'Send again' on it to admins only.
    const page = async (cookie: string) =>
      routeAnswer(() =>
        messagesRoute.loader(
          routeArgs<Parameters<typeof messagesRoute.loader>[0]>(
            "http://localhost/dashboard/messages?status=sent&template=newsletter",
            { cookie },
          ),
        ),
      );
    expect(((await page(admin.cookie)).body as { isAdmin: boolean }).isAdmin).toBe(true);
    expect(((await page(staff.cookie)).body as { isAdmin: boolean }).isAdmin).toBe(false);
  });
});

describe("the Messages page and its CSV", () => {
  let pickup: { id: number; reference: string };

  beforeAll(async () => {
    pickup = await insertPickup();
    await pickupMessage(pickup, "confirmed", "skipped", "SMTP_URL is not set");
    await pickupMessage(pickup, "reminder", "sent");
  });

  async function listPage(query: string, cookie = staff.cookie) {
    return routeAnswer<{ rows: MessageRowData[]; errors: Record<string, string> }>(() =>
      messagesRoute.loader(
        routeArgs<Parameters<typeof messagesRoute.loader>[0]>(
          `http://localhost/dashboard/messages${query}`,
          { cookie },
        ),
      ),
    );
  }

  it("shows failed and skipped messages by default, newest first", async () => {
    const page = await listPage("");
    expect(page.status).toBe(200);
    expect(new Set(page.body.rows.map((row) => row.status))).toEqual(
      new Set(["failed", "skipped"]),
    );
    const ids = page.body.rows.map((row) => row.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it("filters by status, channel, template and recipient or reference", async () => {
    const sent = await listPage(`?status=sent&q=${pickup.reference}`);
    expect(sent.body.rows.map((row) => [row.status, row.reference])).toEqual([
      ["sent", pickup.reference],
      ["sent", pickup.reference],
    ]);
    const whatsapp = await listPage(`?status=all&channel=whatsapp&q=${pickup.reference}`);
    expect(whatsapp.body.rows).toHaveLength(2);
    expect(whatsapp.body.rows.every((row) => row.channel === "whatsapp")).toBe(true);
    const newsletters = await listPage("?status=pending&template=newsletter&q=bala@example");
    expect(newsletters.body.rows.length).toBeGreaterThan(0);
    expect(newsletters.body.rows.every((row) => row.recipient === "bala@example.com")).toBe(true);
    const bad = await listPage("?status=lost&channel=pigeon");
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["channel", "status"]);
  });

  it("exports the filtered rows as CSV; a collector gets 403", async () => {
    const response = (await messagesExport.loader(
      routeArgs<Parameters<typeof messagesExport.loader>[0]>(
        `http://localhost/dashboard/messages/export?status=skipped&q=${pickup.reference}`,
        { cookie: staff.cookie },
      ),
    )) as Response;
    expect(response.status).toBe(200);
    const lines = (await response.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe(
      "Id,Created (Asia/Kolkata),Channel,Template,Recipient,About,Reference,Status,Attempts,Sent (Asia/Kolkata),Last error",
    );
    expect(lines).toHaveLength(3);
    expect(
      lines
        .slice(1)
        .every((line) => line.includes(`pickup ${pickup.id},${pickup.reference},skipped`)),
    ).toBe(true);
    expect(lines[1]).toMatch(/SMTP_URL is not set$/);
    expect((await listPage("", collectorCookie)).status).toBe(403);
    const collectorExport = await routeAnswer(() =>
      messagesExport.loader(
        routeArgs<Parameters<typeof messagesExport.loader>[0]>(
          "http://localhost/dashboard/messages/export",
          { cookie: collectorCookie },
        ),
      ),
    );
    expect(collectorExport.status).toBe(403);
  });
});
