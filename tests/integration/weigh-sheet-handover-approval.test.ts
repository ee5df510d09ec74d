/**
 * The handover code belongs to one weigh sheet version, a disputed sheet is staff's to correct,
 * a sheet's value has one cap (bonus included), and a large sheet waits for an admin's approval
 * (docs/exchange.md "The handover code", "The weigh sheet", "Approval of a large sheet").
 * Everything goes through the functions the routes call: saveWeighSheet, markOnTheWay,
 * confirmWithHandoverCode, confirmWeighSheetByToken, disputeWeighSheetByToken, approveWeighSheet,
 * and the tracking page's presentExchange.
 */
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { coupons, weighSheets } from "~/db/schema/exchange";
import { messages } from "~/db/schema/messages";
import { pickupItems, pickups } from "~/db/schema/pickups";
import { scrapMaterials } from "~/db/schema/rates";
import {
  APPROVE_ADMIN_ONLY,
  approveWeighSheet,
  confirmWeighSheetByToken,
  confirmWithHandoverCode,
  disputeWeighSheetByToken,
  listAwaitingApproval,
} from "~/features/exchange/confirmation.server";
import { exchangeRecordsOf, presentExchange } from "~/features/exchange/exchange-view.server";
import { handoverRefusalIds } from "~/features/exchange/handover-code";
import { markOnTheWay } from "~/features/exchange/visit.server";
import {
  DISPUTED_STAFF_ONLY,
  type SaveWeighSheetOptions,
  saveWeighSheet,
} from "~/features/exchange/weigh-sheet.server";
import { getPickupByToken } from "~/features/pickups/pickups.server";
import type { StaffUser } from "~/features/staff/auth.server";
import { action as approveAction } from "~/routes/dashboard/pickup-approve";
import { loader as routePickupLoader } from "~/routes/dashboard/route-pickup";
import { unguessableToken } from "~/utils/codes.server";
import { exchangeDefaults } from "~/utils/env.server";
import { pickupAddress } from "../support/factories/carts-and-addresses";
import { exchangeRefusal } from "../support/factories/exchange-refusal";
import { answerOf, routeArgs, signedInStaff } from "../support/factories/staff";
import { testDatabaseForFile } from "../support/processes/test-database";

/** SHOP_ALERT_EMAIL as env() answers it in this file. */
vi.mock("~/utils/env.server", async (importOriginal) => {
  const actual = await importOriginal<typeof import("~/utils/env.server")>();
  return {
    ...actual,
    env: () => {
      const real = actual.env();
      return { ...real, messages: { ...real.messages, shopAlertEmail: "shop@example.com" } };
    },
  };
});

const handle = testDatabaseForFile({ seeded: true });
// 21 Nov 2026, 10:00 IST: every step is at a fixed instant.
const morning = new Date("2026-11-21T04:30:00Z");
const later = (minutes: number) => new Date(morning.getTime() + minutes * 60_000);
/** Approval above ₹1,000 in this file. */
const settings = { ...exchangeDefaults, approvalAbovePaise: 100_000 };
const saveOptions = (now: Date): SaveWeighSheetOptions => ({ settings, minimumKg: 15, now });

let collector: StaffUser;
let collectorCookie: string;
let staff: StaffUser;
let admin: StaffUser;
/** Newspaper at a rate of ₹10/kg in this file (paise per kg). */
let newspaper: number;
let counter = 0;

beforeAll(async () => {
  const db = handle.db;
  const signedIn = await signedInStaff(db, "collector");
  collector = signedIn.user;
  collectorCookie = signedIn.cookie;
  staff = (await signedInStaff(db, "staff")).user;
  admin = (await signedInStaff(db, "admin")).user;
  const [row] = await db
    .update(scrapMaterials)
    .set({ ratePaisePerKg: 1_000 })
    .where(eq(scrapMaterials.name, "Newspaper and books"))
    .returning({ id: scrapMaterials.id });
  if (!row) throw new Error("no newspaper");
  newspaper = row.id;
});

/** A confirmed coupon pickup assigned to `collector`, for 21 Nov 2026. */
async function bookedPickup() {
  counter += 1;
  const db = handle.db;
  const [row] = await db
    .insert(pickups)
    .values({
      reference: `PU-H${String(counter).padStart(5, "0")}`,
      trackingToken: unguessableToken(),
      status: "confirmed",
      ...pickupAddress,
      email: `customer${counter}@example.com`,
      phone: "+919845012345",
      pickupDate: "2026-11-21",
      slotStart: "11:00",
      rewardPreference: "coupon",
      estimatePaise: 20_000,
      collectorId: collector.id,
    })
    .returning({ id: pickups.id, token: pickups.trackingToken });
  if (!row) throw new Error("no pickup");
  await db.insert(pickupItems).values({
    pickupId: row.id,
    materialId: newspaper,
    ratePaisePerKg: 1_000,
    estimatedGrams: 20_000,
  });
  return row;
}

/** Saves a sheet of `kg` newspaper as `actor` over version `expected`. */
function weigh(id: number, kg: number, expected: number, actor: StaffUser = collector, at = 10) {
  return saveWeighSheet(
    handle.db,
    id,
    { lines: [{ materialId: newspaper, grams: kg * 1000 }], plants: [], expectedVersion: expected },
    actor,
    saveOptions(later(at)),
  );
}

async function pickupRow(id: number) {
  const [row] = await handle.db.select().from(pickups).where(eq(pickups.id, id));
  if (!row) throw new Error("no pickup");
  return row;
}

async function trackingView(token: string) {
  const db = handle.db;
  const pickup = await getPickupByToken(db, token);
  if (!pickup) throw new Error("no pickup");
  return presentExchange({ ...pickup, ...(await exchangeRecordsOf(db, pickup.id)) }, later(60));
}

async function templatesOf(pickupId: number) {
  const rows = await handle.db
    .select({ template: messages.template, channel: messages.channel })
    .from(messages)
    .where(and(eq(messages.entityType, "pickup"), eq(messages.entityId, String(pickupId))));
  return rows.filter((row) => row.channel === "email").map((row) => row.template);
}

describe("the handover code belongs to one weigh sheet version", () => {
  it("a code read out for version 1 does not confirm version 2; the new code, shown with version 2's value, does", async () => {
    const { id, token } = await bookedPickup();
    await markOnTheWay(handle.db, id, collector, later(0));
    const issued = (await pickupRow(id)).handoverCode;
    expect(issued).toMatch(/^\d{4}$/);
    await weigh(id, 20, 0);
    // The code issued before any sheet is bound to version 1 and keeps its digits.
    const first = await pickupRow(id);
    expect(first.handoverCode).toBe(issued);
    expect(first.handoverCodeVersion).toBe(1);
    const v1 = await trackingView(token);
    expect(v1.visit.handoverCode).toBe(issued);
    expect(v1.visit.handoverFor).toEqual({ kg: "20.000", value: "₹220" });

    // The collector saves a lighter version 2 and tries the code the customer read out.
    await weigh(id, 2, 1, collector, 20);
    const second = await pickupRow(id);
    expect(second.handoverCodeVersion).toBe(2);
    expect(second.handoverCode).not.toBe(issued);
    const refused = await exchangeRefusal(
      confirmWithHandoverCode(handle.db, id, 2, issued ?? "", collector, later(21), settings),
    );
    expect(refused.id).toBe(handoverRefusalIds.wrongCodeMany);
    expect((await pickupRow(id)).status).toBe("weighed");
    expect(await handle.db.select().from(coupons).where(eq(coupons.pickupId, id))).toEqual([]);

    // The tracking page shows the new code next to version 2's weight and value.
    const v2 = await trackingView(token);
    expect(v2.visit.handoverCode).toBe(second.handoverCode);
    expect(v2.visit.handoverFor).toEqual({ kg: "2.000", value: "₹22" });
    await confirmWithHandoverCode(
      handle.db,
      id,
      2,
      second.handoverCode ?? "",
      collector,
      later(22),
      settings,
    );
    const [coupon] = await handle.db.select().from(coupons).where(eq(coupons.pickupId, id));
    expect(coupon?.valuePaise).toBe(2_200);
  });

  it("a new version resets the count of wrong codes, and 'On my way' after a sheet binds the code to it", async () => {
    const { id } = await bookedPickup();
    await weigh(id, 20, 0);
    await markOnTheWay(handle.db, id, collector, later(11));
    const bound = await pickupRow(id);
    expect(bound.handoverCodeVersion).toBe(1);
    const wrong = bound.handoverCode === "0000" ? "1111" : "0000";
    for (let i = 0; i < 3; i++) {
      await exchangeRefusal(
        confirmWithHandoverCode(handle.db, id, 1, wrong, collector, later(12), settings),
      );
    }
    expect((await pickupRow(id)).handoverFailures).toBe(3);
    await weigh(id, 19, 1, collector, 13);
    const renewed = await pickupRow(id);
    expect(renewed.handoverFailures).toBe(0);
    expect(renewed.handoverCodeVersion).toBe(2);
  });
});

describe("a disputed weigh sheet", () => {
  it("only staff save a corrected version over it; a collector is refused and nothing is written", async () => {
    const { id, token } = await bookedPickup();
    await weigh(id, 20, 0);
    await disputeWeighSheetByToken(handle.db, token, 1, "The paper weighed more", later(15));
    const refused = await exchangeRefusal(weigh(id, 2, 1, collector, 16));
    expect(refused).toMatchObject({ id: DISPUTED_STAFF_ONLY, status: 403 });
    const sheets = await handle.db.select().from(weighSheets).where(eq(weighSheets.pickupId, id));
    expect(sheets.map((s) => [s.version, s.status])).toEqual([[1, "disputed"]]);
    expect((await pickupRow(id)).status).toBe("disputed");
    // The collector's page says so instead of offering the form.
    const asAdmin = (await signedInStaff(handle.db, "admin")).cookie;
    const page = (c: string) =>
      routePickupLoader(
        routeArgs(`http://localhost/dashboard/route/${id}`, {
          cookie: c,
          params: { id: String(id) },
        }),
      );
    expect((await page(asAdmin)).closed).toBeNull();
    expect((await page(collectorCookie)).closed).toBe(
      "The customer disputed this weigh sheet: only staff can save a corrected one.",
    );
    const saved = await weigh(id, 21, 1, staff, 17);
    expect(saved.version).toBe(2);
  });
});

describe("the value of a weigh sheet", () => {
  it("has one cap, the coupon bonus included", async () => {
    const { id } = await bookedPickup();
    const db = handle.db;
    // ₹500 a kg × 1,950 kg = ₹9,75,000, under ₹10,00,000; with the 10 % bonus ₹10,72,500.
    await db
      .update(scrapMaterials)
      .set({ ratePaisePerKg: 50_000 })
      .where(eq(scrapMaterials.id, newspaper));
    try {
      const refused = await exchangeRefusal(weigh(id, 1950, 0));
      expect(refused).toMatchObject({ id: "collector.refusal.tooValuable", status: 422 });
      expect(await db.select().from(weighSheets).where(eq(weighSheets.pickupId, id))).toEqual([]);
    } finally {
      await db
        .update(scrapMaterials)
        .set({ ratePaisePerKg: 1_000 })
        .where(eq(scrapMaterials.id, newspaper));
    }
  });
});

describe("a weigh sheet above WEIGH_SHEET_APPROVAL_ABOVE_PAISE", () => {
  it("waits for an admin's approval before the customer or the handover code can confirm it", async () => {
    const { id, token } = await bookedPickup();
    await markOnTheWay(handle.db, id, collector, later(0));
    // 200 kg at ₹10 = ₹2,000, ₹2,200 with the bonus: above ₹1,000.
    const saved = await weigh(id, 200, 0);
    expect(saved.approvalRequired).toBe(true);
    expect(await templatesOf(id)).toContain("staff_weigh_sheet_approval");
    expect(await templatesOf(id)).not.toContain("weigh_sheet_ready");
    expect((await listAwaitingApproval(handle.db)).map((row) => row.pickupId)).toContain(id);

    const view = await trackingView(token);
    expect(view.sheet?.awaitingApproval).toBe(true);
    expect(view.canDecide).toBe(false);
    expect(view.visit.handoverCode).toBeNull();

    const byCustomer = await exchangeRefusal(
      confirmWeighSheetByToken(handle.db, token, 1, later(30), settings),
    );
    expect(byCustomer).toMatchObject({ id: "errors.exchange.awaitingApproval", status: 409 });
    const code = (await pickupRow(id)).handoverCode ?? "";
    const byCode = await exchangeRefusal(
      confirmWithHandoverCode(handle.db, id, 1, code, collector, later(31), settings),
    );
    expect(byCode.id).toBe("errors.exchange.awaitingApproval");
    expect((await pickupRow(id)).handoverFailures).toBe(0);

    const byStaff = await exchangeRefusal(approveWeighSheet(handle.db, id, 1, staff, later(32)));
    expect(byStaff).toMatchObject({ id: APPROVE_ADMIN_ONLY, status: 403 });

    await approveWeighSheet(handle.db, id, 1, admin, later(33));
    await approveWeighSheet(handle.db, id, 1, admin, later(34));
    const [sheet] = await handle.db.select().from(weighSheets).where(eq(weighSheets.pickupId, id));
    expect(sheet?.approvedAt).toEqual(later(33));
    expect(sheet?.approvedByName).toBe(admin.name);
    expect((await templatesOf(id)).filter((t) => t === "weigh_sheet_ready")).toHaveLength(1);
    expect((await listAwaitingApproval(handle.db)).map((row) => row.pickupId)).not.toContain(id);

    const approved = await trackingView(token);
    expect(approved.canDecide).toBe(true);
    expect(approved.visit.handoverCode).toBe(code);
    const reward = await confirmWeighSheetByToken(handle.db, token, 1, later(40), settings);
    expect(reward).toMatchObject({ kind: "coupon", valuePaise: 220_000 });
  });

  it("a sheet at or under the threshold needs no approval", async () => {
    const { id, token } = await bookedPickup();
    const saved = await weigh(id, 90, 0);
    expect(saved.approvalRequired).toBe(false);
    expect(await templatesOf(id)).toContain("weigh_sheet_ready");
    const refused = await exchangeRefusal(approveWeighSheet(handle.db, id, 1, admin, later(12)));
    expect(refused.id).toBe("dashboard.weighSheet.noApproval");
    await confirmWeighSheetByToken(handle.db, token, 1, later(13), settings);
    expect((await pickupRow(id)).status).toBe("collected");
  });

  it("the approve route: staff are sent back with 'admin', a bad version is 400, an admin approves", async () => {
    const { id } = await bookedPickup();
    await weigh(id, 200, 0);
    const staffCookie = (await signedInStaff(handle.db, "staff")).cookie;
    const adminCookie = (await signedInStaff(handle.db, "admin")).cookie;
    const url = `http://localhost/dashboard/pickups/${id}/approve`;
    const post = (cookie: string, version: string) =>
      answerOf(() =>
        approveAction(routeArgs(url, { cookie, form: { version }, params: { id: String(id) } })),
      );
    expect((await post(staffCookie, "1")).location).toBe(
      `/dashboard/pickups/${id}?approval=admin#approve-title`,
    );
    expect((await post(adminCookie, "1x")).status).toBe(400);
    expect((await post(adminCookie, "7")).status).toBe(404);
    const [waiting] = await handle.db
      .select()
      .from(weighSheets)
      .where(eq(weighSheets.pickupId, id));
    expect(waiting?.approvedAt).toBeNull();
    expect((await post(adminCookie, "1")).location).toBe(`/dashboard/pickups/${id}?done=approved`);
    const [approved] = await handle.db
      .select()
      .from(weighSheets)
      .where(eq(weighSheets.pickupId, id));
    expect(approved?.approvedAt).not.toBeNull();
  });
});
