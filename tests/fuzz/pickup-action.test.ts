/**
 * Property-based fuzzing of the booking action (docs/pickups.md): 10,000 random payloads.
 * No answer is a 5xx, a refused booking writes nothing, and every stored pickup is valid:
 * a configured slot inside the window, a mobile number and PIN code in shape, an estimate
 * equal to its lines, and no slot above capacity.
 */
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { useDatabaseHandle } from "~/db/db.server";
import { seedDatabase } from "~/db/seed.server";
import { defaultPickupConfig } from "~/features/pickups/pickup-config";
import { action } from "~/routes/orderpage";
import { addDays, todayInKolkata } from "~/utils/dates";
import { createTestDatabase, queryRows } from "../support/processes/test-database";
import { longString } from "./long-string";

const RUNS = 10_000;
let handle: DatabaseHandle;
let materialIds: string[] = [];

beforeAll(async () => {
  handle = await createTestDatabase();
  await seedDatabase(handle.db);
  useDatabaseHandle(handle);
  const rows = await queryRows<{ id: number }>(handle.db, sql`select id from scrap_materials`);
  materialIds = rows.map((row) => String(row.id));
}, 120_000);
afterAll(async () => {
  await handle?.close();
});

async function counts() {
  const [row] = await queryRows<{ pickups: number; items: number }>(
    handle.db,
    sql`select (select count(*)::int from pickups) as pickups, (select count(*)::int from pickup_items) as items`,
  );
  return row;
}

function statusOf(result: unknown): number {
  if (result instanceof Response) return result.status;
  return (result as { init?: ResponseInit | null } | null)?.init?.status ?? 200;
}

const odd = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom(
    "",
    " ",
    "-1",
    "0",
    "1e9",
    "NaN",
    "\u0000",
    "a\u0000b",
    "abc",
    "<b>x</b>",
    "'; delete from pickups; --",
  ),
  longString(10_000, 10_240),
);

/** Valid nine times in ten, so that whole valid bookings happen often too. */
function mostly<T>(valid: fc.Arbitrary<T>, invalid: fc.Arbitrary<T>): fc.Arbitrary<T> {
  return fc.oneof({ arbitrary: valid, weight: 9 }, { arbitrary: invalid, weight: 1 });
}

describe("booking action", () => {
  it(`answers ${RUNS} random payloads without a 5xx and stores only valid pickups`, async () => {
    const today = todayInKolkata(new Date());
    const dates = Array.from({ length: 16 }, (_, i) => addDays(today, i - 1));
    let booked = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          name: mostly(fc.constant("Ravi Kumar"), odd),
          email: mostly(fc.constant("ravi@example.com"), odd),
          phone: mostly(fc.constantFrom("9845012345", "+91 70000 00000", "5845012345"), odd),
          addressLine1: mostly(fc.constant("4 Residency Road"), odd),
          addressLine2: mostly(fc.constant("Flat 2B"), odd),
          city: mostly(fc.constant("Bengaluru"), odd),
          pinCode: mostly(fc.constantFrom("560025", "012345", "56002"), odd),
          pickupDate: fc.oneof(
            fc.constantFrom(...dates, "2026-02-31", "2026-13-01", "22/11/2026"),
            odd,
          ),
          pickupTime: fc.oneof(
            fc.constantFrom(
              ...defaultPickupConfig.slots.map((s) => s.start),
              "10:00",
              "9:00",
              "09:00:00",
              "25:00",
            ),
            odd,
          ),
          reward: mostly(fc.constantFrom("plants", "coupon", "money"), odd),
          idempotencyKey: mostly(fc.stringMatching(/^[A-Za-z0-9_-]{22}$/), odd),
          rows: fc.array(
            fc.record({
              material: mostly(fc.constantFrom(...materialIds, "999999", ""), odd),
              kg: fc.oneof(
                fc.constantFrom("2", "0.5", "12.345", "0", "-3", "5000", "5000.001", "1e3", ""),
                fc.constantFrom("2,5", "1,000", "1,234.5", " 2.5 ", "2.5000", "1,23,456"),
                odd,
              ),
            }),
            { maxLength: 4 },
          ),
        }),
        async ({ rows, ...fields }) => {
          const body = new URLSearchParams(fields);
          for (const row of rows) {
            body.append("material", row.material);
            body.append("kg", row.kg);
          }
          const before = await counts();
          const request = new Request("http://localhost/orderpage", { method: "POST", body });
          const result = await action({
            request,
            params: {},
            context: new RouterContextProvider(),
          } as unknown as Parameters<typeof action>[0]);
          const status = statusOf(result);
          expect(status).toBeLessThan(500);
          if (status >= 400) expect(await counts()).toEqual(before);
          if (status === 303) booked++;
        },
      ),
      { numRuns: RUNS },
    );
    expect(booked).toBeGreaterThan(0);
    // The action reads the clock itself: a run that crosses midnight in Asia/Kolkata may book up
    // to 13 days after the day it ends on.
    const lastDay = addDays(todayInKolkata(new Date()), 13);

    const slots = defaultPickupConfig.slots.map((s) => s.start);
    const [bad] = await queryRows<{ n: number }>(
      handle.db,
      sql`select
          (select count(*) from pickups where slot_start <> all(string_to_array(${slots.join(",")}, ',')))
        + (select count(*) from pickups where phone !~ '^\\+91[6-9][0-9]{9}$' or pin_code !~ '^[1-9][0-9]{5}$')
        + (select count(*) from pickups where pickup_date < ${today}::date or pickup_date > ${lastDay}::date)
        + (select count(*) from pickups p where estimate_paise <> (select coalesce(sum(round(rate_paise_per_kg::bigint * estimated_grams / 1000.0)), 0) from pickup_items i where i.pickup_id = p.id))
        + (select count(*) from pickup_items where estimated_grams <= 0 or estimated_grams > 5000000)
        + (select count(*) from (select 1 from pickups where status in ('requested','confirmed') group by pickup_date, slot_start having count(*) > ${defaultPickupConfig.slotCapacity}) full_slots)
        as n`,
    );
    expect(Number(bad?.n)).toBe(0);
  }, 600_000);
});
