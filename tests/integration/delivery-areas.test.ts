/**
 * Delivery areas in the database (docs/shop.md "Delivery areas", ADR 0042): the migration's
 * seeded cities, adding, changing and removing with their audit rows, a prefix taken by another
 * area refused (also when two staff add it at once), and the quote read from what is stored.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "~/db/schema/audit";
import { deliveryAreas } from "~/db/schema/delivery";
import {
  DeliveryAreaError,
  type DeliveryAreaInput,
  deleteDeliveryArea,
  listDeliveryAreas,
  saveDeliveryArea,
} from "~/features/delivery/delivery-areas.server";
import { deliveryQuote } from "~/features/delivery/delivery-quote";
import { testDatabaseForFile } from "../support/processes/test-database";

const handle = testDatabaseForFile();
const admin = { email: "admin@example.com" };

const mysuru: DeliveryAreaInput = {
  prefix: "5700",
  name: "Mysuru",
  chargePaise: 9_000,
  freeFromPaise: 150_000,
  minDays: 3,
  maxDays: 5,
  cashOnDelivery: true,
  cashOnDeliveryMaxPaise: 300_000,
};

async function auditOf(id: number) {
  return handle.db
    .select({ action: auditLog.action, details: auditLog.details })
    .from(auditLog)
    .where(eq(auditLog.entityId, String(id)));
}

describe("delivery areas", () => {
  it("starts with the five cities from the migration, free until staff set a charge", async () => {
    const areas = await listDeliveryAreas(handle.db);
    expect(areas.map((area) => `${area.prefix} ${area.name}`)).toEqual([
      "411 Pune",
      "500 Hyderabad",
      "560 Bengaluru",
      "570 Mysuru",
      "600 Chennai",
    ]);
    expect(areas.find((area) => area.prefix === "560")).toMatchObject({
      chargePaise: 0,
      freeFromPaise: null,
      minDays: 1,
      maxDays: 3,
      cashOnDelivery: true,
      cashOnDeliveryMaxPaise: null,
    });
    expect(deliveryQuote(areas, "560038", 50_000)?.chargePaise).toBe(0);
    expect(deliveryQuote(areas, "600001", 50_000)?.area.name).toBe("Chennai");
    expect(deliveryQuote(areas, "110001", 50_000)).toBeNull();
  });

  it("adds, changes and removes an area, each with its audit row", async () => {
    const id = await saveDeliveryArea(handle.db, admin, null, mysuru);
    expect(deliveryQuote(await listDeliveryAreas(handle.db), "570001", 10_000)).toMatchObject({
      chargePaise: 9_000,
      minDays: 3,
    });
    await saveDeliveryArea(handle.db, admin, id, { ...mysuru, chargePaise: 7_500 });
    await saveDeliveryArea(handle.db, admin, id, { ...mysuru, chargePaise: 7_500 });
    await deleteDeliveryArea(handle.db, admin, id);
    expect(await handle.db.select().from(deliveryAreas).where(eq(deliveryAreas.id, id))).toEqual(
      [],
    );
    const audit = await auditOf(id);
    expect(audit.map((row) => row.action)).toEqual([
      "delivery_area.create",
      "delivery_area.update",
      "delivery_area.delete",
    ]);
    expect(audit[1]?.details).toMatchObject({
      before: { chargePaise: 9_000 },
      after: { chargePaise: 7_500 },
      prefix: "5700",
    });
  });

  it("refuses a prefix another area has, also when two staff add it at once", async () => {
    await expect(
      saveDeliveryArea(handle.db, admin, null, { ...mysuru, prefix: "560", name: "Again" }),
    ).rejects.toMatchObject({ id: "dashboard.delivery.prefixTaken", status: 409, field: "prefix" });
    const answers = await Promise.allSettled([
      saveDeliveryArea(handle.db, admin, null, { ...mysuru, prefix: "5710" }),
      saveDeliveryArea(handle.db, admin, null, { ...mysuru, prefix: "5710" }),
    ]);
    expect(answers.filter((a) => a.status === "fulfilled")).toHaveLength(1);
    const refused = answers.find((a) => a.status === "rejected");
    expect(refused?.status === "rejected" && refused.reason).toBeInstanceOf(DeliveryAreaError);
    const rows = await handle.db
      .select()
      .from(deliveryAreas)
      .where(eq(deliveryAreas.prefix, "5710"));
    expect(rows).toHaveLength(1);
  });

  it("answers 404 for an area that is gone, changing nothing", async () => {
    await expect(saveDeliveryArea(handle.db, admin, 999_999, mysuru)).rejects.toMatchObject({
      status: 404,
    });
    await expect(deleteDeliveryArea(handle.db, admin, 999_999)).rejects.toMatchObject({
      status: 404,
    });
  });
});
