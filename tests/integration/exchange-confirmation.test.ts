import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "~/db/schema/audit";
import { products } from "~/db/schema/catalogue";
import { coupons, payouts, weighSheets } from "~/db/schema/exchange";
import { pickups } from "~/db/schema/pickups";
import { seedDatabase } from "~/db/seed.server";
import {
  closeDispute,
  confirmWeighSheetByToken,
  confirmWithHandoverCode,
  disputeWeighSheetByToken,
  listDisputes,
} from "~/features/exchange/confirmation.server";
import { changePickupStatus } from "~/features/pickups/pickups-admin.server";
import { loader as overviewLoader } from "~/routes/dashboard/overview";
import { action as pickupDisputeAction } from "~/routes/dashboard/pickup-dispute";
import { action as routeHandoverAction } from "~/routes/dashboard/route-handover";
import { action as trackingAction, loader as trackingLoader } from "~/routes/pickup-tracking";
import { exchangeDefaults } from "~/utils/env.server";
import { exchangeRefusal, fieldText } from "../support/factories/exchange-refusal";
import { answerOf, routeArgs, signedInStaff } from "../support/factories/staff";
import { addSheetVersion, weighedPickup } from "../support/factories/weighed-pickups";
import { testDatabaseForFile } from "../support/processes/test-database";

/** What the customer's and the collector's pages say, in English. */
const REPLACED_VERSION =
  "This weigh sheet was replaced by a newer one. Please look at the new one.";
const HANDOVER_CODE_LOCKED =
  "The handover code is locked after 5 wrong tries. Ask the customer to confirm on their tracking page.";
const NO_HANDOVER_CODE_YET = "The customer sees the code once you tap On my way.";

const handle = testDatabaseForFile();
const settings = { ...exchangeDefaults };
const now = new Date("2026-11-23T06:00:00Z");
const DAY_MS = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  await seedDatabase(handle.db);
});

async function pickupRow(id: number) {
  const [row] = await handle.db.select().from(pickups).where(eq(pickups.id, id));
  if (!row) throw new Error("no pickup");
  return row;
}

async function sheetRow(id: number) {
  const [row] = await handle.db.select().from(weighSheets).where(eq(weighSheets.id, id));
  if (!row) throw new Error("no sheet");
  return row;
}

async function couponsOf(pickupId: number) {
  return handle.db.select().from(coupons).where(eq(coupons.pickupId, pickupId));
}

async function auditActions(pickupId: number) {
  const rows = await handle.db
    .select({ action: auditLog.action, actor: auditLog.actor })
    .from(auditLog)
    .where(and(eq(auditLog.entity, "pickup"), eq(auditLog.entityId, String(pickupId))));
  return rows;
}

async function twoPlants() {
  const rows = await handle.db
    .select()
    .from(products)
    .where(eq(products.kind, "plant"))
    .orderBy(products.id)
    .limit(2);
  const [first, second] = rows;
  if (!first || !second) throw new Error("seed has fewer than 2 plants");
  await handle.db.update(products).set({ stock: 5 }).where(eq(products.id, first.id));
  await handle.db.update(products).set({ stock: 5 }).where(eq(products.id, second.id));
  return [first, second] as const;
}

async function stockOf(id: number) {
  const [row] = await handle.db
    .select({ stock: products.stock })
    .from(products)
    .where(eq(products.id, id));
  return row?.stock;
}

describe("confirmWeighSheetByToken", () => {
  it("issues exactly one coupon worth the reward value, SS-XXXX-XXXX, valid 180 days", async () => {
    const { pickup, sheet, token } = await weighedPickup(handle.db, { grams: [12_500, 3_000] });
    expect(sheet.rewardValuePaise).toBeGreaterThan(sheet.payoutPaise);
    const reward = await confirmWeighSheetByToken(handle.db, token, 1, now, settings);
    expect(reward.kind).toBe("coupon");
    const issued = await couponsOf(pickup.id);
    expect(issued).toHaveLength(1);
    const coupon = issued[0];
    expect(coupon?.code).toMatch(/^SS-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(coupon?.valuePaise).toBe(sheet.rewardValuePaise);
    expect(coupon?.balancePaise).toBe(sheet.rewardValuePaise);
    expect(coupon?.weighSheetId).toBe(sheet.id);
    expect(coupon?.expiresAt.getTime()).toBe(now.getTime() + 180 * DAY_MS);
    expect(reward).toMatchObject({ kind: "coupon", code: coupon?.code });
    const after = await pickupRow(pickup.id);
    expect(after.status).toBe("collected");
    expect(after.collectedAt?.getTime()).toBe(now.getTime());
    expect(after.payoutPaise).toBe(sheet.payoutPaise);
    const decided = await sheetRow(sheet.id);
    expect(decided).toMatchObject({ status: "confirmed", confirmedVia: "tracking page" });
    expect(await auditActions(pickup.id)).toContainEqual({
      action: "weigh_sheet.confirmed",
      actor: "visitor",
    });
  });

  it("a replayed confirmation issues nothing more and answers the same coupon", async () => {
    const { pickup, token } = await weighedPickup(handle.db);
    const first = await confirmWeighSheetByToken(handle.db, token, 1, now, settings);
    const again = await confirmWeighSheetByToken(handle.db, token, 1, now, settings);
    expect(again).toEqual(first);
    expect(await couponsOf(pickup.id)).toHaveLength(1);
    const confirmations = (await auditActions(pickup.id)).filter(
      (row) => row.action === "weigh_sheet.confirmed",
    );
    expect(confirmations).toHaveLength(1);
  });

  it("confirmations at once (double clicks, two tabs) issue one coupon per pickup", async () => {
    const made = await Promise.all([1, 2, 3, 4, 5].map(() => weighedPickup(handle.db)));
    const answers = await Promise.all(
      made.flatMap(({ token }) =>
        [1, 2, 3, 4].map(() => confirmWeighSheetByToken(handle.db, token, 1, now, settings)),
      ),
    );
    for (const [i, { pickup }] of made.entries()) {
      const issued = await couponsOf(pickup.id);
      expect(issued).toHaveLength(1);
      for (const answer of answers.slice(i * 4, i * 4 + 4)) {
        expect(answer).toMatchObject({ kind: "coupon", code: issued[0]?.code });
      }
    }
  });

  it("plants: takes exactly the picked quantities from stock", async () => {
    const [basil, fern] = await twoPlants();
    const { pickup, token } = await weighedPickup(handle.db, {
      reward: "plants",
      plants: [
        { productId: basil.id, quantity: 2 },
        { productId: fern.id, quantity: 1 },
      ],
    });
    const reward = await confirmWeighSheetByToken(handle.db, token, 1, now, settings);
    expect(reward).toEqual({
      kind: "plants",
      plants: [
        { name: basil.name, quantity: 2 },
        { name: fern.name, quantity: 1 },
      ],
    });
    expect(await stockOf(basil.id)).toBe(3);
    expect(await stockOf(fern.id)).toBe(4);
    expect((await pickupRow(pickup.id)).status).toBe("collected");
    // A replay takes nothing more.
    await confirmWeighSheetByToken(handle.db, token, 1, now, settings);
    expect(await stockOf(basil.id)).toBe(3);
  });

  it("plants: refuses when one is short, and nothing is written", async () => {
    const [basil, fern] = await twoPlants();
    await handle.db.update(products).set({ stock: 1 }).where(eq(products.id, fern.id));
    const { pickup, sheet, token } = await weighedPickup(handle.db, {
      reward: "plants",
      plants: [
        { productId: basil.id, quantity: 2 },
        { productId: fern.id, quantity: 2 },
      ],
    });
    const error = await exchangeRefusal(
      confirmWeighSheetByToken(handle.db, token, 1, now, settings),
    );
    expect(error.status).toBe(409);
    expect(error.message).toBe(
      `${fern.name} is out of stock now; the collector will change the plants.`,
    );
    expect(await stockOf(basil.id)).toBe(5);
    expect(await stockOf(fern.id)).toBe(1);
    expect((await sheetRow(sheet.id)).status).toBe("pending");
    expect((await pickupRow(pickup.id)).status).toBe("weighed");
  });

  it("money: collected with the payout, no payout row yet", async () => {
    const { pickup, sheet, token } = await weighedPickup(handle.db, { reward: "money" });
    const reward = await confirmWeighSheetByToken(handle.db, token, 1, now, settings);
    expect(reward).toEqual({ kind: "money", amountPaise: sheet.payoutPaise });
    expect((await pickupRow(pickup.id)).status).toBe("collected");
    expect(await handle.db.select().from(payouts).where(eq(payouts.pickupId, pickup.id))).toEqual(
      [],
    );
    expect(await couponsOf(pickup.id)).toEqual([]);
  });

  it("refuses an old version with 409 and confirms the new one", async () => {
    const { pickup, token } = await weighedPickup(handle.db);
    await addSheetVersion(handle.db, pickup.id, { grams: [20_000] });
    const error = await exchangeRefusal(
      confirmWeighSheetByToken(handle.db, token, 1, now, settings),
    );
    expect(error).toMatchObject({ status: 409, message: REPLACED_VERSION });
    expect(await couponsOf(pickup.id)).toEqual([]);
    await confirmWeighSheetByToken(handle.db, token, 2, now, settings);
    expect(await couponsOf(pickup.id)).toHaveLength(1);
  });

  it("answers 404 for an unknown token or version", async () => {
    const { token } = await weighedPickup(handle.db);
    expect(
      (await exchangeRefusal(confirmWeighSheetByToken(handle.db, "x".repeat(43), 1, now, settings)))
        .status,
    ).toBe(404);
    expect(
      (await exchangeRefusal(confirmWeighSheetByToken(handle.db, "bad", 1, now, settings))).status,
    ).toBe(404);
    expect(
      (await exchangeRefusal(confirmWeighSheetByToken(handle.db, token, 7, now, settings))).status,
    ).toBe(404);
  });
});

describe("disputeWeighSheetByToken", () => {
  it("records the reason; the pickup joins the disputes queue; confirming it is refused", async () => {
    const { pickup, sheet, token } = await weighedPickup(handle.db);
    await disputeWeighSheetByToken(handle.db, token, 1, "  The brass was 4 kg, not 3.  ", now);
    expect(await sheetRow(sheet.id)).toMatchObject({
      status: "disputed",
      disputeReason: "The brass was 4 kg, not 3.",
    });
    expect((await pickupRow(pickup.id)).status).toBe("disputed");
    const queue = await listDisputes(handle.db);
    expect(queue).toContainEqual({
      pickupId: pickup.id,
      reference: pickup.reference,
      name: pickup.name,
      version: 1,
      reason: "The brass was 4 kg, not 3.",
      disputedAt: now,
    });
    expect(
      (await exchangeRefusal(confirmWeighSheetByToken(handle.db, token, 1, now, settings))).status,
    ).toBe(409);
    expect(await auditActions(pickup.id)).toContainEqual({
      action: "weigh_sheet.disputed",
      actor: "visitor",
    });
  });

  it("refuses a reason under 3 or over 500 characters next to the field", async () => {
    const { sheet, token } = await weighedPickup(handle.db);
    for (const reason of ["ab", "x".repeat(501)]) {
      const error = await exchangeRefusal(
        disputeWeighSheetByToken(handle.db, token, 1, reason, now),
      );
      expect(error.status).toBe(422);
      expect(fieldText(error, "reason")).toBe("Write the reason in 3 to 500 characters.");
    }
    expect((await sheetRow(sheet.id)).status).toBe("pending");
  });

  it("a corrected version leaves the queue and can be confirmed", async () => {
    const { pickup, token } = await weighedPickup(handle.db);
    await disputeWeighSheetByToken(handle.db, token, 1, "Too little", now);
    await addSheetVersion(handle.db, pickup.id, { grams: [14_000] });
    expect((await listDisputes(handle.db)).map((d) => d.pickupId)).not.toContain(pickup.id);
    expect(
      (await exchangeRefusal(disputeWeighSheetByToken(handle.db, token, 1, "Still wrong", now)))
        .message,
    ).toBe(REPLACED_VERSION);
    await confirmWeighSheetByToken(handle.db, token, 2, now, settings);
    expect((await pickupRow(pickup.id)).status).toBe("collected");
  });
});

describe("confirmWithHandoverCode", () => {
  it("5 wrong codes lock it (the count is kept); the right one is refused then", async () => {
    const { user } = await signedInStaff(handle.db, "collector");
    const { pickup, sheet } = await weighedPickup(handle.db, {
      collectorId: user.id,
      handoverCode: "4821",
    });
    const actor = { id: user.id, name: user.name, role: user.role, email: user.email };
    for (let i = 1; i <= 4; i++) {
      const error = await exchangeRefusal(
        confirmWithHandoverCode(handle.db, pickup.id, 1, "1111", actor, now, settings),
      );
      expect(error.status).toBe(422);
      expect(fieldText(error, "code")).toBe(
        `That is not the customer's code. ${5 - i} ${i === 4 ? "try" : "tries"} left.`,
      );
      expect((await pickupRow(pickup.id)).handoverFailures).toBe(i);
    }
    const fifth = await exchangeRefusal(
      confirmWithHandoverCode(handle.db, pickup.id, 1, "9999", actor, now, settings),
    );
    expect(fifth).toMatchObject({ status: 429, message: HANDOVER_CODE_LOCKED });
    expect((await pickupRow(pickup.id)).handoverFailures).toBe(5);
    const right = await exchangeRefusal(
      confirmWithHandoverCode(handle.db, pickup.id, 1, "4821", actor, now, settings),
    );
    expect(right).toMatchObject({ status: 429, message: HANDOVER_CODE_LOCKED });
    expect((await sheetRow(sheet.id)).status).toBe("pending");
    const wrongs = (await auditActions(pickup.id)).filter(
      (row) => row.action === "pickup.handover_code_wrong",
    );
    expect(wrongs).toHaveLength(5);
  });

  it("the right code confirms via 'handover code' and issues the reward", async () => {
    const { user } = await signedInStaff(handle.db, "collector");
    const { pickup, sheet } = await weighedPickup(handle.db, {
      collectorId: user.id,
      handoverCode: "0307",
    });
    const actor = { id: user.id, name: user.name, role: user.role, email: user.email };
    await exchangeRefusal(
      confirmWithHandoverCode(handle.db, pickup.id, 1, "0308", actor, now, settings),
    );
    const reward = await confirmWithHandoverCode(
      handle.db,
      pickup.id,
      1,
      " 0307 ",
      actor,
      now,
      settings,
    );
    expect(reward.kind).toBe("coupon");
    expect(await sheetRow(sheet.id)).toMatchObject({
      status: "confirmed",
      confirmedVia: "handover code",
    });
    expect(await couponsOf(pickup.id)).toHaveLength(1);
    expect(await auditActions(pickup.id)).toContainEqual({
      action: "weigh_sheet.confirmed",
      actor: user.email,
    });
  });

  it("refuses another collector (403), no code yet (409), malformed code (422)", async () => {
    const { user } = await signedInStaff(handle.db, "collector");
    const { user: other } = await signedInStaff(handle.db, "collector");
    const mine = await weighedPickup(handle.db, { collectorId: user.id, handoverCode: null });
    const asOther = { id: other.id, name: other.name, role: other.role, email: other.email };
    const asMe = { id: user.id, name: user.name, role: user.role, email: user.email };
    const forbidden = await exchangeRefusal(
      confirmWithHandoverCode(handle.db, mine.pickup.id, 1, "1234", asOther, now, settings),
    );
    expect(forbidden.status).toBe(403);
    const noCode = await exchangeRefusal(
      confirmWithHandoverCode(handle.db, mine.pickup.id, 1, "1234", asMe, now, settings),
    );
    expect(noCode).toMatchObject({ status: 409, message: NO_HANDOVER_CODE_YET });
    const malformed = await exchangeRefusal(
      confirmWithHandoverCode(handle.db, mine.pickup.id, 1, "12a4", asMe, now, settings),
    );
    expect(malformed.status).toBe(422);
    expect((await pickupRow(mine.pickup.id)).handoverFailures).toBe(0);
  });
});

describe("closeDispute", () => {
  it("'collected' accepts the disputed sheet and issues the reward", async () => {
    const { user } = await signedInStaff(handle.db, "staff");
    const { pickup, sheet, token } = await weighedPickup(handle.db);
    await disputeWeighSheetByToken(handle.db, token, 1, "Scale looked off", now);
    const reward = await closeDispute(
      handle.db,
      pickup.id,
      { outcome: "collected", note: "Called the customer; they agree now." },
      user,
      now,
      settings,
    );
    expect(reward?.kind).toBe("coupon");
    expect(await sheetRow(sheet.id)).toMatchObject({
      status: "confirmed",
      confirmedVia: "staff",
      resolutionNote: "Called the customer; they agree now.",
    });
    expect((await pickupRow(pickup.id)).status).toBe("collected");
    expect(await couponsOf(pickup.id)).toHaveLength(1);
    expect((await listDisputes(handle.db)).map((d) => d.pickupId)).not.toContain(pickup.id);
  });

  it("'cancelled' ends the exchange without a reward", async () => {
    const { user } = await signedInStaff(handle.db, "staff");
    const { pickup, sheet, token } = await weighedPickup(handle.db);
    await disputeWeighSheetByToken(handle.db, token, 1, "Scale looked off", now);
    const noteError = await exchangeRefusal(
      closeDispute(handle.db, pickup.id, { outcome: "cancelled", note: "no" }, user, now, settings),
    );
    expect(fieldText(noteError, "note")).toBe("Write the note in 3 to 500 characters.");
    const reward = await closeDispute(
      handle.db,
      pickup.id,
      { outcome: "cancelled", note: "Customer kept the scrap." },
      user,
      now,
      settings,
    );
    expect(reward).toBeNull();
    expect(await sheetRow(sheet.id)).toMatchObject({
      status: "closed",
      resolutionNote: "Customer kept the scrap.",
    });
    expect((await pickupRow(pickup.id)).status).toBe("cancelled");
    expect(await couponsOf(pickup.id)).toEqual([]);
    expect(await auditActions(pickup.id)).toContainEqual({
      action: "weigh_sheet.closed",
      actor: user.email,
    });
    const again = await exchangeRefusal(
      closeDispute(
        handle.db,
        pickup.id,
        { outcome: "collected", note: "Again" },
        user,
        now,
        settings,
      ),
    );
    expect(again.status).toBe(409);
  });
});

it("no audit row is left behind by a refused confirmation", async () => {
  const { pickup, token } = await weighedPickup(handle.db);
  await addSheetVersion(handle.db, pickup.id);
  await exchangeRefusal(confirmWeighSheetByToken(handle.db, token, 1, now, settings));
  const rows = await handle.db.execute(
    sql`select count(*)::int as n from audit_log where entity = 'pickup' and entity_id = ${String(pickup.id)}`,
  );
  expect((rows as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
});

describe("cancelling a weighed pickup from the staff page", () => {
  it("closes the waiting sheet, so the customer can no longer confirm it", async () => {
    const { pickup, sheet, token } = await weighedPickup(handle.db);
    await changePickupStatus(handle.db, pickup.id, "cancelled", "staff@example.com", "weighed");
    expect((await sheetRow(sheet.id)).status).toBe("closed");
    const error = await exchangeRefusal(
      confirmWeighSheetByToken(handle.db, token, 1, now, settings),
    );
    expect(error.status).toBe(409);
    expect(await couponsOf(pickup.id)).toHaveLength(0);
    expect((await pickupRow(pickup.id)).status).toBe("cancelled");
  });
});

describe("the tracking page /pickups/:token", () => {
  function post(token: string, form: Record<string, string>) {
    return answerOf(() =>
      trackingAction(routeArgs(`http://localhost/pickups/${token}`, { form, params: { token } })),
    );
  }

  it("shows the sheet, code and visit; Confirm redirects and the coupon is shown", async () => {
    const { token } = await weighedPickup(handle.db, { grams: [12_500, 3_000] });
    const before = await trackingLoader(
      routeArgs(`http://localhost/pickups/${token}`, { params: { token } }),
    );
    expect(before.exchange.canDecide).toBe(true);
    expect(before.exchange.visit.handoverCode).toBe("4821");
    expect(before.exchange.sheet?.lines.map((l) => l.kg)).toEqual(["12.500", "3.000"]);
    expect(before.exchange.reward).toBeNull();
    const answer = await post(token, { intent: "confirm", version: "1" });
    expect(answer).toMatchObject({ status: 303, location: `/pickups/${token}` });
    const after = await trackingLoader(
      routeArgs(`http://localhost/pickups/${token}`, { params: { token } }),
    );
    expect(after.exchange.canDecide).toBe(false);
    expect(after.exchange.visit.handoverCode).toBeNull();
    expect(after.exchange.reward).toMatchObject({ kind: "coupon" });
    const reward = after.exchange.reward;
    expect(reward?.kind === "coupon" && reward.code).toMatch(/^SS-\w{4}-\w{4}$/);
  });

  it("answers 400 for a malformed version, 422 next to 'reason', 409 for an old version", async () => {
    const { pickup, token } = await weighedPickup(handle.db);
    expect(await post(token, { intent: "confirm", version: "one" })).toMatchObject({
      status: 400,
    });
    expect(await post(token, { intent: "dispute", version: "1", reason: "x" })).toMatchObject({
      status: 422,
      data: { field: "reason", error: "Write the reason in 3 to 500 characters." },
    });
    await addSheetVersion(handle.db, pickup.id);
    expect(await post(token, { intent: "confirm", version: "1" })).toMatchObject({
      status: 409,
      data: { field: "form", error: REPLACED_VERSION },
    });
    expect(await post(token, { intent: "dispute", version: "2", reason: "Wrong" })).toMatchObject({
      status: 303,
    });
    const view = await trackingLoader(
      routeArgs(`http://localhost/pickups/${token}`, { params: { token } }),
    );
    expect(view.exchange.sheet).toMatchObject({ status: "disputed", disputeReason: "Wrong" });
    expect(view.exchange.earlierSheets.map((s) => s.version)).toEqual([1]);
    expect(await couponsOf(pickup.id)).toEqual([]);
  });

  it("money: shows the payout as waiting, then 'Paid … by UPI on …' once recorded", async () => {
    const { pickup, sheet, token } = await weighedPickup(handle.db, { reward: "money" });
    await post(token, { intent: "confirm", version: "1" });
    const load = () =>
      trackingLoader(routeArgs(`http://localhost/pickups/${token}`, { params: { token } }));
    expect((await load()).exchange.reward).toMatchObject({ kind: "money", paid: null });
    await handle.db.insert(payouts).values({
      pickupId: pickup.id,
      amountPaise: sheet.payoutPaise,
      method: "upi",
      reference: "UPI123",
      paidByName: "Office",
      paidAt: new Date("2026-11-23T08:00:00Z"),
    });
    expect((await load()).exchange.reward).toMatchObject({
      kind: "money",
      paid: { method: "UPI", on: "23 Nov 2026" },
    });
  });
});

describe("the staff routes", () => {
  it("handover: a wrong code redirects with the tries left (never the code), the right one confirms", async () => {
    const { user, cookie } = await signedInStaff(handle.db, "collector");
    const { pickup } = await weighedPickup(handle.db, {
      collectorId: user.id,
      handoverCode: "5555",
    });
    const url = `http://localhost/dashboard/route/${pickup.id}/handover`;
    const post = (code: string) =>
      answerOf(() =>
        routeHandoverAction(
          routeArgs(url, {
            cookie,
            form: { version: "1", code },
            params: { id: String(pickup.id) },
          }),
        ),
      );
    const wrong = await post("1234");
    expect(wrong.status).toBe(303);
    expect(wrong.location).toBe(`/dashboard/route/${pickup.id}?handover=wrong-4#handover-title`);
    expect(wrong.location).not.toContain("1234");
    expect((await pickupRow(pickup.id)).handoverFailures).toBe(1);
    expect((await post("5555")).location).toContain("handover=confirmed");
    expect((await pickupRow(pickup.id)).status).toBe("collected");
    const { user: other, cookie: otherCookie } = await signedInStaff(handle.db, "collector");
    const mine = await weighedPickup(handle.db, { collectorId: user.id });
    expect(other.id).not.toBe(user.id);
    const forbidden = await answerOf(() =>
      routeHandoverAction(
        routeArgs(`http://localhost/dashboard/route/${mine.pickup.id}/handover`, {
          cookie: otherCookie,
          form: { version: "1", code: "4821" },
          params: { id: String(mine.pickup.id) },
        }),
      ),
    );
    expect(forbidden.status).toBe(403);
    expect((await pickupRow(mine.pickup.id)).handoverFailures).toBe(0);
  });

  it("close dispute: refuses a collector, redirects with the refusal or the outcome", async () => {
    const { cookie } = await signedInStaff(handle.db, "staff");
    const { cookie: collectorCookie } = await signedInStaff(handle.db, "collector");
    const { pickup, token } = await weighedPickup(handle.db);
    await disputeWeighSheetByToken(handle.db, token, 1, "Too light", now);
    const url = `http://localhost/dashboard/pickups/${pickup.id}/dispute`;
    const post = (who: string, form: Record<string, string>) =>
      answerOf(() =>
        pickupDisputeAction(
          routeArgs(url, { cookie: who, form, params: { id: String(pickup.id) } }),
        ),
      );
    expect((await post(collectorCookie, { outcome: "cancelled", note: "Kept" })).status).toBe(403);
    expect((await post(cookie, { note: "Kept it" })).location).toContain("dispute=outcome");
    expect((await post(cookie, { outcome: "cancelled", note: "" })).location).toContain(
      "dispute=note",
    );
    const overview = await overviewLoader(routeArgs("http://localhost/dashboard", { cookie }));
    expect(
      (overview as { disputes: { pickupId: number }[] }).disputes.map((d) => d.pickupId),
    ).toContain(pickup.id);
    const done = await post(cookie, { outcome: "cancelled", note: "Customer kept the scrap" });
    expect(done.location).toBe(`/dashboard/pickups/${pickup.id}?done=cancelled`);
    expect((await pickupRow(pickup.id)).status).toBe("cancelled");
  });
});
