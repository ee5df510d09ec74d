/**
 * Correcting one's name and e-mail at /account/details (docs/accounts.md "Correcting your
 * details"): not signed in is sent to sign in; the form starts from the latest record; bad input
 * is refused next to the fields in Hindi and changes nothing; a valid correction changes the
 * phone's pickup and its cancelled order, not its delivered order (a bill) nor another phone's
 * records, with one audit row per record and no personal value in it.
 */
import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "~/db/schema/audit";
import { pickups } from "~/db/schema/pickups";
import { orders } from "~/db/schema/shop";
import { action, loader } from "~/routes/account-details";
import { type CustomerRecords, customerRecords } from "../support/factories/customer-records";
import { signedInCustomer } from "../support/factories/customers";
import { callRoute, routeAnswer, routeArgs, statusOf } from "../support/factories/staff";
import { testDatabaseForFile } from "../support/processes/test-database";

const handle = testDatabaseForFile({ seeded: true });
const now = new Date();
let meera: CustomerRecords;
let other: CustomerRecords;
let cookie: string;

beforeAll(async () => {
  meera = await customerRecords(handle.db, "+919845000011", now);
  other = await customerRecords(handle.db, "+919845000012", now);
  cookie = (await signedInCustomer(handle.db, meera.phone)).cookie;
});

async function names(ids: { pickups: number[]; orders: number[] }) {
  const p = await handle.db
    .select({ id: pickups.id, name: pickups.name, email: pickups.email })
    .from(pickups)
    .where(inArray(pickups.id, ids.pickups));
  const o = await handle.db
    .select({ id: orders.id, name: orders.name, email: orders.email })
    .from(orders)
    .where(inArray(orders.id, ids.orders));
  return { pickups: p, orders: o };
}

const post = (form: Record<string, string>, path = "/hi/account/details") =>
  routeAnswer<{ errors: Record<string, string> }>(() =>
    action(routeArgs(`http://localhost${path}`, { form, cookie })),
  );

describe("/account/details", () => {
  it("sends a visitor who is not signed in to the sign-in page", async () => {
    const result = await callRoute(loader, "http://localhost/hi/account/details");
    expect(statusOf(result)).toBe(302);
    expect((result as Response).headers.get("Location")).toMatch(/^\/hi\/account\?/);
  });

  it("refuses a blank name and a bad e-mail next to the fields, in Hindi, changing nothing", async () => {
    const ids = {
      pickups: [meera.pickupId],
      orders: [meera.billId, meera.cancelledOrderId],
    };
    const before = await names(ids);
    const refused = await post({ name: "  ", email: "not-an-address" });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.errors).sort()).toEqual(["email", "name"]);
    expect(refused.body.errors.name).toMatch(/[\u0900-\u097F]/);
    expect(refused.body.errors.email).toMatch(/[\u0900-\u097F]/);
    expect(await names(ids)).toEqual(before);
  });

  it("corrects the pickups and open or cancelled orders of the phone, not a delivered order nor another phone's", async () => {
    const page = (await callRoute(loader, "http://localhost/hi/account/details", {
      cookie,
    })) as { data: { values: { name: string; email: string } } };
    expect(page.data.values.name).not.toBe("");

    const bill = (await names({ pickups: [], orders: [meera.billId] })).orders[0];
    const others = await names({ pickups: [other.pickupId], orders: [other.billId] });
    const saved = await post({ name: "Meera Iyer", email: "meera.iyer@example.com" });
    expect(saved.status).toBe(303);
    expect(saved.location).toBe("/hi/account?done=detailsCorrected");

    const after = await names({
      pickups: [meera.pickupId],
      orders: [meera.billId, meera.cancelledOrderId],
    });
    expect(after.pickups).toEqual([
      { id: meera.pickupId, name: "Meera Iyer", email: "meera.iyer@example.com" },
    ]);
    const byId = new Map(after.orders.map((o) => [o.id, o]));
    expect(byId.get(meera.cancelledOrderId)).toMatchObject({
      name: "Meera Iyer",
      email: "meera.iyer@example.com",
    });
    expect(byId.get(meera.billId)).toEqual(bill);
    expect(await names({ pickups: [other.pickupId], orders: [other.billId] })).toEqual(others);

    const audit = await handle.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.actor, "visitor"),
          inArray(auditLog.action, ["pickup.contact_corrected", "order.contact_corrected"]),
        ),
      );
    expect(audit.map((row) => `${row.entity}:${row.entityId}`).sort()).toEqual(
      [`pickup:${meera.pickupId}`, `order:${meera.cancelledOrderId}`].sort(),
    );
    expect(JSON.stringify(audit)).not.toContain("Meera Iyer");

    // The same correction again changes nothing and writes no audit row.
    await post({ name: "Meera Iyer", email: "meera.iyer@example.com" });
    const again = await handle.db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.action, ["pickup.contact_corrected", "order.contact_corrected"]));
    expect(again).toHaveLength(2);
  });
});
