/**
 * Property-based fuzzing of 'Erase my data' (docs/accounts.md "Personal data and erasure"):
 * 2,000 random payloads from a signed-in customer whose order is still open. No 5xx; nothing is
 * ever erased (a payload without `confirm=yes` is 422, with it the open order refuses, 409).
 */
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { useDatabaseHandle } from "~/db/db.server";
import { orders } from "~/db/schema/shop";
import { action } from "~/routes/account-data";
import { customerRecords } from "../support/factories/customer-records";
import { signedInCustomer } from "../support/factories/customers";
import { routeAnswer, routeArgs } from "../support/factories/staff";
import { createTestDatabase, queryRows } from "../support/processes/test-database";
import { longString } from "./long-string";

const RUNS = 2_000;
const PHONE = "+919845400001";
let handle: DatabaseHandle;
let cookie: string;

beforeAll(async () => {
  handle = await createTestDatabase();
  useDatabaseHandle(handle);
  const records = await customerRecords(handle.db, PHONE);
  await handle.db
    .update(orders)
    .set({ status: "placed" })
    .where(sql`${orders.id} = ${records.billId}`);
  cookie = (await signedInCustomer(handle.db, PHONE)).cookie;
}, 120_000);
afterAll(async () => {
  await handle?.close();
});

async function heldRows(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    handle.db,
    sql`select (select count(*)::int from pickups where phone = ${PHONE})
      + (select count(*)::int from orders where phone = ${PHONE}) as n`,
  );
  return row?.n ?? 0;
}

const odd = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom("", "yes", "YES", " yes", "yes\u0000", "true", "on", "<script>"),
  longString(10_000, 10_100),
);

describe("'Erase my data' action", () => {
  it(`answers ${RUNS} random payloads without a 5xx and erases nothing while an order is open`, async () => {
    const before = await heldRows();
    expect(before).toBe(3);
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.constantFrom("confirm", "intent", "phone", "x"), odd, { maxKeys: 3 }),
        async (fields) => {
          const answer = await routeAnswer(() =>
            action(routeArgs("http://localhost/account/data", { cookie, form: fields })),
          );
          expect(answer.status).toBe(fields.confirm === "yes" ? 409 : 422);
        },
      ),
      { numRuns: RUNS },
    );
    expect(await heldRows()).toBe(before);
  }, 600_000);
});
