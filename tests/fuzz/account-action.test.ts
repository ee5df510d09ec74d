/**
 * Property-based fuzzing of the sign-in action at /account (docs/accounts.md "Signing in"):
 * 2,000 random payloads (intents, phones, codes, `redirectTo`) from a few client addresses. No
 * 5xx and no thrown error but a redirect to a same-site path; every answer is 200, 400, 422 or
 * 429 or that redirect; a session exists only after a redirect that accepted a code (a guessed
 * code is a one-in-a-million chance, so in practice none).
 */
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { useDatabaseHandle } from "~/db/db.server";
import { action } from "~/routes/account";
import { clientAddressContext } from "~/utils/request-context";
import { createTestDatabase, queryRows } from "../support/processes/test-database";
import { longString } from "./long-string";

const RUNS = 2_000;
let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDatabase();
  useDatabaseHandle(handle);
}, 120_000);
afterAll(async () => {
  await handle?.close();
});

const odd = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    "",
    "   ",
    "<script>alert(1)</script>",
    "'; drop table one_time_codes; --",
    "\u0000",
  ),
  longString(10_000, 10_100),
);
const phone = fc.oneof(
  fc.integer({ min: 6_000_000_000, max: 9_999_999_999 }).map(String),
  fc.constantFrom("+91 98450 12345", "098450 12345", "919845012345", "5845012345"),
  odd,
);
const code = fc.oneof(
  fc.integer({ min: 0, max: 999_999 }).map((n) => String(n).padStart(6, "0")),
  odd,
);
const payload = fc.record(
  {
    intent: fc.oneof(fc.constantFrom("send", "verify", "signOut", "signOutEverywhere"), odd),
    step: fc.oneof(fc.constantFrom("phone", "code"), odd),
    phone,
    code,
    redirectTo: fc.oneof(
      fc.constantFrom("/hi/account", "//evil.example", "https://evil.example"),
      odd,
    ),
  },
  { requiredKeys: [] },
);
const path = fc.constantFrom("/account", "/hi/account", "/kn/account.data");
const address = fc.integer({ min: 1, max: 8 }).map((n) => `10.9.0.${n}`);

describe("the /account action", () => {
  it(`answers ${RUNS} random payloads without a 5xx or a session it did not grant`, async () => {
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(payload, path, address, async (fields, at, client) => {
        const context = new RouterContextProvider();
        context.set(clientAddressContext, client);
        const body = new URLSearchParams(fields as Record<string, string>);
        const request = new Request(`http://localhost${at}`, { method: "POST", body });
        let status: number;
        try {
          const result = await action({ request, params: {}, context } as never);
          status = (result as { init?: ResponseInit | null })?.init?.status ?? 200;
        } catch (thrown) {
          if (!(thrown instanceof Response)) throw thrown;
          status = thrown.status;
          const location = thrown.headers.get("Location") ?? "";
          expect(location.startsWith("/") && !location.startsWith("//")).toBe(true);
          if (fields.intent === "verify") accepted += 1;
        }
        expect([200, 302, 400, 422, 429]).toContain(status);
      }),
      { numRuns: RUNS },
    );
    const [row] = await queryRows<{ sessions: number }>(
      handle.db,
      sql`select count(*)::int as sessions from customer_sessions`,
    );
    expect(row?.sessions).toBe(accepted);
  }, 600_000);
});
