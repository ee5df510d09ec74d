/**
 * Saving weigh sheets (docs/exchange.md "The weigh sheet"): versions and superseding, rates of
 * the day stored per line, the pickup charge under 15 kg, plants of a 'plants' reward, bad
 * input that writes nothing, and two people saving one sheet at once (exactly one version).
 * Runs on PGlite, and on PostgreSQL with real concurrency when TEST_DATABASE_URL is set.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { useDatabaseHandle } from "~/db/db.server";
import { auditLog } from "~/db/schema/audit";
import { products } from "~/db/schema/catalogue";
import { weighSheetLines, weighSheets } from "~/db/schema/exchange";
import { type PickupStatus, pickupItems, pickups } from "~/db/schema/pickups";
import { scrapMaterials } from "~/db/schema/rates";
import { seedDatabase } from "~/db/seed.server";
import { saveWeighSheet, type WeighSheetInput } from "~/features/exchange/weigh-sheet.server";
import { weighSheetsOf } from "~/features/exchange/weigh-sheet-view.server";
import type { StaffUser } from "~/features/staff/auth.server";
import * as routePickup from "~/routes/dashboard/route-pickup";
import { pickupAddress } from "../support/factories/carts-and-addresses";
import { exchangeRefusal, fieldText } from "../support/factories/exchange-refusal";
import { routeArgs, signedInStaff } from "../support/factories/staff";
import { createTestDatabase } from "../support/processes/test-database";

let handle: DatabaseHandle;
let db: DatabaseHandle["db"];
let collector: StaffUser;
let otherCollector: StaffUser;
let staff: StaffUser;
let collectorCookie: string;
let otherCookie: string;
let newspaper: { id: number; rate: number };
let brass: { id: number; rate: number };
let copper: { id: number; rate: number };
let plant: { id: number; price: number; name: string };

const settings = {
  pickupChargeBelowMinimumPaise: 0,
  couponBonusPercent: 10,
  couponValidDays: 180,
  approvalAbovePaise: 100_000_000,
};
const options = () => ({ settings, minimumKg: 15, now: new Date() });

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
  useDatabaseHandle(handle);
  await seedDatabase(db);
  const signedIn = await signedInStaff(db, "collector");
  collector = signedIn.user;
  collectorCookie = signedIn.cookie;
  const other = await signedInStaff(db, "collector");
  otherCollector = other.user;
  otherCookie = other.cookie;
  staff = (await signedInStaff(db, "staff")).user;
  const rows = await db.select().from(scrapMaterials);
  const find = (name: string) => {
    const row = rows.find((r) => r.name === name);
    if (!row) throw new Error(`no material ${name}`);
    return { id: row.id, rate: row.ratePaisePerKg };
  };
  newspaper = find("Newspaper and books");
  brass = find("Brass");
  copper = find("Copper");
  const [tulsi] = await db.select().from(products).where(eq(products.kind, "plant")).limit(1);
  if (!tulsi) throw new Error("no plant");
  plant = { id: tulsi.id, price: tulsi.pricePaise, name: tulsi.name };
});
afterAll(async () => {
  await handle?.close();
});

let counter = 0;
async function newPickup(
  status: PickupStatus = "confirmed",
  reward: "plants" | "coupon" | "money" = "coupon",
  collectorId: string | null = collector.id,
) {
  counter++;
  const [row] = await db
    .insert(pickups)
    .values({
      reference: `PU-W${String(counter).padStart(5, "0")}`,
      trackingToken: `tok-weigh-${counter}-${Date.now()}`,
      status,
      ...pickupAddress,
      email: "asha@example.com",
      phone: "+919845012345",
      pickupDate: "2026-11-23",
      slotStart: "11:00",
      rewardPreference: reward,
      estimatePaise: 20000,
      collectorId,
    })
    .returning({ id: pickups.id });
  if (!row) throw new Error("no pickup");
  await db.insert(pickupItems).values({
    pickupId: row.id,
    materialId: newspaper.id,
    ratePaisePerKg: 900,
    estimatedGrams: 20000,
  });
  return row.id;
}

const sheet = (
  lines: WeighSheetInput["lines"],
  expectedVersion = 0,
  plants: WeighSheetInput["plants"] = [],
) => ({
  lines,
  plants,
  expectedVersion,
});

/** Everything a save could write for the pickup. */
async function snapshot(id: number) {
  const [pickup] = await db.select().from(pickups).where(eq(pickups.id, id));
  const sheets = await weighSheetsOf(db, id);
  const audit = await db
    .select()
    .from(auditLog)
    .where(eq(auditLog.entityId, String(id)));
  return { pickup, sheets, audit: audit.filter((row) => row.entity === "pickup") };
}

describe("saveWeighSheet", () => {
  it("saves version 1 at the rates of the day: lines, totals, status weighed, one audit row", async () => {
    const id = await newPickup();
    const saved = await saveWeighSheet(
      db,
      id,
      sheet([
        { materialId: newspaper.id, grams: 12_500 },
        { materialId: brass.id, grams: 3_000 },
      ]),
      collector,
      options(),
    );
    const subtotal = Math.round((12_500 * newspaper.rate) / 1000) + 3 * brass.rate;
    expect(saved).toMatchObject({
      version: 1,
      payoutPaise: subtotal,
      rewardValuePaise: subtotal + Math.round(subtotal / 10),
    });
    const { pickup, sheets, audit } = await snapshot(id);
    expect(pickup?.status).toBe("weighed");
    expect(pickup?.payoutPaise).toBeNull();
    expect(sheets).toHaveLength(1);
    expect(sheets[0]).toMatchObject({
      version: 1,
      status: "pending",
      totalGrams: 15_500,
      subtotalPaise: subtotal,
      pickupChargePaise: 0,
      bonusPercent: 10,
      createdById: collector.id,
      createdByName: collector.name,
    });
    expect(sheets[0]?.lines).toEqual([
      {
        materialId: newspaper.id,
        materialName: "Newspaper and books",
        grams: 12_500,
        ratePaisePerKg: newspaper.rate,
        amountPaise: Math.round((12_500 * newspaper.rate) / 1000),
      },
      {
        materialId: brass.id,
        materialName: "Brass",
        grams: 3000,
        ratePaisePerKg: brass.rate,
        amountPaise: 3 * brass.rate,
      },
    ]);
    expect(audit.map((row) => [row.action, row.actor])).toEqual([
      ["pickup.weighed", collector.email],
    ]);
    expect(audit[0]?.details).toMatchObject({
      before: { status: "confirmed", version: 0 },
      after: { status: "weighed", version: 1 },
      payoutPaise: subtotal,
      lines: [
        { material: "Newspaper and books", grams: 12_500 },
        { material: "Brass", grams: 3000 },
      ],
    });
  });

  it("keeps every version: a new one supersedes the pending one, a disputed one stays disputed", async () => {
    const id = await newPickup("requested");
    await saveWeighSheet(
      db,
      id,
      sheet([{ materialId: newspaper.id, grams: 20_000 }]),
      collector,
      options(),
    );
    const second = await saveWeighSheet(
      db,
      id,
      sheet([{ materialId: newspaper.id, grams: 21_000 }], 1),
      staff,
      options(),
    );
    expect(second.version).toBe(2);
    // The customer disputes version 2 (written directly: the dispute is another module's step).
    await db
      .update(weighSheets)
      .set({ status: "disputed", disputeReason: "Scale was off" })
      .where(eq(weighSheets.version, 2));
    await db.update(pickups).set({ status: "disputed" }).where(eq(pickups.id, id));
    const third = await saveWeighSheet(
      db,
      id,
      sheet([{ materialId: newspaper.id, grams: 22_000 }], 2),
      staff,
      { ...options(), note: "Re-weighed with the customer" },
    );
    expect(third.version).toBe(3);
    const { pickup, sheets, audit } = await snapshot(id);
    expect(pickup?.status).toBe("weighed");
    expect(sheets.map((s) => [s.version, s.status, s.totalGrams])).toEqual([
      [3, "pending", 22_000],
      [2, "disputed", 21_000],
      [1, "superseded", 20_000],
    ]);
    expect(sheets[0]?.resolutionNote).toBe("Re-weighed with the customer");
    expect(sheets[1]?.disputeReason).toBe("Scale was off");
    expect(audit.filter((row) => row.action === "pickup.weighed")).toHaveLength(3);
  });

  it("stores the rate per line: a rate changed after saving does not change the saved sheet", async () => {
    const id = await newPickup();
    await saveWeighSheet(
      db,
      id,
      sheet([{ materialId: copper.id, grams: 2000 }]),
      collector,
      options(),
    );
    await db
      .update(scrapMaterials)
      .set({ ratePaisePerKg: copper.rate + 5000 })
      .where(eq(scrapMaterials.id, copper.id));
    try {
      const [saved] = await weighSheetsOf(db, id);
      expect(saved?.lines[0]).toMatchObject({
        ratePaisePerKg: copper.rate,
        amountPaise: 2 * copper.rate,
      });
      const again = await saveWeighSheet(
        db,
        id,
        sheet([{ materialId: copper.id, grams: 2000 }], 1),
        collector,
        options(),
      );
      const [latest, first] = await weighSheetsOf(db, id);
      expect(again.version).toBe(2);
      expect(latest?.lines[0]?.ratePaisePerKg).toBe(copper.rate + 5000);
      expect(first?.lines[0]?.ratePaisePerKg).toBe(copper.rate);
    } finally {
      await db
        .update(scrapMaterials)
        .set({ ratePaisePerKg: copper.rate })
        .where(eq(scrapMaterials.id, copper.id));
    }
  });

  it("deducts the pickup charge below 15 kg as its own figure, and drops lines of 0 kg", async () => {
    const id = await newPickup("confirmed", "money");
    const charged = {
      ...options(),
      settings: { ...settings, pickupChargeBelowMinimumPaise: 3000 },
    };
    const saved = await saveWeighSheet(
      db,
      id,
      sheet([
        { materialId: newspaper.id, grams: 14_999 },
        { materialId: brass.id, grams: 0 },
      ]),
      collector,
      charged,
    );
    const subtotal = Math.round((14_999 * newspaper.rate) / 1000);
    expect(saved.payoutPaise).toBe(Math.max(0, subtotal - 3000));
    expect(saved.rewardValuePaise).toBe(saved.payoutPaise);
    const [stored] = await weighSheetsOf(db, id);
    expect(stored).toMatchObject({
      pickupChargePaise: 3000,
      subtotalPaise: subtotal,
      bonusPercent: 0,
    });
    expect(stored?.lines.map((line) => line.materialName)).toEqual(["Newspaper and books"]);
  });

  it("stores the plants of a 'plants' reward, up to the reward's value and the stock", async () => {
    const id = await newPickup("confirmed", "plants");
    const [before] = await db.select().from(products).where(eq(products.id, plant.id));
    // Enough scrap for two of the plant: weigh brass worth the price of two.
    const grams = Math.ceil((2 * plant.price * 1000) / brass.rate);
    await saveWeighSheet(
      db,
      id,
      sheet([{ materialId: brass.id, grams }], 0, [{ productId: plant.id, quantity: 2 }]),
      collector,
      options(),
    );
    const [stored] = await weighSheetsOf(db, id);
    expect(stored?.plants).toEqual([
      {
        productId: plant.id,
        name: plant.name,
        unitPricePaise: plant.price,
        quantity: 2,
        lineTotalPaise: 2 * plant.price,
      },
    ]);
    const [after] = await db.select().from(products).where(eq(products.id, plant.id));
    expect(after?.stock).toBe(before?.stock);
  });

  it("refuses bad input with the status and field, writing nothing", async () => {
    const plantsPickup = await newPickup("confirmed", "plants");
    const id = await newPickup();
    const cancelled = await newPickup("cancelled");
    const others = await newPickup("confirmed", "coupon", otherCollector.id);
    const [retired] = await db
      .insert(scrapMaterials)
      .values({
        categoryId: (await db.select().from(scrapMaterials).limit(1))[0]?.categoryId ?? 1,
        name: "Retired tin",
        ratePaisePerKg: 100,
        active: false,
      })
      .returning({ id: scrapMaterials.id });
    // `id` already has version 1: every case on it expects version 1 except the stale one.
    await saveWeighSheet(
      db,
      id,
      sheet([{ materialId: newspaper.id, grams: 5000 }]),
      collector,
      options(),
    );
    const line = (grams: number, materialId = newspaper.id, version = 1) =>
      sheet([{ materialId, grams }], version);
    const lots = { materialId: brass.id, grams: 100_000 };
    const cases: [number, WeighSheetInput, number, string][] = [
      [id, line(-1), 422, `kg-${newspaper.id}`],
      [id, line(2_000_001), 422, `kg-${newspaper.id}`],
      [id, line(12.5), 422, `kg-${newspaper.id}`],
      [id, line(Number.NaN), 422, `kg-${newspaper.id}`],
      [id, line(0), 422, "form"],
      [id, sheet([], 1), 422, "form"],
      [id, line(1000, 987_654), 422, "material-987654"],
      [id, line(1000, retired?.id ?? 0), 422, `material-${retired?.id}`],
      [
        id,
        sheet(
          [
            { materialId: newspaper.id, grams: 1 },
            { materialId: newspaper.id, grams: 2 },
          ],
          1,
        ),
        422,
        `kg-${newspaper.id}`,
      ],
      [id, sheet([lots], 1, [{ productId: plant.id, quantity: 1 }]), 422, "plants"],
      [
        plantsPickup,
        sheet([{ materialId: newspaper.id, grams: 1000 }], 0, [
          { productId: plant.id, quantity: 1 },
        ]),
        422,
        "plants",
      ],
      [
        plantsPickup,
        sheet([lots], 0, [{ productId: plant.id, quantity: 21 }]),
        422,
        `plant-${plant.id}`,
      ],
      [plantsPickup, sheet([lots], 0, [{ productId: 987_654, quantity: 1 }]), 422, "plant-987654"],
      [id, line(1000, newspaper.id, 0), 409, ""],
      [cancelled, line(1000, newspaper.id, 0), 409, ""],
      [others, line(1000, newspaper.id, 0), 403, ""],
      // Someone else's pickup answers 403 before any word about the weights.
      [others, line(-1, newspaper.id, 0), 403, ""],
    ];
    for (const [pickupId, input, status, field] of cases) {
      const before = await snapshot(pickupId);
      const error = await exchangeRefusal(
        saveWeighSheet(db, pickupId, input, collector, options()),
      );
      expect([error.status, Object.keys(error.fieldErrors)]).toEqual([
        status,
        field ? [field] : [],
      ]);
      expect(await snapshot(pickupId)).toEqual(before);
    }
  });

  it("refuses plants that are out of stock, naming the plant", async () => {
    const id = await newPickup("confirmed", "plants");
    const [product] = await db.select().from(products).where(eq(products.id, plant.id));
    await db.update(products).set({ stock: 1 }).where(eq(products.id, plant.id));
    const error = await exchangeRefusal(
      saveWeighSheet(
        db,
        id,
        sheet([{ materialId: brass.id, grams: 100_000 }], 0, [
          { productId: plant.id, quantity: 2 },
        ]),
        collector,
        options(),
      ),
    );
    expect(fieldText(error, `plant-${plant.id}`)).toBe("Only 1 of this plant in stock.");
    expect(await weighSheetsOf(db, id)).toEqual([]);
    await db
      .update(products)
      .set({ stock: product?.stock ?? 0 })
      .where(eq(products.id, plant.id));
  });

  it("two people saving one sheet at once: exactly one new version, the others get 409", async () => {
    const id = await newPickup();
    const savers = Array.from({ length: 10 }, (_, i) => (i % 2 ? staff : collector));
    const results = await Promise.allSettled(
      savers.map((actor, i) =>
        saveWeighSheet(
          db,
          id,
          sheet([{ materialId: newspaper.id, grams: 15_000 + i }]),
          actor,
          options(),
        ),
      ),
    );
    const saved = results.filter((r) => r.status === "fulfilled");
    const refused = results.flatMap((r) => (r.status === "rejected" ? [r.reason] : []));
    expect(saved).toHaveLength(1);
    expect(refused).toHaveLength(9);
    for (const reason of refused) expect(reason).toMatchObject({ status: 409 });
    const rows = await db.select().from(weighSheets).where(eq(weighSheets.pickupId, id));
    expect(rows.map((row) => [row.version, row.status])).toEqual([[1, "pending"]]);
    const lines = await db
      .select()
      .from(weighSheetLines)
      .where(eq(weighSheetLines.weighSheetId, rows[0]?.id ?? 0));
    expect(lines).toHaveLength(1);
    const audit = (await snapshot(id)).audit.filter((row) => row.action === "pickup.weighed");
    expect(audit).toHaveLength(1);
  });
});

describe("the collector's weigh-sheet page /dashboard/route/:id", () => {
  const url = (id: number, query = "") => `http://localhost/dashboard/route/${id}${query}`;
  const args = (id: number, cookie: string, form?: Record<string, string>, query = "") =>
    routeArgs<Parameters<typeof routePickup.loader>[0]>(url(id, query), {
      cookie,
      form,
      params: { id: String(id) },
    });

  it("shows the assigned collector the pickup and saves the sheet, then says what to do next", async () => {
    const id = await newPickup("confirmed", "plants");
    const page = await routePickup.loader(args(id, collectorCookie));
    expect(page.pickup).toMatchObject({ id, rewardPreference: "plants" });
    expect(page.estimateMaterialIds).toEqual([newspaper.id]);
    expect(page.plants.length).toBeGreaterThan(0);
    expect(page.sheets).toEqual([]);
    const saved = await routePickup.action(
      args(id, collectorCookie, {
        intent: "weigh",
        expectedVersion: "0",
        [`kg-${newspaper.id}`]: "12.5",
        extraMaterial1: String(brass.id),
        extraKg1: "3",
      }),
    );
    expect(saved).toBeInstanceOf(Response);
    expect((saved as Response).headers.get("Location")).toBe(`/dashboard/route/${id}?done=weighed`);
    const after = await routePickup.loader(args(id, collectorCookie, undefined, "?done=weighed"));
    expect(after.notice).toBe(
      "Weigh sheet saved. Ask the customer to confirm it on their tracking page.",
    );
    expect(after.sheets[0]?.lines.map((line) => [line.materialName, line.grams])).toEqual([
      ["Newspaper and books", 12_500],
      ["Brass", 3000],
    ]);
  });

  it("answers another collector with 403 on the page and the form, writing nothing", async () => {
    const id = await newPickup();
    await expect(routePickup.loader(args(id, otherCookie))).rejects.toMatchObject({
      init: { status: 403 },
    });
    const form = { intent: "weigh", expectedVersion: "0", [`kg-${newspaper.id}`]: "1" };
    await expect(routePickup.action(args(id, otherCookie, form))).rejects.toMatchObject({
      init: { status: 403 },
    });
    expect(await weighSheetsOf(db, id)).toEqual([]);
  });

  it("echoes a refused form with messages next to the fields", async () => {
    const id = await newPickup();
    const result = await routePickup.action(
      args(id, collectorCookie, {
        intent: "weigh",
        expectedVersion: "0",
        [`kg-${newspaper.id}`]: "-2",
        extraMaterial1: "987654",
        extraKg1: "1",
      }),
    );
    expect(result).toMatchObject({
      init: { status: 422 },
      data: {
        fieldErrors: { [`kg-${newspaper.id}`]: "A weight cannot be negative." },
        values: { [`kg-${newspaper.id}`]: "-2", extraMaterial1: "987654" },
      },
    });
    const unknown = await routePickup.action(
      args(id, collectorCookie, {
        intent: "weigh",
        expectedVersion: "0",
        [`kg-${newspaper.id}`]: "2",
        extraMaterial1: "987654",
        extraKg1: "1",
      }),
    );
    expect(unknown).toMatchObject({
      init: { status: 422 },
      data: { fieldErrors: { extraMaterial1: "That material is not on the rate list." } },
    });
    expect(await weighSheetsOf(db, id)).toEqual([]);
  });
});
