/**
 * Property-based fuzzing of the 'Join us' and review actions (docs/community.md):
 * 10,000 random payloads each from a few client addresses. No 5xx; refused requests write
 * nothing (no registration, no message: a 'Join us' queues its confirmation e-mail only when it
 * is accepted); every stored row is valid.
 */
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { useDatabaseHandle } from "~/db/db.server";
import { action as joinAction } from "~/routes/home";
import { action as reviewAction } from "~/routes/review-page";
import { clientAddressContext } from "~/utils/request-context";
import { createTestDatabase, queryRows } from "../support/processes/test-database";
import { longString } from "./long-string";

const RUNS = 10_000;
let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDatabase();
  useDatabaseHandle(handle);
}, 120_000);
afterAll(async () => {
  await handle?.close();
});

async function counts() {
  const [row] = await queryRows<{ registrations: string; reviews: number; messages: number }>(
    handle.db,
    sql`select
      (select count(*)::int from messages) as messages,
      (select coalesce(string_agg(email || name || phone || language || coalesce(unsubscribed_at::text, '')
         || coalesce(confirmed_at::text, '') || coalesce(confirm_sent_at::text, ''), ',' order by id), '') from registrations) as registrations,
      (select count(*)::int from reviews) as reviews`,
  );
  return row;
}

function statusOf(result: unknown): number {
  return (result as { init?: ResponseInit | null } | null)?.init?.status ?? 200;
}

function args<T>(url: string, body: URLSearchParams, address: string): T {
  const context = new RouterContextProvider();
  context.set(clientAddressContext, address);
  return {
    request: new Request(url, { method: "POST", body }),
    params: {},
    context,
  } as unknown as T;
}

function mostly<T>(valid: fc.Arbitrary<T>, invalid: fc.Arbitrary<T>): fc.Arbitrary<T> {
  return fc.oneof({ arbitrary: valid, weight: 4 }, { arbitrary: invalid, weight: 1 });
}

const odd = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    "",
    "   ",
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    "'; drop table reviews; --",
    "\u0000",
  ),
  longString(100_000, 100_100),
);
const address = fc.integer({ min: 1, max: 2000 }).map((n) => `10.0.${n >> 8}.${n & 255}`);
const honeypot = fc.oneof(
  { arbitrary: fc.constant(""), weight: 9 },
  { arbitrary: fc.string({ minLength: 1, maxLength: 20 }), weight: 1 },
);

describe("'Join us' action", () => {
  it(`answers ${RUNS} random payloads without a 5xx and keeps one valid row per e-mail`, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          name: mostly(fc.constantFrom("Asha", "Ravi Kumar", "<b>Mina</b>"), odd),
          email: mostly(fc.constantFrom("asha@example.com", "Ravi@Example.com", "x@y.in"), odd),
          contact: mostly(fc.constantFrom("9845012345", "+91 70000 00000", "012345"), odd),
          website: honeypot,
        }),
        address,
        async (fields, client) => {
          const before = await counts();
          const result = await joinAction(
            args<Parameters<typeof joinAction>[0]>(
              "http://localhost/?index",
              new URLSearchParams(fields),
              client,
            ),
          );
          const status = statusOf(result);
          expect(status).toBeLessThan(500);
          if (status >= 400) expect(await counts()).toEqual(before);
        },
      ),
      { numRuns: RUNS },
    );
    const [bad] = await queryRows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from registrations
          where email <> lower(email) or email !~ '^[^@\\s]+@[^@\\s]+$' or phone !~ '^\\+91[6-9][0-9]{9}$'
             or char_length(name) not between 1 and 100`,
    );
    expect(bad?.n).toBe(0);
  }, 600_000);
});

describe("review action", () => {
  it(`answers ${RUNS} random payloads without a 5xx and stores only valid reviews`, async () => {
    let stored = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          review: mostly(
            fc.constantFrom(
              "Quick and honest pickup.",
              "<script>alert(1)</script>",
              "Good\n\nplants",
            ),
            odd,
          ),
          rating: mostly(
            fc.constantFrom("1", "2", "3", "4", "5"),
            fc.constantFrom("0", "6", "2.5", "five", "", "-1", "05", " 4"),
          ),
          displayName: mostly(fc.constantFrom("", "Asha", "R."), odd),
          website: honeypot,
        }),
        address,
        async (fields, client) => {
          const before = await counts();
          const result = await reviewAction(
            args<Parameters<typeof reviewAction>[0]>(
              "http://localhost/review-page",
              new URLSearchParams(fields),
              client,
            ),
          );
          const status = statusOf(result);
          expect(status).toBeLessThan(500);
          if (status >= 400) expect(await counts()).toEqual(before);
          else stored++;
        },
      ),
      { numRuns: RUNS },
    );
    expect(stored).toBeGreaterThan(0);
    const [bad] = await queryRows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from reviews
          where rating not between 1 and 5 or char_length(body) not between 1 and 1000 or body <> btrim(body)
             or char_length(coalesce(display_name, '')) > 60`,
    );
    expect(bad?.n).toBe(0);
  }, 600_000);
});
