/**
 * The customer's decision on a weigh sheet and the reward it issues (docs/exchange.md "The
 * customer confirms", "Rewards"): confirming on the tracking page or with the handover code,
 * disputing with a reason, staff closing a dispute, and the disputes queue.
 *
 * Every decision runs in one transaction that locks the pickup row (`for update`), so two
 * confirmations at once (a double click, the customer and the collector together) serialise:
 * the second finds the sheet confirmed and issues nothing. Money is integer paise; `now` is a
 * parameter so tests inject the clock. Refusals are `ExchangeError`s with message ids (ADR 0024:
 * `errors.exchange.*` for what the customer's tracking page shows, `dashboard.*` for the staff's
 * steps); nothing is written then (except the count of wrong handover codes, which must survive
 * the refusal).
 */

import crypto from "node:crypto";
import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import { type AuditActor, recordAudit } from "~/db/audit.server";
import { notifyCacheChanged, notifyIfStockCrossedZero } from "~/db/cache-invalidation.server";
import type { Database } from "~/db/client.server";
import { products } from "~/db/schema/catalogue";
import {
  coupons,
  payouts,
  type WeighSheet,
  type WeighSheetStatus,
  weighSheetPlants,
  weighSheets,
} from "~/db/schema/exchange";
import { sitePickupDates } from "~/db/schema/organisations";
import { type PickupStatus, pickups } from "~/db/schema/pickups";
import type { StaffRole } from "~/db/schema/staff";
import { enqueuePickupCancelled } from "~/features/pickups/pickup-messages.server";
import { couponCode, isUnguessableToken } from "~/utils/codes.server";
import type { ExchangeSettings } from "~/utils/env.server";
import { awaitsApproval } from "./approval";
import { type DoorActor, doorActionProblem } from "./collector-access";
import { addConfirmedSheet } from "./daily-totals.server";
import { ExchangeError } from "./exchange-error";
import {
  enqueueDisputeAlert,
  enqueuePickupCollected,
  enqueueWeighSheetReady,
  skipAfterDecision,
} from "./exchange-messages.server";
import { HANDOVER_CODE_TRIES, handoverRefusalIds } from "./handover-code";
import type { IssuedReward } from "./issued-reward";
import { PAPER_SLIP_LENGTH } from "./paper-slip";

const DAY_MS = 24 * 60 * 60 * 1000;
const NOT_FOUND = "errors.pickup.notFound";
const REPLACED_VERSION = "errors.exchange.replaced";
const TEXT_LIMITS = { min: 3, max: 500 } as const;

type Pickup = typeof pickups.$inferSelect;
type Channel = "tracking page" | "handover code" | "staff" | "paper slip";

/** The pickup row, locked for the rest of the transaction. @throws ExchangeError 404. */
async function lockPickup(tx: Database, where: { id: number } | { token: string }) {
  if ("token" in where && !isUnguessableToken(where.token)) {
    throw new ExchangeError(NOT_FOUND, 404);
  }
  const [pickup] = await tx
    .select()
    .from(pickups)
    .where("id" in where ? eq(pickups.id, where.id) : eq(pickups.trackingToken, where.token))
    .for("update");
  if (!pickup) throw new ExchangeError(NOT_FOUND, 404);
  return pickup;
}

/** The newest sheet version of the pickup. @throws ExchangeError 409 when there is none. */
async function latestSheet(tx: Database, pickupId: number): Promise<WeighSheet> {
  const [sheet] = await tx
    .select()
    .from(weighSheets)
    .where(eq(weighSheets.pickupId, pickupId))
    .orderBy(desc(weighSheets.version))
    .limit(1);
  if (!sheet) throw new ExchangeError("errors.exchange.noSheetYet", 409);
  return sheet;
}

/** The refusal id for deciding on a sheet that is no longer pending, by its status. */
const decidedMessages: Record<Exclude<WeighSheetStatus, "pending">, string> = {
  confirmed: "errors.exchange.alreadyConfirmed",
  disputed: "errors.exchange.wasDisputed",
  superseded: REPLACED_VERSION,
  closed: "errors.exchange.closedByStaff",
};

/**
 * The latest sheet, checked to be `version` (an older one → 409 REPLACED_VERSION; a version
 * that does not exist → 404).
 */
async function sheetAtVersion(tx: Database, pickupId: number, version: number) {
  const sheet = await latestSheet(tx, pickupId);
  if (version < sheet.version) throw new ExchangeError(REPLACED_VERSION, 409);
  if (version !== sheet.version) throw new ExchangeError("errors.exchange.sheetNotFound", 404);
  return sheet;
}

/** @throws ExchangeError 409 unless the sheet waits for the customer and the pickup is weighed. */
function assertPending(pickup: Pickup, sheet: WeighSheet) {
  if (sheet.status !== "pending") throw new ExchangeError(decidedMessages[sheet.status], 409);
  if (pickup.status !== "weighed") {
    throw new ExchangeError("errors.exchange.cannotDecide", 409);
  }
}

/**
 * @throws ExchangeError 409 `errors.exchange.awaitingApproval` while the sheet waits for an
 *   admin's approval: nobody can confirm it yet (a dispute is still possible).
 */
function assertApproved(sheet: WeighSheet) {
  if (awaitsApproval(sheet)) throw new ExchangeError("errors.exchange.awaitingApproval", 409);
}

/** Inserts the coupon with a fresh code (a new code on the rare collision). */
async function issueCoupon(
  tx: Database,
  pickup: Pickup,
  sheet: WeighSheet,
  now: Date,
  settings: ExchangeSettings,
): Promise<IssuedReward> {
  const expiresAt = new Date(now.getTime() + settings.couponValidDays * DAY_MS);
  for (let attempt = 0; attempt < 5; attempt++) {
    const [row] = await tx
      .insert(coupons)
      .values({
        code: couponCode(),
        pickupId: pickup.id,
        weighSheetId: sheet.id,
        valuePaise: sheet.rewardValuePaise,
        balancePaise: sheet.rewardValuePaise,
        expiresAt,
        createdAt: now,
      })
      .onConflictDoNothing({ target: coupons.code })
      .returning({ code: coupons.code });
    if (row) {
      return { kind: "coupon", code: row.code, valuePaise: sheet.rewardValuePaise, expiresAt };
    }
  }
  throw new Error("Could not find a free coupon code in 5 tries");
}

async function plantsOf(tx: Database, sheetId: number) {
  return tx
    .select({
      productId: weighSheetPlants.productId,
      name: weighSheetPlants.name,
      quantity: weighSheetPlants.quantity,
    })
    .from(weighSheetPlants)
    .where(eq(weighSheetPlants.weighSheetId, sheetId))
    .orderBy(asc(weighSheetPlants.id));
}

/**
 * Takes the sheet's plants from stock. @throws ExchangeError 409 naming the first plant that
 * is short (the transaction is rolled back, so no stock is taken).
 */
async function takePlants(tx: Database, sheet: WeighSheet): Promise<IssuedReward> {
  const plants = await plantsOf(tx, sheet.id);
  for (const plant of plants) {
    const taken = await tx
      .update(products)
      .set({ stock: sql`${products.stock} - ${plant.quantity}`, updatedAt: new Date() })
      .where(and(eq(products.id, plant.productId), sql`${products.stock} >= ${plant.quantity}`))
      .returning({ id: products.id, stock: products.stock });
    if (taken[0]) await notifyIfStockCrossedZero(tx, taken[0].stock, -plant.quantity);
    if (taken.length === 0) {
      throw new ExchangeError("errors.exchange.plantOutOfStock", 409, { plant: plant.name });
    }
  }
  return { kind: "plants", plants: plants.map(({ name, quantity }) => ({ name, quantity })) };
}

/** Issues the reward the customer chose for the confirmed `sheet`. */
function issueReward(
  tx: Database,
  pickup: Pickup,
  sheet: WeighSheet,
  now: Date,
  settings: ExchangeSettings,
): Promise<IssuedReward> {
  if (pickup.rewardPreference === "coupon") return issueCoupon(tx, pickup, sheet, now, settings);
  if (pickup.rewardPreference === "plants") return takePlants(tx, sheet);
  return Promise.resolve({ kind: "money", amountPaise: sheet.rewardValuePaise });
}

/** The reward already issued for the confirmed `sheet` (a replayed confirmation shows it). */
async function issuedRewardFor(
  tx: Database,
  pickup: Pickup,
  sheet: WeighSheet,
): Promise<IssuedReward> {
  if (pickup.rewardPreference === "coupon") {
    const [coupon] = await tx.select().from(coupons).where(eq(coupons.pickupId, pickup.id));
    if (coupon) {
      return {
        kind: "coupon",
        code: coupon.code,
        valuePaise: coupon.valuePaise,
        expiresAt: coupon.expiresAt,
      };
    }
  }
  if (pickup.rewardPreference === "plants") {
    const plants = await plantsOf(tx, sheet.id);
    return { kind: "plants", plants: plants.map(({ name, quantity }) => ({ name, quantity })) };
  }
  return { kind: "money", amountPaise: sheet.rewardValuePaise };
}

function rewardAudit(reward: IssuedReward): Record<string, unknown> {
  if (reward.kind === "coupon") {
    return { reward: "coupon", couponValuePaise: reward.valuePaise, expiresAt: reward.expiresAt };
  }
  if (reward.kind === "plants") return { reward: "plants", plants: reward.plants };
  return { reward: "money", amountPaise: reward.amountPaise };
}

/** What a decision on a sheet changes: the sheet's state, the pickup's status, the audit row. */
interface Decision {
  sheet: Partial<typeof weighSheets.$inferInsert> & { status: WeighSheetStatus };
  pickup: Partial<typeof pickups.$inferInsert> & { status: PickupStatus };
  action: string;
  actor: AuditActor;
  /** More of the pickup's new values for the audit row's `after`. */
  after?: Record<string, unknown>;
  extra: Record<string, unknown>;
}

/**
 * Records a decision on the locked pickup's `sheet` (confirmed, disputed, closed): the sheet's
 * new state with `decidedAt`, the pickup's new status, and one audit row with both statuses
 * before and after.
 */
async function recordDecision(
  tx: Database,
  pickup: Pickup,
  sheet: WeighSheet,
  now: Date,
  decision: Decision,
): Promise<void> {
  await tx
    .update(weighSheets)
    .set({ decidedAt: now, ...decision.sheet })
    .where(eq(weighSheets.id, sheet.id));
  await tx
    .update(pickups)
    .set({ updatedAt: now, ...decision.pickup })
    .where(eq(pickups.id, pickup.id));
  await recordAudit(tx, {
    actor: decision.actor,
    action: decision.action,
    entity: "pickup",
    entityId: pickup.id,
    before: { status: pickup.status, sheetStatus: sheet.status },
    after: {
      status: decision.pickup.status,
      sheetStatus: decision.sheet.status,
      ...decision.after,
    },
    extra: decision.extra,
  });
  await skipAfterDecision(tx, pickup.id, decision.sheet.status);
}

/**
 * Confirms the locked pickup's `sheet`: sheet → confirmed, pickup → collected with the sheet's
 * payout, the reward issued, one audit row ('weigh_sheet.confirmed').
 */
async function confirmSheet(
  tx: Database,
  pickup: Pickup,
  sheet: WeighSheet,
  via: Channel,
  actor: AuditActor,
  now: Date,
  settings: ExchangeSettings,
  note?: string,
): Promise<IssuedReward> {
  const reward = await issueReward(tx, pickup, sheet, now, settings);
  await recordDecision(tx, pickup, sheet, now, {
    sheet: {
      status: "confirmed",
      confirmedVia: via,
      ...(note === undefined ? {} : { resolutionNote: note }),
    },
    pickup: { status: "collected", collectedAt: now, payoutPaise: sheet.payoutPaise },
    action: "weigh_sheet.confirmed",
    actor,
    after: { payoutPaise: sheet.payoutPaise },
    extra: { version: sheet.version, via, ...rewardAudit(reward), ...(note ? { note } : {}) },
  });
  await addConfirmedSheet(tx, sheet.id, pickup.rewardPreference, now);
  await enqueuePickupCollected(tx, pickup.id, sheet.payoutPaise, reward, now);
  // The 'Our impact' figures count confirmed sheets: fresh on every server after the commit.
  await notifyCacheChanged(tx, "impact");
  return reward;
}

/**
 * The customer confirms weigh sheet `version` on their tracking page (docs/exchange.md "The
 * customer confirms"): it must be the latest version and still pending. The reward is issued in
 * the same transaction (coupon worth the sheet's reward value, valid `couponValidDays`; plants
 * taken from stock; money: nothing more until staff record the payout).
 *
 * A replay (double click, second tab, a concurrent confirmation) of the version already
 * confirmed is idempotent: it issues nothing and returns the reward issued the first time.
 * @throws ExchangeError 404 unknown token or version; 409 an older version (REPLACED_VERSION),
 *   a disputed or closed sheet, a pickup no longer weighed, a sheet waiting for an admin's
 *   approval, a plant out of stock.
 */
export async function confirmWeighSheetByToken(
  db: Database,
  token: string,
  version: number,
  now: Date,
  settings: ExchangeSettings,
): Promise<IssuedReward> {
  return db.transaction(async (tx) => {
    const pickup = await lockPickup(tx, { token });
    const sheet = await sheetAtVersion(tx, pickup.id, version);
    if (sheet.status === "confirmed") return issuedRewardFor(tx, pickup, sheet);
    assertPending(pickup, sheet);
    assertApproved(sheet);
    return confirmSheet(tx, pickup, sheet, "tracking page", "visitor", now, settings);
  });
}

/** The length refusal of each text: the customer's reason (public), staff's note (dashboard). */
const textLengthIds = {
  reason: "errors.exchange.reasonLength",
  note: "dashboard.dispute.noteLength",
} as const;

/**
 * The trimmed text, 3 to 500 characters.
 * @throws ExchangeError 422 on `field` ("Write the reason in 3 to 500 characters.").
 */
function checkedText(text: string, field: "reason" | "note"): string {
  const trimmed = text.trim();
  if (trimmed.length < TEXT_LIMITS.min || trimmed.length > TEXT_LIMITS.max) {
    throw new ExchangeError(textLengthIds[field], 422, { ...TEXT_LIMITS }, field);
  }
  return trimmed;
}

/**
 * The customer disputes weigh sheet `version` with a reason (3 to 500 characters): sheet →
 * disputed, pickup → disputed (it joins the overview's disputes queue), one audit row.
 * @throws ExchangeError 422 reason (field `reason`); 404/409 as confirmWeighSheetByToken.
 */
export async function disputeWeighSheetByToken(
  db: Database,
  token: string,
  version: number,
  reason: string,
  now: Date,
): Promise<void> {
  const text = checkedText(reason, "reason");
  await db.transaction(async (tx) => {
    const pickup = await lockPickup(tx, { token });
    const sheet = await sheetAtVersion(tx, pickup.id, version);
    if (sheet.status === "disputed") {
      throw new ExchangeError("errors.exchange.alreadyDisputed", 409);
    }
    assertPending(pickup, sheet);
    await recordDecision(tx, pickup, sheet, now, {
      sheet: { status: "disputed", disputeReason: text },
      pickup: { status: "disputed" },
      action: "weigh_sheet.disputed",
      actor: "visitor",
      extra: { version: sheet.version, reason: text },
    });
    await enqueueDisputeAlert(tx, pickup.id, sheet.version, text);
  });
}

/** Equal 4-digit codes (both checked to be 4 digits), compared in constant time. */
function sameCode(typed: string, stored: string): boolean {
  const a = Buffer.from(typed);
  const b = Buffer.from(stored);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

type HandoverOutcome = { ok: true; reward: IssuedReward } | { ok: false; failures: number };

/**
 * The collector types the customer's 4-digit handover code on the weigh-sheet page instead of
 * the customer confirming (docs/exchange.md "The handover code"). Door rule first
 * (doorActionProblem), then the code: the right one confirms `version` exactly as the customer
 * would (confirmed via 'handover code'); a wrong one is counted (the count is committed although
 * the confirmation is refused) and after HANDOVER_CODE_TRIES wrong codes the code is locked.
 * The code belongs to one sheet version (`pickups.handover_code_version`, bound when the sheet
 * is saved; a later version draws a new code), so a code read out for one version never
 * confirms another.
 * @throws ExchangeError 422 malformed or wrong code (field `code`); 429 locked; 403 someone
 *   else's pickup; 409 no code yet, a closed pickup, an older version, a decided sheet, a sheet
 *   waiting for an admin's approval, a code bound to another version.
 */
export async function confirmWithHandoverCode(
  db: Database,
  pickupId: number,
  version: number,
  code: string,
  actor: DoorActor & { email: string },
  now: Date,
  settings: ExchangeSettings,
): Promise<IssuedReward> {
  const typed = code.trim();
  if (!/^\d{4}$/.test(typed)) {
    throw new ExchangeError(handoverRefusalIds.format, 422, {}, "code");
  }
  const outcome = await db.transaction(async (tx): Promise<HandoverOutcome> => {
    const pickup = await lockPickup(tx, { id: pickupId });
    const problem = doorActionProblem(pickup, actor);
    if (problem)
      throw new ExchangeError(problem.message.id, problem.status, problem.message.values);
    if (!pickup.handoverCode) throw new ExchangeError(handoverRefusalIds.noCodeYet, 409);
    if (pickup.handoverFailures >= HANDOVER_CODE_TRIES) throw handoverLocked();
    const sheet = await sheetAtVersion(tx, pickup.id, version);
    assertPending(pickup, sheet);
    assertApproved(sheet);
    if (pickup.handoverCodeVersion !== sheet.version) {
      throw new ExchangeError(handoverRefusalIds.otherSheet, 409);
    }
    if (!sameCode(typed, pickup.handoverCode)) {
      return { ok: false, failures: await countWrongCode(tx, pickup, actor, now) };
    }
    const reward = await confirmSheet(
      tx,
      pickup,
      sheet,
      "handover code",
      { email: actor.email },
      now,
      settings,
    );
    return { ok: true, reward };
  });
  if (outcome.ok) return outcome.reward;
  if (outcome.failures >= HANDOVER_CODE_TRIES) throw handoverLocked();
  const left = HANDOVER_CODE_TRIES - outcome.failures;
  const id = left === 1 ? handoverRefusalIds.wrongCodeOne : handoverRefusalIds.wrongCodeMany;
  throw new ExchangeError(id, 422, { left }, "code");
}

/**
 * Office staff confirm an organisation's pending weigh sheet `version` because they hold the
 * weigh slip the organisation's contact signed at the pickup (docs/corporate.md "Weigh sheets of
 * organisations"): only a pickup an organisation's schedule booked; `slip` says which slip and
 * who signed it (3–200 characters), kept as the sheet's resolution note and in the audit row.
 * The reward is issued as on any confirmation (sheet confirmed via 'paper slip').
 * @throws ExchangeError 422 `dashboard.paperSlip.slipRequired`/`slipTooLong` (field `slip`);
 *   404 unknown pickup or version; 409 `dashboard.paperSlip.organisationsOnly` for a customer's
 *   pickup, and as on any confirmation an older version, a decided sheet, a pickup no longer
 *   weighed, a sheet waiting for an admin's approval.
 */
export async function confirmWithPaperSlip(
  db: Database,
  pickupId: number,
  version: number,
  slip: string,
  actor: { email: string },
  now: Date,
  settings: ExchangeSettings,
): Promise<IssuedReward> {
  const note = slip.trim();
  if (note.length < PAPER_SLIP_LENGTH.min) {
    throw new ExchangeError("dashboard.paperSlip.slipRequired", 422, {}, "slip");
  }
  if (note.length > PAPER_SLIP_LENGTH.max) {
    throw new ExchangeError(
      "dashboard.paperSlip.slipTooLong",
      422,
      { max: PAPER_SLIP_LENGTH.max },
      "slip",
    );
  }
  return db.transaction(async (tx) => {
    const pickup = await lockPickup(tx, { id: pickupId });
    const [scheduled] = await tx
      .select({ siteId: sitePickupDates.siteId })
      .from(sitePickupDates)
      .where(eq(sitePickupDates.pickupId, pickup.id));
    if (!scheduled) throw new ExchangeError("dashboard.paperSlip.organisationsOnly", 409);
    const sheet = await sheetAtVersion(tx, pickup.id, version);
    assertPending(pickup, sheet);
    assertApproved(sheet);
    return confirmSheet(
      tx,
      pickup,
      sheet,
      "paper slip",
      actor,
      now,
      settings,
      `Signed paper slip: ${note}`,
    );
  });
}

/** 429: the code is locked after HANDOVER_CODE_TRIES wrong tries. */
function handoverLocked(): ExchangeError {
  return new ExchangeError(handoverRefusalIds.locked, 429, { tries: HANDOVER_CODE_TRIES });
}

/** Counts one wrong handover code (and its audit row); the new count. */
async function countWrongCode(
  tx: Database,
  pickup: Pickup,
  actor: { email: string },
  now: Date,
): Promise<number> {
  const [row] = await tx
    .update(pickups)
    .set({ handoverFailures: sql`${pickups.handoverFailures} + 1`, updatedAt: now })
    .where(eq(pickups.id, pickup.id))
    .returning({ failures: pickups.handoverFailures });
  const failures = row?.failures ?? pickup.handoverFailures + 1;
  await recordAudit(tx, {
    actor: { email: actor.email },
    action: "pickup.handover_code_wrong",
    entity: "pickup",
    entityId: pickup.id,
    before: { handoverFailures: pickup.handoverFailures },
    after: { handoverFailures: failures },
    extra: failures >= HANDOVER_CODE_TRIES ? { locked: true } : {},
  });
  return failures;
}

/** How staff end a dispute: accept the disputed sheet, or end the exchange without one. */
export interface CloseDisputeInput {
  outcome: "collected" | "cancelled";
  note: string;
}

/**
 * Staff close a dispute with a note of 3 to 500 characters (docs/exchange.md "Disputes"):
 * 'collected' accepts the disputed sheet as it is (sheet → confirmed via 'staff', pickup →
 * collected, the reward issued as on a confirmation); 'cancelled' ends the exchange without a
 * reward (sheet → closed, pickup → cancelled). The note is the sheet's resolution note and is in
 * the audit row. Correcting the sheet instead is a new version saved with the weigh-sheet form.
 * Accepting a sheet that waits for an admin's approval approves it too, so only an admin may.
 * @returns the reward issued, or null for 'cancelled'.
 * @throws ExchangeError 422 note (field `note`); 404 unknown pickup; 403 accepting an unapproved
 *   sheet without being an admin; 409 not disputed (any more), a plant out of stock.
 */
export async function closeDispute(
  db: Database,
  pickupId: number,
  input: CloseDisputeInput,
  actor: { email: string; name: string; role: StaffRole },
  now: Date,
  settings: ExchangeSettings,
): Promise<IssuedReward | null> {
  const note = checkedText(input.note, "note");
  return db.transaction(async (tx) => {
    const pickup = await lockPickup(tx, { id: pickupId });
    const sheet = await latestSheet(tx, pickup.id);
    if (pickup.status !== "disputed" || sheet.status !== "disputed") {
      throw new ExchangeError("dashboard.dispute.notDisputed", 409);
    }
    const who = { email: actor.email };
    if (input.outcome === "collected") {
      if (awaitsApproval(sheet)) {
        // Accepting a sheet that waits for approval is the approval: an admin's alone.
        if (actor.role !== "admin") throw new ExchangeError(APPROVE_ADMIN_ONLY, 403);
        await tx
          .update(weighSheets)
          .set({ approvedAt: now, approvedByName: actor.name })
          .where(eq(weighSheets.id, sheet.id));
      }
      return confirmSheet(tx, pickup, sheet, "staff", who, now, settings, note);
    }
    await recordDecision(tx, pickup, sheet, now, {
      sheet: { status: "closed", resolutionNote: note },
      pickup: { status: "cancelled" },
      action: "weigh_sheet.closed",
      actor: who,
      extra: { version: sheet.version, note, by: actor.name },
    });
    await enqueuePickupCancelled(tx, pickup.id);
    return null;
  });
}

/** The refusal id of approving (or accepting) an unapproved sheet without being an admin. */
export const APPROVE_ADMIN_ONLY = "dashboard.weighSheet.approveAdminOnly";

/**
 * An admin approves weigh sheet `version` of pickup `pickupId`, which waits for approval because
 * its reward value is above WEIGH_SHEET_APPROVAL_ABOVE_PAISE (docs/exchange.md "Approval of a
 * large sheet"): `approved_at` and `approved_by_name` are set, one audit row
 * 'weigh_sheet.approved', and the customer's 'weigh_sheet_ready' message is enqueued; from then
 * on the customer (or the handover code) can confirm it. Approving an approved version again
 * writes nothing.
 * @throws ExchangeError 403 not an admin; 404 unknown pickup or version; 409 an older version
 *   (REPLACED_VERSION), a sheet that needs no approval or is no longer pending.
 */
export async function approveWeighSheet(
  db: Database,
  pickupId: number,
  version: number,
  actor: { email: string; name: string; role: StaffRole },
  now: Date,
): Promise<void> {
  if (actor.role !== "admin") throw new ExchangeError(APPROVE_ADMIN_ONLY, 403);
  await db.transaction(async (tx) => {
    const pickup = await lockPickup(tx, { id: pickupId });
    const sheet = await sheetAtVersion(tx, pickup.id, version);
    if (!sheet.approvalRequired) throw new ExchangeError("dashboard.weighSheet.noApproval", 409);
    if (sheet.approvedAt !== null) return;
    assertPending(pickup, sheet);
    await tx
      .update(weighSheets)
      .set({ approvedAt: now, approvedByName: actor.name })
      .where(eq(weighSheets.id, sheet.id));
    await recordAudit(tx, {
      actor: { email: actor.email },
      action: "weigh_sheet.approved",
      entity: "pickup",
      entityId: pickup.id,
      before: { approvedAt: null },
      after: { approvedAt: now.toISOString(), approvedBy: actor.name },
      extra: { version: sheet.version, rewardValuePaise: sheet.rewardValuePaise },
    });
    await enqueueWeighSheetReady(tx, pickup.id, sheet, now);
  });
}

/** One sheet waiting for an admin's approval in the overview's queue; `savedAt` an instant. */
export interface ApprovalRow {
  pickupId: number;
  reference: string;
  name: string;
  version: number;
  rewardValuePaise: number;
  savedAt: Date;
}

/**
 * Weigh sheets waiting for an admin's approval (pending, above the threshold when saved, not
 * approved), the oldest first, at most DISPUTES_SHOWN; read through the partial index
 * `weigh_sheets_awaiting_approval_idx`.
 */
export async function listAwaitingApproval(db: Database): Promise<ApprovalRow[]> {
  return db
    .select({
      pickupId: pickups.id,
      reference: pickups.reference,
      name: pickups.name,
      version: weighSheets.version,
      rewardValuePaise: weighSheets.rewardValuePaise,
      savedAt: weighSheets.createdAt,
    })
    .from(weighSheets)
    .innerJoin(pickups, eq(pickups.id, weighSheets.pickupId))
    .where(
      and(
        eq(weighSheets.approvalRequired, true),
        isNull(weighSheets.approvedAt),
        eq(weighSheets.status, "pending"),
      ),
    )
    .orderBy(asc(weighSheets.createdAt), asc(weighSheets.id))
    .limit(DISPUTES_SHOWN);
}

/** One disputed pickup in the overview's queue; `disputedAt` is an instant. */
export interface DisputeRow {
  pickupId: number;
  reference: string;
  name: string;
  version: number;
  reason: string;
  disputedAt: Date;
}

/** At most this many disputes on the overview (the oldest first). */
export const DISPUTES_SHOWN = 50;

/**
 * The disputes queue (docs/exchange.md "Disputes"): disputed pickups with their disputed sheet
 * version and reason, the oldest dispute first, at most DISPUTES_SHOWN.
 */
export async function listDisputes(db: Database): Promise<DisputeRow[]> {
  const disputed: PickupStatus = "disputed";
  const rows = await db
    .select({
      pickupId: pickups.id,
      reference: pickups.reference,
      name: pickups.name,
      version: weighSheets.version,
      reason: weighSheets.disputeReason,
      disputedAt: weighSheets.decidedAt,
    })
    .from(weighSheets)
    .innerJoin(pickups, eq(pickups.id, weighSheets.pickupId))
    .where(
      and(
        eq(weighSheets.status, "disputed"),
        eq(pickups.status, disputed),
        sql`not exists (select 1 from weigh_sheets newer where newer.pickup_id = ${weighSheets.pickupId} and newer.version > ${weighSheets.version})`,
      ),
    )
    .orderBy(asc(weighSheets.decidedAt), asc(weighSheets.id))
    .limit(DISPUTES_SHOWN);
  return rows.map((row) => ({
    ...row,
    reason: row.reason ?? "",
    disputedAt: row.disputedAt ?? new Date(0),
  }));
}

/**
 * The reward records of a pickup for its tracking page: its coupon (code, value and balance in
 * paise, expiry) and its payout (paise, method, when paid); null when there is none.
 */
export async function rewardRecordsOf(db: Database, pickupId: number) {
  const [coupon] = await db
    .select({
      code: coupons.code,
      valuePaise: coupons.valuePaise,
      balancePaise: coupons.balancePaise,
      expiresAt: coupons.expiresAt,
    })
    .from(coupons)
    .where(eq(coupons.pickupId, pickupId));
  const [payout] = await db
    .select({ amountPaise: payouts.amountPaise, method: payouts.method, paidAt: payouts.paidAt })
    .from(payouts)
    .where(eq(payouts.pickupId, pickupId));
  return { coupon: coupon ?? null, payout: payout ?? null };
}
