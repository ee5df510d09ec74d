/**
 * Property-based fuzzing of the account's forms (docs/accounts.md "My account"): random
 * payloads to adding, editing, deleting and making default a saved address and to the language
 * form, signed in or not. No 5xx; a refused request (4xx) or a redirect to sign in changes
 * nothing; the address book stays valid: at most 10 per phone, exactly one default while there
 * is any, labels, states and PIN codes as the form allows.
 */
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { indianStates } from "~/features/orders/indian-states";
import { action as editAction } from "~/routes/account-address";
import { action as addAction } from "~/routes/account-address-new";
import { action as languageAction } from "~/routes/account-language";
import { signedInCustomer } from "../support/factories/customers";
import { answerOf, routeArgs } from "../support/factories/staff";
import { queryRows, testDatabaseForFile } from "../support/processes/test-database";
import { longString } from "./long-string";

const RUNS = 1_500;
const PHONE = "+919845012345";
const database = testDatabaseForFile();

/** The address book and the language rows, as one comparable text. */
async function snapshot(): Promise<string> {
  const [row] = await queryRows<{ book: string }>(
    database.db,
    sql`select coalesce(string_agg(concat_ws('|', id, phone, label, name, address_line1, address_line2,
          city, state, pin_code, is_default), ',' order by id), '') ||
        (select coalesce(string_agg(phone || language, ','), '') from customer_preferences) as book
        from customer_addresses`,
  );
  return row?.book ?? "";
}

async function expectValidBook(): Promise<void> {
  const rows = await queryRows<{ label: string; state: string; pin_code: string }>(
    database.db,
    sql`select label, state, pin_code from customer_addresses`,
  );
  expect(rows.length).toBeLessThanOrEqual(10);
  for (const row of rows) {
    expect(["home", "office", "other"]).toContain(row.label);
    expect(indianStates as readonly string[]).toContain(row.state);
    expect(row.pin_code).toMatch(/^[1-9][0-9]{5}$/);
  }
  const [defaults] = await queryRows<{ n: number; total: number }>(
    database.db,
    sql`select count(*) filter (where is_default)::int as n, count(*)::int as total from customer_addresses`,
  );
  expect(defaults?.n).toBe(defaults?.total ? 1 : 0);
}

const odd = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    "",
    "   ",
    "<script>alert(1)</script>",
    "'; drop table customer_addresses; --",
    "\u0000",
  ),
  longString(10_000, 10_100),
);
function mostly(valid: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.oneof({ arbitrary: valid, weight: 4 }, { arbitrary: odd, weight: 1 });
}

const addressForm = fc.record({
  label: mostly(fc.constantFrom("home", "office", "other")),
  name: mostly(fc.constantFrom("Meera Iyer", "रवि", "ಅನು")),
  addressLine1: mostly(fc.constantFrom("8 Church Street", "Flat 2B")),
  addressLine2: mostly(fc.constantFrom("Ashok Nagar", "Near the temple")),
  city: mostly(fc.constantFrom("Bengaluru", "Mysuru")),
  state: mostly(fc.constantFrom("Karnataka", "Delhi", "Tamil Nadu")),
  pinCode: mostly(fc.constantFrom("560001", "570001", "110001", "600001", "999999")),
  makeDefault: fc.constantFrom("", "on"),
  intent: mostly(fc.constantFrom("save", "delete", "makeDefault")),
  language: mostly(fc.constantFrom("en", "hi", "kn")),
});

/** Posts `form` to `handler` at `url`; checks no 5xx and, when refused, that nothing changed. */
async function post(
  handler: (args: never) => Promise<unknown>,
  url: string,
  form: Record<string, string>,
  options: { cookie?: string; params?: Record<string, string> },
): Promise<void> {
  const before = await snapshot();
  const answer = await answerOf(() => handler(routeArgs<never>(url, { ...options, form })));
  expect(answer.status).toBeLessThan(500);
  if (answer.status >= 400 || answer.location?.includes("redirectTo")) {
    expect(await snapshot()).toBe(before);
  }
}

describe("the address book's forms", () => {
  it(`answer ${RUNS} random payloads each without a 5xx and keep the book valid`, async () => {
    const { cookie } = await signedInCustomer(database.db, PHONE);
    await fc.assert(
      fc.asyncProperty(
        addressForm,
        fc.boolean(),
        fc.oneof(fc.integer({ min: 1, max: 40 }).map(String), odd),
        async (form, signedIn, id) => {
          const options = signedIn ? { cookie } : {};
          await post(addAction, "http://localhost/account/addresses/new", form, options);
          await post(
            editAction,
            `http://localhost/account/addresses/${encodeURIComponent(id)}`,
            form,
            {
              ...options,
              params: { id },
            },
          );
          await post(
            languageAction,
            "http://localhost/account/language",
            { language: form.language },
            options,
          );
        },
      ),
      { numRuns: RUNS },
    );
    await expectValidBook();
  }, 600_000);
});
