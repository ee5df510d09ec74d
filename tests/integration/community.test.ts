import { eq, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { registrations, reviews } from "~/db/schema/community";
import {
  createReview,
  latestReviews,
  reviewSummary,
  unsubscribe,
  upsertRegistration,
} from "~/features/community/community.server";
import { action as joinAction } from "~/routes/home";
import { action as reviewAction } from "~/routes/review-page";
import { resetRateLimits } from "~/utils/rate-limit.server";
import { clientAddressContext } from "~/utils/request-context";
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

describe("mailing list", () => {
  it("the same e-mail again updates the one row instead of adding another", async () => {
    const first = await upsertRegistration(handle.db, {
      name: "Asha",
      email: "asha@example.com",
      contact: "+919845012345",
    });
    await unsubscribe(handle.db, first.unsubscribeToken);
    const second = await upsertRegistration(handle.db, {
      name: "Asha Rao",
      email: "asha@example.com",
      contact: "+919000000001",
    });
    expect(first.created).toBe(true);
    expect(second).toEqual({ unsubscribeToken: first.unsubscribeToken, created: false });
    const rows = await handle.db
      .select()
      .from(registrations)
      .where(eq(registrations.email, "asha@example.com"));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: "Asha Rao",
      phone: "+919000000001",
      unsubscribedAt: null,
    });
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

  it("unsubscribes with one call, idempotently", async () => {
    const { unsubscribeToken } = await upsertRegistration(handle.db, {
      name: "Mina",
      email: "mina@example.com",
      contact: "+919845012345",
    });
    expect(await unsubscribe(handle.db, unsubscribeToken)).toBe("unsubscribed");
    expect(await unsubscribe(handle.db, unsubscribeToken)).toBe("already");
    expect(await unsubscribe(handle.db, "x".repeat(43))).toBe("unknown");
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
