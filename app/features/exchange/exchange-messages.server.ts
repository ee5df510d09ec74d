/**
 * The messages the exchange's events cause (docs/messages.md "Events", docs/exchange.md): the
 * collector on the way, a weigh sheet ready, the pickup collected with its reward, a dispute
 * alert for staff. Like the booking's messages (`app/features/pickups/pickup-messages.server.ts`,
 * whose helpers these use), each writes outbox rows inside the EVENT'S OWN transaction `tx`, and
 * dedupe keys make a repeated event add nothing.
 *
 * Dates are calendar dates and slots "HH:MM" in Asia/Kolkata; money integer paise; grams.
 */
import type { Database } from "~/db/client.server";
import { TOO_LATE } from "~/db/outbox.server";
import type { WeighSheetStatus } from "~/db/schema/exchange";
import type { Pickup } from "~/db/schema/pickups";
import { defaultPickupConfig } from "~/features/pickups/pickup-config";
import {
  HOUR_MS,
  pickupMessageParams,
  pickupRow,
  skipPickupReminders,
  skipWeighSheetReady,
  toCustomer,
  toStaff,
} from "~/features/pickups/pickup-messages.server";
import { kolkataInstant, todayInKolkata } from "~/utils/dates";
import type { IssuedReward } from "./issued-reward";

/** Why the pending reminders of a pickup were skipped once it was weighed. */
export const REMINDERS_WEIGHED = `${TOO_LATE}: the pickup was weighed.`;
/** Why a weigh sheet's 'ready' message was skipped: a newer version was saved before it went. */
export const WEIGH_SHEET_REPLACED = `${TOO_LATE}: a newer weigh sheet replaced it.`;

/**
 * Until when 'On my way' (tapped at `now`) still makes sense: the end of the pickup's slot
 * (Asia/Kolkata), or one hour after the tap when the collector is running late past it, so the
 * handover code still reaches a customer who is waiting (docs/messages.md "Too late").
 */
export function onTheWayUntil(pickup: Pick<Pickup, "pickupDate" | "slotStart">, now: Date): Date {
  const slot = defaultPickupConfig.slots.find((entry) => entry.start === pickup.slotStart);
  const slotEnds = kolkataInstant(pickup.pickupDate, slot?.end ?? pickup.slotStart);
  return new Date(Math.max(slotEnds.getTime(), now.getTime() + HOUR_MS));
}

/**
 * The first 'On my way' of the pickup at `now`: 'collector_on_the_way' with the collector's name
 * and the 4-digit handover code (key `pickup:<id>:on-the-way`, so a second tap adds nothing),
 * skipped as too late after {@link onTheWayUntil}.
 */
export async function enqueueOnTheWay(
  tx: Database,
  pickupId: number,
  collectorName: string,
  now: Date,
) {
  const pickup = await pickupRow(tx, pickupId);
  if (!pickup.handoverCode) return;
  const params = {
    ...pickupMessageParams(pickup),
    collectorName,
    handoverCode: pickup.handoverCode,
  };
  await toCustomer(tx, pickup, "collector_on_the_way", "on-the-way", params, {
    now,
    expiresAt: onTheWayUntil(pickup, now),
  });
}

/**
 * Weigh sheet `version` was saved at `now` and waits for the customer: the pickup's reminders
 * are skipped (its visit has happened), so is the 'weigh_sheet_ready' of an earlier version not
 * sent yet (replaced), and 'weigh_sheet_ready' of this version is enqueued (one per version).
 */
export async function enqueueWeighSheetReady(
  tx: Database,
  pickupId: number,
  sheet: { version: number; totalGrams: number; payoutPaise: number; rewardValuePaise: number },
  now: Date,
) {
  const pickup = await pickupRow(tx, pickupId);
  await skipPickupReminders(tx, pickupId, REMINDERS_WEIGHED);
  await skipWeighSheetReady(tx, pickupId, WEIGH_SHEET_REPLACED);
  const params = {
    ...pickupMessageParams(pickup),
    version: sheet.version,
    totalGrams: sheet.totalGrams,
    payoutPaise: sheet.payoutPaise,
    rewardValuePaise: sheet.rewardValuePaise,
  };
  await toCustomer(tx, pickup, "weigh_sheet_ready", `weigh-sheet:${sheet.version}`, params, {
    now,
  });
}

/**
 * Weigh sheet `version` was saved but waits for an admin's approval (docs/exchange.md "Approval
 * of a large sheet"): the pickup's reminders and an earlier version's 'weigh_sheet_ready' are
 * skipped as on any save, this version's 'weigh_sheet_ready' waits for the approval
 * (`enqueueWeighSheetReady` then), and staff get 'staff_weigh_sheet_approval' (one per version;
 * nothing when SHOP_ALERT_EMAIL is unset).
 */
export async function holdWeighSheetReady(
  tx: Database,
  pickupId: number,
  sheet: { version: number; totalGrams: number; rewardValuePaise: number },
) {
  const pickup = await pickupRow(tx, pickupId);
  await skipPickupReminders(tx, pickupId, REMINDERS_WEIGHED);
  await skipWeighSheetReady(tx, pickupId, WEIGH_SHEET_REPLACED);
  await toStaff(tx, pickup, "staff_weigh_sheet_approval", `staff-approval:${sheet.version}`, {
    ...pickupMessageParams(pickup),
    dashboardPath: `/dashboard/pickups/${pickup.id}`,
    version: sheet.version,
    totalGrams: sheet.totalGrams,
    rewardValuePaise: sheet.rewardValuePaise,
  });
}

/**
 * The customer or staff decided the weigh sheet (`decision`: confirmed, disputed, closed): its
 * 'weigh_sheet_ready' not sent yet and any reminder still pending are skipped as too late.
 */
export async function skipAfterDecision(
  tx: Database,
  pickupId: number,
  decision: WeighSheetStatus,
) {
  const reason = `${TOO_LATE}: the weigh sheet was ${decision}.`;
  await skipPickupReminders(tx, pickupId, reason);
  await skipWeighSheetReady(tx, pickupId, reason);
}

/** The reward part of 'pickup_collected' (coupon code, value and expiry date; plants). */
function rewardParams(reward: IssuedReward) {
  if (reward.kind === "coupon") {
    return {
      reward: "coupon" as const,
      couponCode: reward.code,
      couponValuePaise: reward.valuePaise,
      couponExpiresOn: todayInKolkata(reward.expiresAt),
    };
  }
  if (reward.kind === "plants") return { reward: "plants" as const, plants: reward.plants };
  return { reward: "money" as const };
}

/**
 * The weigh sheet was confirmed and the reward issued (customer, handover code or staff closing
 * a dispute): 'pickup_collected' with the payout (paise) and the reward.
 */
export async function enqueuePickupCollected(
  tx: Database,
  pickupId: number,
  payoutPaise: number,
  reward: IssuedReward,
  now: Date,
) {
  const pickup = await pickupRow(tx, pickupId);
  const params = { ...pickupMessageParams(pickup), payoutPaise, ...rewardParams(reward) };
  await toCustomer(tx, pickup, "pickup_collected", "collected", params, { now });
}

/** The customer disputed weigh sheet `version`: 'staff_new_dispute' with the reason. */
export async function enqueueDisputeAlert(
  tx: Database,
  pickupId: number,
  version: number,
  reason: string,
) {
  const pickup = await pickupRow(tx, pickupId);
  await toStaff(tx, pickup, "staff_new_dispute", `staff-dispute:${version}`, {
    ...pickupMessageParams(pickup),
    dashboardPath: `/dashboard/pickups/${pickup.id}`,
    reason,
  });
}
