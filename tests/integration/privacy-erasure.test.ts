/**
 * A customer's rights over their data (docs/accounts.md "Download my data", "Personal data and
 * erasure"), against a freshly migrated database (PGlite, or PostgreSQL with TEST_DATABASE_URL):
 * - the export (JSON and CSV) holds the pickup, weigh sheet, coupon, order, registration and
 *   saved address rows of that phone and nothing of another phone;
 * - erasure writes the tombstone into every mapped column of the customer's rows, keeps a bill's
 *   buyer details, deletes the registration, leaves another phone untouched, records an erasure
 *   row and an audit row, and changes nothing on a second run;
 * - erasure is refused, changing nothing, while an order is open or a pickup is booked.
 */
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "~/db/schema/audit";
import { registrations } from "~/db/schema/community";
import { customerAddresses } from "~/db/schema/customer-profile";
import { verifiedPhones } from "~/db/schema/customer-sign-in";
import { erasureLog } from "~/db/schema/erasure";
import { messages } from "~/db/schema/messages";
import { pickups } from "~/db/schema/pickups";
import { orders } from "~/db/schema/shop";
import { ErasureRefusedError, eraseCustomer, phoneHash } from "~/features/privacy/erasure.server";
import { ERASED_NAME, personalDataMap } from "~/features/privacy/personal-data";
import { exportPersonalData, personalDataCsvRows } from "~/features/privacy/personal-data.server";
import * as orderTrackingRoute from "~/routes/order-tracking";
import * as pickupTrackingRoute from "~/routes/pickup-tracking";
import { type CustomerRecords, customerRecords } from "../support/factories/customer-records";
import { signedInCustomer } from "../support/factories/customers";
import { routeAnswer, routeArgs } from "../support/factories/staff";
import { queryRows, testDatabaseForFile } from "../support/processes/test-database";

const handle = testDatabaseForFile({ seeded: true });
const now = new Date();
let alice: CustomerRecords;
let bob: CustomerRecords;

beforeAll(async () => {
  alice = await customerRecords(handle.db, "+919845000001", now);
  bob = await customerRecords(handle.db, "+919845000002", now);
  await signedInCustomer(handle.db, alice.phone);
  await signedInCustomer(handle.db, bob.phone);
  // Alice once entered a correct code (docs/shop.md "Confirming a cash-on-delivery order").
  await handle.db
    .insert(verifiedPhones)
    .values({ phone: alice.phone, firstVerifiedAt: now, lastVerifiedAt: now });
});

describe("download my data", () => {
  it("holds the phone's pickup, weigh sheet, coupon, orders, registration and messages, nothing of another phone", async () => {
    const data = await exportPersonalData(handle.db, alice.phone);
    expect(data.pickups.map((p) => p.id)).toEqual([alice.pickupId]);
    expect(data.pickups[0]).toMatchObject({ phone: alice.phone, addressLine1: "8 Church Street" });
    expect(data.weigh_sheets).toHaveLength(1);
    expect(data.coupons.map((c) => c.code)).toEqual([alice.couponCode]);
    expect(data.orders.map((o) => o.id)).toEqual([alice.billId, alice.cancelledOrderId]);
    expect(data.orders[0]).toMatchObject({ totalPaise: 20000, discountPaise: 10000 });
    expect(data.coupon_redemptions).toHaveLength(1);
    expect(data.registrations.map((r) => r.id)).toEqual([alice.registrationId]);
    expect(data.customer_addresses).toMatchObject([{ phone: alice.phone, pinCode: "560001" }]);
    expect(data.registrations[0]).not.toHaveProperty("unsubscribeToken");
    // To the phone, to the e-mail about the order, the e-mail's pending one, the sign-in code;
    // not the staff digest.
    expect(data.messages).toHaveLength(4);
    expect(data.customer_sessions).toHaveLength(1);
    expect(data.customer_sessions[0]).not.toHaveProperty("idHash");
    expect(data.verified_phones).toMatchObject([{ phone: alice.phone }]);
    const text = JSON.stringify(data);
    expect(text).not.toContain(bob.phone);
    expect(text).not.toContain(bob.email);
    expect(text).not.toContain(bob.couponCode);
  });

  it("as CSV: a section per table with its header and rows, nothing of another phone", async () => {
    const rows = [...personalDataCsvRows(await exportPersonalData(handle.db, alice.phone))];
    const section = (table: string) => {
      const start = rows.findIndex((row) => row[0] === `# ${table}`);
      const end = rows.findIndex((row, i) => i > start && row.length === 0);
      return rows.slice(start + 1, end);
    };
    const [header = [], ...orderRows] = section("orders");
    expect(orderRows).toHaveLength(2);
    expect(orderRows[0]?.[header.indexOf("phone")]).toBe(alice.phone);
    expect(orderRows[0]?.[header.indexOf("totalPaise")]).toBe(20000);
    const [couponHeader = [], ...couponRows] = section("coupons");
    expect(couponRows.map((row) => row[couponHeader.indexOf("code")])).toEqual([alice.couponCode]);
    expect(section("pickups")).toHaveLength(2);
    const [addressHeader = [], ...addressRows] = section("customer_addresses");
    expect(addressRows.map((row) => row[addressHeader.indexOf("addressLine1")])).toEqual([
      "8 Church Street",
    ]);
    expect(JSON.stringify(rows)).not.toContain(bob.phone);
  });
});

describe("erase my data", () => {
  it("is refused while an order is open, saying which, and changes nothing", async () => {
    const carol = await customerRecords(handle.db, "+919845000003", now);
    await handle.db.update(orders).set({ status: "shipped" }).where(eq(orders.id, carol.billId));
    const [bill] = await handle.db.select().from(orders).where(eq(orders.id, carol.billId));
    const refusal = await eraseCustomer(handle.db, carol.phone, now).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(ErasureRefusedError);
    expect(refusal).toMatchObject({
      id: "errors.erasure.orderOpen",
      values: { reference: bill?.reference },
      status: 409,
    });
    expect((refusal as Error).message).toBe(
      `Your order ${bill?.reference} is still open. You can erase your data once it is delivered or cancelled.`,
    );
    const [pickup] = await handle.db.select().from(pickups).where(eq(pickups.id, carol.pickupId));
    expect(pickup?.phone).toBe(carol.phone);
  });

  it("is refused while a pickup is booked", async () => {
    const dev = await customerRecords(handle.db, "+919845000004", now);
    await handle.db
      .update(pickups)
      .set({ status: "confirmed" })
      .where(eq(pickups.id, dev.pickupId));
    await expect(eraseCustomer(handle.db, dev.phone, now)).rejects.toMatchObject({
      id: "errors.erasure.pickupActive",
      values: { reference: dev.pickupReference },
    });
  });

  it("writes the tombstone into every mapped column, keeps the bill's buyer, leaves another phone alone; a second run changes nothing", async () => {
    const result = await eraseCustomer(handle.db, alice.phone, now);
    expect(result).toEqual({
      erased: true,
      counts: {
        pickups: 1,
        weigh_sheets: 1,
        orders: 2,
        messages: 5,
        registrations: 1,
        customer_addresses: 1,
        customer_preferences: 0,
        customer_sessions: 1,
        one_time_codes: 0,
        verified_phones: 1,
      },
    });
    await expectTombstones();
    const [bill] = await handle.db.select().from(orders).where(eq(orders.id, alice.billId));
    expect(bill).toMatchObject({
      name: `Buyer ${alice.phone}`,
      state: "Karnataka",
      phone: "",
      email: "",
    });
    const [cancelled] = await handle.db
      .select()
      .from(orders)
      .where(eq(orders.id, alice.cancelledOrderId));
    expect(cancelled).toMatchObject({ name: ERASED_NAME, address: "Erased", pinCode: "999999" });
    expect(
      await handle.db
        .select()
        .from(registrations)
        .where(eq(registrations.id, alice.registrationId)),
    ).toEqual([]);
    expect(
      await handle.db
        .select()
        .from(customerAddresses)
        .where(eq(customerAddresses.phone, alice.phone)),
    ).toEqual([]);
    const [digest] = await handle.db
      .select({ params: messages.params })
      .from(messages)
      .where(eq(messages.dedupeKey, `digest:${await pickupDate(alice)}:${alice.pickupReference}`));
    expect(JSON.stringify(digest?.params)).not.toContain(alice.phone);
    expect(JSON.stringify(digest?.params)).toContain(ERASED_NAME);

    const proof = await handle.db
      .select()
      .from(erasureLog)
      .where(eq(erasureLog.phoneHash, phoneHash(alice.phone)));
    expect(proof).toMatchObject([{ reason: "request", counts: result.counts }]);
    const audit = await handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "customer.erased"));
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain(alice.phone);

    await expectTrackingLinksClean();

    expect((await exportPersonalData(handle.db, bob.phone)).pickups[0]).toMatchObject({
      name: `Seller ${bob.phone}`,
      phone: bob.phone,
    });
    expect(await eraseCustomer(handle.db, alice.phone, now)).toMatchObject({ erased: false });
    expect(
      await handle.db
        .select()
        .from(erasureLog)
        .where(eq(erasureLog.phoneHash, phoneHash(alice.phone))),
    ).toHaveLength(1);
  });
});

/** The pickup's tracking page shows tombstones; the kept bill's old tracking link is gone. */
async function expectTrackingLinksClean() {
  const token = alice.pickupToken;
  const page = await routeAnswer(() =>
    pickupTrackingRoute.loader(
      routeArgs(`http://localhost/pickups/${token}`, { params: { token } }),
    ),
  );
  expect(page.status).toBe(200);
  const shown = JSON.stringify(page.body);
  for (const personal of [alice.phone, alice.email, `Seller ${alice.phone}`, "8 Church Street"]) {
    expect(shown).not.toContain(personal);
  }
  const orderPage = await routeAnswer(() =>
    orderTrackingRoute.loader(
      routeArgs(`http://localhost/orders/${alice.billToken}`, {
        params: { token: alice.billToken },
      }),
    ),
  );
  expect(orderPage.status).toBe(404);
}

async function pickupDate(records: CustomerRecords): Promise<string> {
  const [row] = await handle.db
    .select({ date: pickups.pickupDate })
    .from(pickups)
    .where(eq(pickups.id, records.pickupId));
  return row?.date ?? "";
}

/**
 * Every tombstone column of the map holds its tombstone on alice's rows (or null, where it was);
 * a tombstone with `<id>` in it is the row's id there, on the rows that held personal data.
 */
async function expectTombstones() {
  const idsOf = async (query: ReturnType<typeof sql>) =>
    (await queryRows<{ id: number }>(handle.db, query)).map((row) => row.id);
  const ids: Record<string, number[]> = {
    pickups: [alice.pickupId],
    orders: [alice.billId, alice.cancelledOrderId],
    claims: [alice.claimId],
    weigh_sheets: await idsOf(sql`select id from weigh_sheets where pickup_id = ${alice.pickupId}`),
    messages: await idsOf(
      sql`select id from messages where recipient = '' or dedupe_key like ${"erased:%"}`,
    ),
  };
  expect(ids.messages).toHaveLength(4);
  let checked = 0;
  for (const entry of personalDataMap) {
    const rowIds = ids[entry.table];
    if (entry.effect.kind !== "tombstone" || !rowIds) continue;
    const tombstone = entry.effect.value;
    const values = await queryRows<{ id: number; value: unknown }>(
      handle.db,
      sql`select id, ${sql.identifier(entry.column)} as value from ${sql.identifier(entry.table)}
          where id in ${rowIds}`,
    );
    expect(values).toHaveLength(rowIds.length);
    for (const { id, value } of values) {
      const shown = [entry.column, value];
      if (tombstone?.includes("<id>")) {
        expect(JSON.stringify(value)).not.toContain(alice.phone);
      } else if (value !== null) {
        expect(shown).toEqual([entry.column, tombstone === "{}" ? {} : tombstone]);
      }
      if (tombstone?.includes("<id>") && String(value).startsWith("erased:")) {
        expect(shown).toEqual([entry.column, tombstone.replace("<id>", String(id))]);
      }
    }
    checked += 1;
  }
  expect(checked).toBe(personalDataMap.filter((e) => e.effect.kind === "tombstone").length);
}
