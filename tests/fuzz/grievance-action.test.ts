/**
 * Property-based fuzzing of the grievance action (docs/accounts.md "Notice, consent and
 * grievances"): 3,000 random payloads from a few hundred client addresses. No 5xx; refused
 * requests write nothing (no grievance, no message); every stored grievance is valid.
 */
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { useDatabaseHandle } from "~/db/db.server";
import { action as grievanceAction } from "~/routes/grievance";
import { clientAddressContext } from "~/utils/request-context";
import { createTestDatabase, queryRows } from "../support/processes/test-database";
import { longString } from "./long-string";

const RUNS = 3_000;
let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDatabase();
  useDatabaseHandle(handle);
}, 120_000);
afterAll(async () => {
  await handle?.close();
});

async function counts() {
  const [row] = await queryRows<{ grievances: number; messages: number }>(
    handle.db,
    sql`select (select count(*)::int from grievances) as grievances,
               (select count(*)::int from messages) as messages`,
  );
  return row;
}

function mostly<T>(valid: fc.Arbitrary<T>, invalid: fc.Arbitrary<T>): fc.Arbitrary<T> {
  return fc.oneof({ arbitrary: valid, weight: 4 }, { arbitrary: invalid, weight: 1 });
}

const odd = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom("", "   ", "<script>alert(1)</script>", "'; drop table grievances; --", "\u0000"),
  longString(100_000, 100_100),
);

describe("grievance action", () => {
  it(`answers ${RUNS} random payloads without a 5xx and stores only valid grievances`, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          name: mostly(fc.constantFrom("Asha", "ಆಶಾ ರಾವ್"), odd),
          phone: mostly(fc.constantFrom("", "9845012345", "+91 70000 00000"), odd),
          email: mostly(fc.constantFrom("", "asha@example.com", "Ravi@Example.com"), odd),
          topic: mostly(fc.constantFrom("access", "erase", "service", "other"), odd),
          details: mostly(fc.constantFrom("Please erase my address.", "ಪಿಕಪ್ ಬರಲಿಲ್ಲ"), odd),
          website: fc.oneof(
            { arbitrary: fc.constant(""), weight: 9 },
            { arbitrary: fc.string({ minLength: 1, maxLength: 20 }), weight: 1 },
          ),
        }),
        fc.integer({ min: 1, max: 400 }),
        async (fields, n) => {
          const before = await counts();
          const context = new RouterContextProvider();
          context.set(clientAddressContext, `10.1.${n >> 8}.${n & 255}`);
          const result = await grievanceAction({
            request: new Request("http://localhost/kn/grievance", {
              method: "POST",
              body: new URLSearchParams(fields),
            }),
            params: {},
            context,
          } as unknown as Parameters<typeof grievanceAction>[0]);
          const status = (result as { init?: ResponseInit | null } | null)?.init?.status ?? 200;
          expect(status).toBeLessThan(500);
          if (status >= 400) expect(await counts()).toEqual(before);
        },
      ),
      { numRuns: RUNS },
    );
    const [bad] = await queryRows<{ n: number }>(
      handle.db,
      sql`select count(*)::int as n from grievances
          where (phone is null and email is null)
             or (phone is not null and phone !~ '^\\+91[6-9][0-9]{9}$')
             or (email is not null and email <> lower(email))
             or char_length(name) not between 1 and 100
             or ticket !~ '^GR-[0-9A-Z]{6}$'`,
    );
    expect(bad?.n).toBe(0);
  }, 600_000);
});
