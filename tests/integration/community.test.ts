import { and, eq, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { registrations, reviews } from "~/db/schema/community";
import { messages } from "~/db/schema/messages";
import { createReview, latestReviews, reviewSummary } from "~/features/community/community.server";
import { sendNewsletter } from "~/features/community/newsletter.server";
import { action as joinAction } from "~/routes/home";
import { action as reviewAction } from "~/routes/review-page";
import * as unsubscribeRoute from "~/routes/unsubscribe";
import { idempotencyKey } from "~/utils/codes.server";
import { resetRateLimits } from "~/utils/rate-limit.server";
import { clientAddressContext } from "~/utils/request-context";
import { confirmationMails, insertSubscriber } from "../support/factories/mailing-list";
import { routeAnswer, routeArgs } from "../support/factories/staff";
import { queryRows, testDatabaseForFile } from "../support/processes/test-database";

const handle = testDatabaseForFile();
beforeEach(() => resetRateLimits());

function post<T>(url: string, fields: Record<string, string>, address = "203.0.113.7"): T {
  const context = new RouterContextProvider();
  context.set(clientAddressContext, address);
  const request = new Request(url, { method: "POST", body: new URLSearchParams(fields) });
  return { request, params: {}, context } as unknown as T;
}

function statusOf(result: unknown): number {
  return (result as { init?: ResponseInit | null } | null)?.init?.status ?? 200;
}

/** What the visitor gets back from 'Join us': status and data, as one comparable value. */
async function join(fields: Record<string, string>, url = "http://localhost/?index") {
  const result = await joinAction(post<Parameters<typeof joinAction>[0]>(url, fields));
  return { status: statusOf(result), data: (result as { data?: unknown }).data };
}

async function registrationOf(email: string) {
  const [row] = await handle.db.select().from(registrations).where(eq(registrations.email, email));
  return row;
}

/** Queues a newsletter now; the addresses it went to. */
async function newsletterRecipients(): Promise<string[]> {
  const newsletterId = idempotencyKey();
  await sendNewsletter(
    handle.db,
    { email: "admin@example.com" },
    { newsletterId, subject: "Monsoon plants", text: "Tulsi is back in stock." },
  );
  const rows = await handle.db
    .select({ recipient: messages.recipient })
    .from(messages)
    .where(and(eq(messages.template, "newsletter"), eq(messages.entityId, newsletterId)));
  return rows.map((row) => row.recipient);
}

describe("mailing list", () => {
  it("'Join us' with an address on the list answers as for a new one and changes nothing", async () => {
    const asha = await insertSubscriber(handle.db, {
      name: "Asha",
      email: "asha@example.com",
      phone: "+919845012345",
    });
    const before = await registrationOf("asha@example.com");
    const fresh = await join({ name: "Nobody", email: "new@example.com", contact: "98450 11111" });
    const again = await join({
      name: "Mallory",
      email: "ASHA@example.com",
      contact: "+91 90000 00001",
    });
    // No token, no difference: the form tells nobody who is on the list.
    expect(again).toEqual(fresh);
    expect(again).toEqual({ status: 200, data: { ok: true, values: {}, errors: {} } });
    expect(JSON.stringify(again)).not.toContain(asha.unsubscribeToken);
    expect(await registrationOf("asha@example.com")).toEqual(before);
    // A subscriber gets no confirmation e-mail either.
    expect(await confirmationMails(handle.db, "asha@example.com")).toEqual([]);
  });

  it("an unsubscribed address joining again stays unsubscribed with its own data until it confirms", async () => {
    const left = new Date(Date.now() - 30 * 24 * 60 * 60_000);
    await insertSubscriber(handle.db, {
      name: "Ravi Kumar",
      email: "ravi.left@example.com",
      phone: "+919845022222",
      unsubscribedAt: left,
      at: new Date(left.getTime() - 60_000),
    });
    const before = await registrationOf("ravi.left@example.com");
    const again = await join({
      name: "Someone Else",
      email: "ravi.left@example.com",
      contact: "90000 00002",
    });
    expect(again).toEqual({ status: 200, data: { ok: true, values: {}, errors: {} } });
    const after = await registrationOf("ravi.left@example.com");
    expect(after).toMatchObject({
      name: "Ravi Kumar",
      phone: "+919845022222",
      unsubscribedAt: before?.unsubscribedAt,
      unsubscribeToken: before?.unsubscribeToken,
    });
    expect(await newsletterRecipients()).not.toContain("ravi.left@example.com");
    const [mail] = await confirmationMails(handle.db, "ravi.left@example.com");
    expect(mail?.params).toMatchObject({ confirmPath: expect.stringMatching(/^\/subscribe\//) });
    // The e-mail reveals none of the stored data, nor what the visitor typed.
    expect(JSON.stringify(mail?.params)).not.toMatch(/Ravi|Someone|919845022222|900000/);
  });

  it("a new address waits for confirmation: a confirmation e-mail, and no newsletter yet", async () => {
    const answer = await join({ name: "Mina", email: "mina@example.com", contact: "98450 33333" });
    expect(answer).toEqual({ status: 200, data: { ok: true, values: {}, errors: {} } });
    expect(await registrationOf("mina@example.com")).toMatchObject({
      name: "Mina",
      phone: "+919845033333",
      confirmedAt: null,
    });
    const mails = await confirmationMails(handle.db, "mina@example.com");
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ channel: "email", status: "pending", language: "en" });
    expect(await newsletterRecipients()).not.toContain("mina@example.com");
  });

  it("the unsubscribe link's GET only asks; a POST unsubscribes, idempotently", async () => {
    const { unsubscribeToken: token } = await insertSubscriber(handle.db, {
      name: "Lata",
      email: "lata@example.com",
    });
    const url = `http://localhost/unsubscribe/${token}`;
    const page = await routeAnswer<{ status: string }>(() =>
      unsubscribeRoute.loader(
        routeArgs<Parameters<typeof unsubscribeRoute.loader>[0]>(url, { params: { token } }),
      ),
    );
    expect(page).toMatchObject({ status: 200, body: { status: "subscribed" } });
    expect((await registrationOf("lata@example.com"))?.unsubscribedAt).toBeNull();
    expect(await newsletterRecipients()).toContain("lata@example.com");

    const unsubscribeBy = (form: Record<string, string>) =>
      routeAnswer<{ result: string }>(() =>
        unsubscribeRoute.action(
          routeArgs<Parameters<typeof unsubscribeRoute.action>[0]>(url, {
            form,
            params: { token },
          }),
        ),
      );
    // The page's button sends nothing else; a mail provider sends the RFC 8058 field.
    expect(await unsubscribeBy({})).toMatchObject({
      status: 200,
      body: { result: "unsubscribed" },
    });
    expect(await unsubscribeBy({ "List-Unsubscribe": "One-Click" })).toMatchObject({
      status: 200,
      body: { result: "already" },
    });
    expect((await registrationOf("lata@example.com"))?.unsubscribedAt).not.toBeNull();
    expect(await newsletterRecipients()).not.toContain("lata@example.com");
    const unknown = "x".repeat(43);
    const missing = await routeAnswer(() =>
      unsubscribeRoute.loader(
        routeArgs<Parameters<typeof unsubscribeRoute.loader>[0]>(
          `http://localhost/unsubscribe/${unknown}`,
          { params: { token: unknown } },
        ),
      ),
    );
    expect(missing.status).toBe(404);
  });

  it("stores e-mails in lower case through the action, so case does not duplicate", async () => {
    for (const email of ["Ravi@Example.com", "ravi@example.com"]) {
      const result = await joinAction(
        post<Parameters<typeof joinAction>[0]>("http://localhost/?index", {
          name: "Ravi",
          email,
          contact: "98450 12345",
        }),
      );
      expect(statusOf(result)).toBe(200);
    }
    const rows = await queryRows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from registrations where email = 'ravi@example.com'`,
    );
    expect(rows[0]?.n).toBe(1);
  });

  it("answers the 11th registration in an hour from one address with 429 and writes nothing", async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 11; i++) {
      const result = await joinAction(
        post<Parameters<typeof joinAction>[0]>("http://localhost/?index", {
          name: `Visitor ${i}`,
          email: `visitor${i}@example.com`,
          contact: "9845012345",
        }),
      );
      statuses.push(statusOf(result));
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
    const [row] = await handle.db
      .select()
      .from(registrations)
      .where(eq(registrations.email, "visitor11@example.com"));
    expect(row).toBeUndefined();
    const other = await joinAction(
      post<Parameters<typeof joinAction>[0]>(
        "http://localhost/?index",
        { name: "Other", email: "other@example.com", contact: "9845012345" },
        "198.51.100.9",
      ),
    );
    expect(statusOf(other)).toBe(200);
  });
});

describe("reviews", () => {
  it("accepts ratings 1 to 5 only, through the action, and writes nothing otherwise", async () => {
    const count = async () =>
      (await queryRows<{ n: number }>(handle.db, sql`select count(*)::int as n from reviews`))[0]
        ?.n;
    const before = await count();
    for (const rating of ["0", "6", "2.5", "five", "", "-1"]) {
      const result = await reviewAction(
        post<Parameters<typeof reviewAction>[0]>("http://localhost/review-page", {
          review: "Fine",
          rating,
        }),
      );
      expect(statusOf(result), rating).toBe(400);
    }
    expect(await count()).toBe(before);
    await expect(handle.db.insert(reviews).values({ body: "x", rating: 0 })).rejects.toThrow();
    const ok = await reviewAction(
      post<Parameters<typeof reviewAction>[0]>("http://localhost/review-page", {
        review: "Fine",
        rating: "4",
      }),
    );
    expect(statusOf(ok)).toBe(200);
    expect(await count()).toBe((before ?? 0) + 1);
  });

  it("keeps HTML as text, lists the newest published first and summarises them", async () => {
    await createReview(
      handle.db,
      { review: "<script>alert('x')</script> tidy team", rating: 5, displayName: "" },
      false,
    );
    await createReview(
      handle.db,
      { review: "Waiting for approval", rating: 1, displayName: "Z" },
      true,
    );
    const latest = await latestReviews(handle.db, 10);
    expect(latest[0]?.body).toBe("<script>alert('x')</script> tidy team");
    expect(latest.map((r) => r.body)).not.toContain("Waiting for approval");
    const summary = await reviewSummary(handle.db);
    const published = await queryRows<{ avg: string; n: number }>(
      handle.db,
      sql`select round(avg(rating), 1)::text as avg, count(*)::int as n from reviews where status = 'published'`,
    );
    expect(summary).toEqual({ average: Number(published[0]?.avg), count: published[0]?.n });
  });

  it("silently discards a filled honeypot", async () => {
    const before = await queryRows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from reviews`,
    );
    const result = await reviewAction(
      post<Parameters<typeof reviewAction>[0]>("http://localhost/review-page", {
        review: "Buy now",
        rating: "5",
        website: "http://spam",
      }),
    );
    expect(statusOf(result)).toBe(400);
    // No message at all: nothing tells a bot what gave it away.
    expect((result as unknown as { data: unknown }).data).toEqual({ values: {}, errors: {} });
    const after = await queryRows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from reviews`,
    );
    expect(after[0]?.n).toBe(before[0]?.n);
  });
});
