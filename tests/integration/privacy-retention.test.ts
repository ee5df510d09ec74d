/**
 * Retention (docs/accounts.md "Retention"): the scheduler's 'erase-inactive-customers' job erases
 * the customers inactive for RETENTION_INACTIVE_DAYS, leaves the active ones and those with
 * something open, keeps a bill's buyer until its statutory period ends and then clears it, and a
 * second run changes nothing. A scheduler process killed with SIGKILL mid-run leaves no
 * half-erased customer, and the restarted server finishes the window.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type Database, type DatabaseHandle, openDatabase } from "~/db/client.server";
import { bills } from "~/db/schema/billing";
import { erasureLog } from "~/db/schema/erasure";
import { scheduledRuns } from "~/db/schema/operations";
import { pickups } from "~/db/schema/pickups";
import { orderLines, orders } from "~/db/schema/shop";
import { createScheduler } from "~/features/operations/scheduler.server";
import { issueBills } from "~/features/orders/bills.server";
import { ERASED_NAME } from "~/features/privacy/personal-data";
import { eraseInactiveCustomers } from "~/features/privacy/retention.server";
import { kolkataInstant, todayInKolkata } from "~/utils/dates";
import { env } from "~/utils/env.server";
import { scheduledJobs } from "../../server/scheduler";
import { type CustomerRecords, customerRecords } from "../support/factories/customer-records";
import { createScratchDatabase, testDatabaseForFile } from "../support/processes/test-database";
import { killOnceItSays, spawnVictim } from "../support/processes/victim";

const DAY = 86_400_000;
const YEAR = 365 * DAY;
/** 04:00 Asia/Kolkata today: the daily 03:40 window is due. */
const now = kolkataInstant(todayInKolkata(new Date()), "04:00");
const handle = testDatabaseForFile();

async function pickupOf(db: Database, records: CustomerRecords) {
  const [row] = await db.select().from(pickups).where(eq(pickups.id, records.pickupId));
  return row;
}

async function orderRow(db: Database, id: number) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row;
}

describe("the retention job", () => {
  it("erases the inactive, keeps the active and the open, clears bills whose period ended; a second run changes nothing", async () => {
    const db = handle.db;
    const inactive = await customerRecords(db, "+919845100001", new Date(now.getTime() - 4 * YEAR));
    const ancient = await customerRecords(db, "+919845100002", new Date(now.getTime() - 9 * YEAR));
    const active = await customerRecords(db, "+919845100003", new Date(now.getTime() - YEAR));
    const open = await customerRecords(db, "+919845100004", new Date(now.getTime() - 4 * YEAR));
    await db.update(orders).set({ status: "placed" }).where(eq(orders.id, open.billId));

    const job = scheduledJobs(env()).find((j) => j.name === "erase-inactive-customers");
    expect(job?.windowOf(now)).toBe(todayInKolkata(now));
    expect(await job?.run({ db, now, windowKey: todayInKolkata(now) })).toBe(
      "2 customers erased, 1 refused, 0 bills cleared",
    );

    expect(await pickupOf(db, inactive)).toMatchObject({ name: ERASED_NAME, phone: "" });
    // Four years old: the bill keeps its buyer; nine years old: its period has ended.
    expect(await orderRow(db, inactive.billId)).toMatchObject({
      name: `Buyer ${inactive.phone}`,
      phone: "",
    });
    expect(await orderRow(db, ancient.billId)).toMatchObject({ name: ERASED_NAME, phone: "" });
    expect(await pickupOf(db, active)).toMatchObject({ phone: active.phone });
    expect(await pickupOf(db, open)).toMatchObject({ phone: open.phone });
    const proofs = await db.select().from(erasureLog);
    expect(proofs.map((p) => p.reason)).toEqual(["retention", "retention"]);

    expect(await eraseInactiveCustomers(db, now, 1095)).toEqual({
      erased: 0,
      refused: 1,
      billsCleared: 0,
    });
    expect(await db.select().from(erasureLog)).toHaveLength(2);

    // The kept order's bill prints its buyer too (docs/tax.md "Issuing").
    await db.insert(orderLines).values({
      orderId: inactive.billId,
      name: "Tulsi",
      description: "",
      imagePath: "",
      unitPricePaise: 6_000,
      quantity: 1,
      lineTotalPaise: 6_000,
      hsnCode: "0602",
    });
    const printed = await db.transaction((tx) => issueBills(tx, inactive.billId, now));
    expect(printed).toHaveLength(1);
    const buyerOnBill = async () =>
      (
        await db
          .select({ content: bills.content })
          .from(bills)
          .where(eq(bills.orderId, inactive.billId))
      )[0]?.content.buyer;
    expect(await buyerOnBill()).toMatchObject({ name: `Buyer ${inactive.phone}` });

    // Five more years on: the kept bill's period has ended, the active customer is inactive.
    const later = new Date(now.getTime() + 5 * YEAR);
    expect(await eraseInactiveCustomers(db, later, 1095)).toEqual({
      erased: 1,
      refused: 1,
      billsCleared: 1,
    });
    expect(await orderRow(db, inactive.billId)).toMatchObject({
      name: ERASED_NAME,
      pinCode: "999999",
    });
    expect(await buyerOnBill()).toEqual({
      name: ERASED_NAME,
      address: "Erased",
      city: "Erased",
      state: "Erased",
      stateCode: "",
      pinCode: "999999",
      gstin: "",
    });
    // The active customer's own bill is six years old then: kept.
    expect(await orderRow(db, active.billId)).toMatchObject({ name: `Buyer ${active.phone}` });
  });
});

function spawnRetention(database: Record<string, string>) {
  return spawnVictim("retention.ts", { ...database, RETENTION_NOW: now.toISOString() });
}

/** 'erased' when every pickup and order of the customer lost the phone, 'untouched' when none did. */
async function stateOf(db: Database, records: CustomerRecords): Promise<string> {
  const pickup = await pickupOf(db, records);
  const rows = await db
    .select({ phone: orders.phone })
    .from(orders)
    .where(inArray(orders.id, [records.billId, records.cancelledOrderId]));
  const phones = [pickup?.phone, ...rows.map((row) => row.phone)];
  if (phones.every((phone) => phone === "")) return "erased";
  if (phones.every((phone) => phone === records.phone)) return "untouched";
  return `half-erased: ${JSON.stringify(phones)}`;
}

it("a run killed with SIGKILL mid-way leaves no half-erased customer; the restarted server finishes it", async () => {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const dataDir = adminUrl ? null : fs.mkdtempSync(path.join(os.tmpdir(), "retention-crash-"));
  const scratch = adminUrl ? await createScratchDatabase(adminUrl, "retcrash") : null;
  const open = () =>
    openDatabase(
      scratch ? { databaseUrl: scratch.url, poolSize: 2 } : { dataDir: dataDir as string },
    );
  let database: DatabaseHandle = await open();
  try {
    const customers: CustomerRecords[] = [];
    for (let i = 0; i < 4; i += 1) {
      customers.push(
        await customerRecords(database.db, `+91984520000${i}`, new Date(now.getTime() - 4 * YEAR)),
      );
    }
    // The embedded database has one owner: the child takes the data directory over.
    if (dataDir) await database.close();

    const victim = spawnRetention(
      scratch ? { SCHEDULER_DATABASE_URL: scratch.url } : { SCHEDULER_DATA_DIR: dataDir as string },
    );
    await killOnceItSays(victim, '{"erased":1}', "the child to erase one customer");

    if (dataDir) database = await open();
    const db = database.db;
    const states = await Promise.all(customers.map((c) => stateOf(db, c)));
    expect([...states].sort()).toEqual(["erased", "untouched", "untouched", "untouched"]);

    const restarted = createScheduler({
      db,
      id: "restarted",
      // After the victim's 2 s lease.
      now: () => new Date(now.getTime() + 3000),
      jobs: scheduledJobs(env()).filter((job) => job.name === "erase-inactive-customers"),
    });
    const [entry] = await restarted.tick();
    expect(entry).toMatchObject({
      outcome: "done",
      detail: "3 customers erased, 0 refused, 0 bills cleared",
    });
    const [run] = await db
      .select()
      .from(scheduledRuns)
      .where(eq(scheduledRuns.job, "erase-inactive-customers"));
    expect(run).toMatchObject({ status: "done", claimedBy: "restarted", attempts: 2 });
    expect(await Promise.all(customers.map((c) => stateOf(db, c)))).toEqual(
      customers.map(() => "erased"),
    );
    expect(await db.select().from(erasureLog)).toHaveLength(4);
  } finally {
    await database.close().catch(() => {});
    await scratch?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}, 120_000);
