/**
 * Double opt-in of the 'Join us' mailing list (docs/community.md "'Join us'", ADR 0027) against
 * a freshly migrated database: the confirmation e-mail and its link, the confirmation page (GET
 * asks, POST confirms, idempotently, in the page's language), a second 'Join us' that re-sends
 * at most once an hour and changes nothing, links that expire after 7 days, the nightly deletion
 * of registrations never confirmed, the dashboard's 'Waiting for confirmation', odd tokens, and
 * migration 0016 counting earlier registrations as confirmed. Time is a clock passed in.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { beforeEach, describe, expect, it } from "vitest";
import { embeddedPgliteOptions } from "~/db/client.server";
import { registrations } from "~/db/schema/community";
import { messages } from "~/db/schema/messages";
import { listRegistrations } from "~/features/community/community-admin.server";
import {
  confirmationStatus,
  confirmSubscription,
  deleteUnconfirmedRegistrations,
  joinMailingList,
  unsubscribe,
} from "~/features/community/mailing-list.server";
import {
  CONFIRMATION_RESEND_MINUTES,
  CONFIRMATION_VALID_DAYS,
  mailingListStateLabels,
} from "~/features/community/mailing-list-state";
import { subscriberCount } from "~/features/community/newsletter.server";
import { renderEmail } from "~/features/messages/templates";
import { action as joinAction } from "~/routes/home";
import * as subscribeRoute from "~/routes/subscribe";
import * as unsubscribeRoute from "~/routes/unsubscribe";
import { resetRateLimits } from "~/utils/rate-limit.server";
import { confirmationLink, confirmationMails } from "../support/factories/mailing-list";
import { testSite } from "../support/factories/message-params";
import { routeAnswer, routeArgs } from "../support/factories/staff";
import { testDatabaseForFile } from "../support/processes/test-database";

const handle = testDatabaseForFile();
beforeEach(() => resetRateLimits());

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** Any instant: every rule here is relative to it. */
const t0 = new Date();
const at = (ms: number) => new Date(t0.getTime() + ms);

let seq = 0;
function person(language: "en" | "hi" | "kn" = "en") {
  seq += 1;
  return {
    name: `Reader ${seq}`,
    email: `reader${seq}.${language}@example.com`,
    contact: "+919845012345",
  };
}

async function registrationOf(email: string) {
  const [row] = await handle.db.select().from(registrations).where(eq(registrations.email, email));
  return row;
}

async function isSubscriber(email: string): Promise<boolean> {
  const [row] = await handle.db
    .select({ n: sql<number>`count(*)::int` })
    .from(registrations)
    .where(
      sql`${registrations.email} = ${email} and ${registrations.confirmedAt} is not null and ${registrations.unsubscribedAt} is null`,
    );
  return Number(row?.n) === 1;
}

/** The confirmation page (`/subscribe/<token>`, any language): GET or POST, as a visitor. */
function confirmPage(method: "GET" | "POST", token: string, prefix = "") {
  const url = `http://localhost${prefix}/subscribe/${encodeURIComponent(token)}`;
  return routeAnswer<{ status: string; messages?: Record<string, unknown> }>(() =>
    method === "GET"
      ? subscribeRoute.loader(
          routeArgs<Parameters<typeof subscribeRoute.loader>[0]>(url, { params: { token } }),
        )
      : subscribeRoute.action(
          routeArgs<Parameters<typeof subscribeRoute.action>[0]>(url, {
            form: {},
            params: { token },
          }),
        ),
  );
}

describe("the confirmation e-mail and page", () => {
  it("confirms only on the page's POST; the GET (a mail scanner) changes nothing", async () => {
    const reader = person();
    const answer = await joinAction(
      routeArgs<Parameters<typeof joinAction>[0]>("http://localhost/?index", {
        form: { name: reader.name, email: reader.email, contact: "98450 12345" },
      }),
    );
    expect((answer as { data: unknown }).data).toEqual({ ok: true, values: {}, errors: {} });
    const link = await confirmationLink(handle.db, reader.email);
    expect(link?.path).toMatch(/^\/subscribe\/[A-Za-z0-9_-]{43}$/);
    const [mail] = await confirmationMails(handle.db, reader.email);
    const sentAt = (await registrationOf(reader.email))?.confirmSentAt?.getTime() ?? Number.NaN;
    // Skipped as too late once the link no longer works.
    expect(mail?.expiresAt?.getTime()).toBe(sentAt + CONFIRMATION_VALID_DAYS * DAY);

    for (let i = 0; i < 3; i++) {
      expect(await confirmPage("GET", link?.token ?? "")).toMatchObject({
        status: 200,
        body: { status: "pending" },
      });
    }
    expect(await isSubscriber(reader.email)).toBe(false);

    expect(await confirmPage("POST", link?.token ?? "")).toMatchObject({
      status: 200,
      body: { status: "confirmed" },
    });
    expect(await isSubscriber(reader.email)).toBe(true);
    const confirmedAt = (await registrationOf(reader.email))?.confirmedAt;
    // Idempotent: a second press (or a second tab) says so and writes nothing.
    expect(await confirmPage("POST", link?.token ?? "")).toMatchObject({
      status: 200,
      body: { status: "confirmed" },
    });
    expect((await registrationOf(reader.email))?.confirmedAt).toEqual(confirmedAt);
    expect(await confirmPage("GET", link?.token ?? "")).toMatchObject({
      body: { status: "confirmed" },
    });
  });

  it("is written in the language of the page it was sent from, and so is the page", async () => {
    const reader = person("kn");
    await joinAction(
      routeArgs<Parameters<typeof joinAction>[0]>("http://localhost/kn", {
        form: { name: "ಆಶಾ", email: reader.email, contact: "98450 12345" },
      }),
    );
    const [mail] = await confirmationMails(handle.db, reader.email);
    expect(mail?.language).toBe("kn");
    const link = await confirmationLink(handle.db, reader.email);
    expect(link?.path).toMatch(/^\/kn\/subscribe\//);
    const email = renderEmail("newsletter_confirm", mail?.params as never, "kn", testSite);
    expect(email.subject).toBe("Scrap & Sprout ಮೇಲಿಂಗ್ ಪಟ್ಟಿಗೆ ಸೇರುವುದನ್ನು ಖಚಿತಪಡಿಸಿ");
    expect(email.text).toContain(`https://shop.example${link?.path}`);
    expect(email.text).not.toContain("ಆಶಾ");

    const page = await confirmPage("GET", link?.token ?? "", "/kn");
    expect(page.status).toBe(200);
    expect(JSON.stringify(page.body.messages)).toContain("ನಿಮ್ಮ ಚಂದಾದಾರಿಕೆಯನ್ನು ಖಚಿತಪಡಿಸಿ");
  });

  it("answers 404 to unknown or malformed tokens, never 500, and writes nothing", async () => {
    const reader = person();
    await joinMailingList(handle.db, reader, { now: t0 });
    const before = await registrationOf(reader.email);
    const unsubscribeToken = before?.unsubscribeToken;
    const odd = [
      "",
      "x",
      "x".repeat(43),
      `${"a".repeat(42)}=`,
      "%00",
      "../unsubscribe",
      "<script>",
      "y".repeat(10_000),
      // The unsubscribe token does not confirm, nor the confirmation token unsubscribe.
      unsubscribeToken ?? "",
    ];
    for (const token of odd) {
      expect((await confirmPage("GET", token)).status, token).toBe(404);
      expect((await confirmPage("POST", token)).status, token).toBe(404);
    }
    const link = await confirmationLink(handle.db, reader.email);
    const unsubscribeWith = await routeAnswer(() =>
      unsubscribeRoute.action(
        routeArgs<Parameters<typeof unsubscribeRoute.action>[0]>(
          `http://localhost/unsubscribe/${link?.token}`,
          { form: { "List-Unsubscribe": "One-Click" }, params: { token: link?.token ?? "" } },
        ),
      ),
    );
    expect(unsubscribeWith.status).toBe(404);
    expect(await registrationOf(reader.email)).toEqual(before);
  });
});

describe("'Join us' again", () => {
  it("re-sends a waiting address's link at most once an hour and never changes its data", async () => {
    const reader = person();
    expect(await joinMailingList(handle.db, reader, { now: t0 })).toEqual({ outcome: "created" });
    const first = await registrationOf(reader.email);
    const other = { ...reader, name: "Mallory", contact: "+919000000009" };

    const soon = at((CONFIRMATION_RESEND_MINUTES - 1) * MINUTE);
    expect(await joinMailingList(handle.db, other, { language: "hi", now: soon })).toEqual({
      outcome: "unchanged",
    });
    expect(await registrationOf(reader.email)).toEqual(first);
    expect(await confirmationMails(handle.db, reader.email)).toHaveLength(1);

    const later = at(CONFIRMATION_RESEND_MINUTES * MINUTE);
    expect(await joinMailingList(handle.db, other, { now: later })).toEqual({
      outcome: "confirmation-sent",
    });
    const mails = await confirmationMails(handle.db, reader.email);
    expect(mails).toHaveLength(2);
    // The same link again; name, number, language and tokens as they were.
    expect(mails[0]?.params).toEqual(mails[1]?.params);
    const after = await registrationOf(reader.email);
    expect(after).toMatchObject({
      name: first?.name,
      phone: first?.phone,
      language: first?.language,
      confirmToken: first?.confirmToken,
      unsubscribeToken: first?.unsubscribeToken,
      confirmedAt: null,
    });
    expect(after?.confirmSentAt).toEqual(later);
  });

  it("an unsubscribed reader who joins again is back only after confirming the new link", async () => {
    const reader = person();
    await joinMailingList(handle.db, reader, { now: t0 });
    const old = await confirmationLink(handle.db, reader.email);
    expect(await confirmSubscription(handle.db, old?.token ?? "", at(MINUTE))).toBe("confirmed");
    const token = (await registrationOf(reader.email))?.unsubscribeToken ?? "";
    expect(await unsubscribe(handle.db, token, at(2 * MINUTE))).toBe("unsubscribed");
    // The old link does not put a reader who left back on the list.
    expect(await confirmSubscription(handle.db, old?.token ?? "", at(3 * MINUTE))).toBe("left");
    expect(await isSubscriber(reader.email)).toBe(false);

    const back = at(2 * 60 * MINUTE);
    const typed = { ...reader, name: "Someone Else", contact: "+919000000008" };
    expect(await joinMailingList(handle.db, typed, { now: back })).toEqual({
      outcome: "confirmation-sent",
    });
    expect(await isSubscriber(reader.email)).toBe(false);
    expect(await confirmationStatus(handle.db, old?.token ?? "", back)).toBe("unknown");
    const fresh = await confirmationLink(handle.db, reader.email);
    expect(fresh?.token).not.toBe(old?.token);
    expect(await confirmSubscription(handle.db, fresh?.token ?? "", at(3 * 60 * MINUTE))).toBe(
      "confirmed",
    );
    expect(await isSubscriber(reader.email)).toBe(true);
    expect(await registrationOf(reader.email)).toMatchObject({
      name: reader.name,
      phone: reader.contact,
      unsubscribedAt: null,
    });
  });
});

describe("links that expire", () => {
  it(`works ${CONFIRMATION_VALID_DAYS} days; after that the link confirms nothing and 'Join us' starts afresh`, async () => {
    const reader = person();
    await joinMailingList(handle.db, reader, { now: t0 });
    const link = await confirmationLink(handle.db, reader.email);
    const lastMoment = at(CONFIRMATION_VALID_DAYS * DAY - 1);
    const expired = at(CONFIRMATION_VALID_DAYS * DAY);
    expect(await confirmationStatus(handle.db, link?.token ?? "", lastMoment)).toBe("pending");
    expect(await confirmationStatus(handle.db, link?.token ?? "", expired)).toBe("expired");
    expect(await confirmSubscription(handle.db, link?.token ?? "", expired)).toBe("expired");
    expect(await isSubscriber(reader.email)).toBe(false);

    const listed = await listRegistrations(handle.db, { q: reader.email }, null, 50, expired);
    expect(listed.rows.map((row) => mailingListStateLabels[row.state])).toEqual([
      "Not confirmed (link expired)",
    ]);

    const again = { ...reader, name: "New Owner", contact: "+919000000007" };
    expect(await joinMailingList(handle.db, again, { now: at(8 * DAY) })).toEqual({
      outcome: "created",
    });
    expect(await registrationOf(reader.email)).toMatchObject({
      name: "New Owner",
      phone: "+919000000007",
      confirmedAt: null,
    });
    expect(await confirmationStatus(handle.db, link?.token ?? "", at(8 * DAY))).toBe("unknown");
  });

  it("the page answers 410 to an expired link, and the nightly job deletes the unconfirmed row", async () => {
    const reader = person();
    const sentLongAgo = new Date(Date.now() - (CONFIRMATION_VALID_DAYS * DAY + MINUTE));
    await joinMailingList(handle.db, reader, { now: sentLongAgo });
    const link = await confirmationLink(handle.db, reader.email);
    expect(await confirmPage("GET", link?.token ?? "")).toMatchObject({
      status: 200,
      body: { status: "expired" },
    });
    expect(await confirmPage("POST", link?.token ?? "")).toMatchObject({
      status: 410,
      body: { status: "expired" },
    });
    expect(await isSubscriber(reader.email)).toBe(false);

    const subscriber = person();
    await joinMailingList(handle.db, subscriber, { now: sentLongAgo });
    const its = await confirmationLink(handle.db, subscriber.email);
    await confirmSubscription(handle.db, its?.token ?? "", sentLongAgo);
    const cutoff = new Date(sentLongAgo.getTime() + CONFIRMATION_VALID_DAYS * DAY);
    expect(await deleteUnconfirmedRegistrations(handle.db, cutoff)).toBe(0);
    expect(await deleteUnconfirmedRegistrations(handle.db, new Date(cutoff.getTime() + 1))).toBe(1);
    expect(await registrationOf(reader.email)).toBeUndefined();
    expect(await isSubscriber(subscriber.email)).toBe(true);
    expect(await deleteUnconfirmedRegistrations(handle.db, new Date(cutoff.getTime() + 1))).toBe(0);
  });
});

describe("staff and newsletters", () => {
  it("lists a waiting address as 'Waiting for confirmation' and leaves it out of the count", async () => {
    const reader = person();
    const before = await subscriberCount(handle.db);
    await joinMailingList(handle.db, reader, { now: t0 });
    const listed = await listRegistrations(handle.db, { q: reader.email }, null, 50, at(MINUTE));
    expect(listed.rows).toMatchObject([{ email: reader.email, subscribed: false }]);
    expect(mailingListStateLabels[listed.rows[0]?.state ?? "subscribed"]).toBe(
      "Waiting for confirmation",
    );
    expect(await subscriberCount(handle.db)).toBe(before);
    const link = await confirmationLink(handle.db, reader.email);
    await confirmSubscription(handle.db, link?.token ?? "", at(2 * MINUTE));
    expect(await subscriberCount(handle.db)).toBe(before + 1);
    const confirmed = await listRegistrations(handle.db, { q: reader.email }, null, 50, at(DAY));
    expect(confirmed.rows).toMatchObject([{ state: "subscribed", subscribed: true }]);
  });

  it("sends the confirmation only by e-mail, never on WhatsApp", async () => {
    const reader = person();
    await joinMailingList(handle.db, reader, { now: t0 });
    const { id } = (await registrationOf(reader.email)) ?? { id: 0 };
    const rows = await handle.db
      .select({ channel: messages.channel, recipient: messages.recipient })
      .from(messages)
      .where(sql`${messages.dedupeKey} like ${`registration:${id}:%`}`);
    expect(rows).toEqual([{ channel: "email", recipient: reader.email }]);
  });
});

describe("migration 0016", () => {
  it("counts every registration made before double opt-in as confirmed", async () => {
    const folder = path.join(process.cwd(), "drizzle");
    const before = fs.mkdtempSync(path.join(os.tmpdir(), "migrations-0015-"));
    try {
      fs.cpSync(folder, before, { recursive: true });
      const journalPath = path.join(before, "meta", "_journal.json");
      const journal = JSON.parse(fs.readFileSync(journalPath, "utf8")) as {
        entries: { idx: number }[];
      };
      journal.entries = journal.entries.filter((entry) => entry.idx < 16);
      fs.writeFileSync(journalPath, JSON.stringify(journal));

      const client = await PGlite.create(embeddedPgliteOptions());
      try {
        const db = drizzle({ client });
        await migrate(db, { migrationsFolder: before });
        await client.query(
          `insert into registrations (name, email, phone, unsubscribe_token, unsubscribed_at, created_at)
           values ('Old Reader', 'old@example.com', '+919845012345', 'token-old-1', null, now() - interval '400 days'),
                  ('Old Leaver', 'left@example.com', '+919845012346', 'token-old-2', now(), now() - interval '300 days')`,
        );
        await migrate(db, { migrationsFolder: folder });
        const { rows } = await client.query<{
          email: string;
          confirmed: boolean;
          unsubscribed: boolean;
        }>(
          `select email, confirmed_at = created_at as confirmed, unsubscribed_at is not null as unsubscribed
             from registrations order by email`,
        );
        expect(rows).toEqual([
          { email: "left@example.com", confirmed: true, unsubscribed: true },
          { email: "old@example.com", confirmed: true, unsubscribed: false },
        ]);
      } finally {
        await client.close();
      }
    } finally {
      fs.rmSync(before, { recursive: true, force: true });
    }
  }, 120_000);
});
