/**
 * What the customer's tracking page shows of the exchange (docs/exchange.md "The customer
 * confirms", "Rewards"): the collector's visit, the handover code, the current weigh sheet line
 * by line, earlier versions, and the reward once confirmed. Times in Asia/Kolkata; weights as
 * kg with 3 decimals (as the scale shows); money as ₹ text from integer paise.
 */
import type { Database } from "~/db/client.server";
import { materialNames, productNames, shownName } from "~/db/localised-names.server";
import type { PayoutMethod, WeighSheetStatus } from "~/db/schema/exchange";
import type { PickupStatus } from "~/db/schema/pickups";
import type { PickupView } from "~/features/pickups/pickups.server";
import type { Lang } from "~/i18n/languages";
import { formatDateTimeIST, formatDayIST } from "~/utils/dates";
import { formatPaise, formatRatePerKg } from "~/utils/money";
import { gramsToKgText } from "~/utils/units";
import { awaitsApproval } from "./approval";
import { rewardRecordsOf } from "./confirmation.server";
import { HANDOVER_CODE_TRIES } from "./handover-code";
import { weighSheetsOf } from "./weigh-sheet-view.server";

const methodLabels: Record<PayoutMethod, string> = {
  upi: "UPI",
  cash: "cash",
  bank_transfer: "bank transfer",
};

const sheetStatusLabels: Record<WeighSheetStatus, string> = {
  pending: "waiting for your decision",
  confirmed: "confirmed",
  disputed: "disputed",
  superseded: "replaced by a newer version",
  closed: "closed by our staff",
};

/** Statuses in which the customer still needs the handover code. */
const codeStatuses: readonly PickupStatus[] = ["requested", "confirmed", "weighed"];

/**
 * The exchange records of a pickup for its tracking page: its weigh sheets (newest first) and
 * its reward records (its coupon, its payout; null when there is none), and the names of its
 * materials and plants in `lang` (the sheet keeps the English names it was saved with; ADR 0030).
 */
export async function exchangeRecordsOf(db: Database, pickupId: number, lang: Lang = "en") {
  const sheets = await weighSheetsOf(db, pickupId);
  const { coupon, payout } = await rewardRecordsOf(db, pickupId);
  const names = {
    materials: await materialNames(
      db,
      lang,
      sheets.flatMap((sheet) => sheet.lines.map((line) => line.materialId)),
    ),
    plants: await productNames(
      db,
      lang,
      sheets.flatMap((sheet) => sheet.plants.map((plant) => plant.productId)),
    ),
  };
  return { sheets, coupon, payout, names };
}

/** A pickup as the tracking page reads it, with its exchange records. */
export type ExchangePickup = PickupView & Awaited<ReturnType<typeof exchangeRecordsOf>>;

type Sheet = ExchangePickup["sheets"][number];

function presentSheet(sheet: Sheet, lang: Lang, names: ExchangePickup["names"]) {
  return {
    version: sheet.version,
    status: sheet.status,
    /** Pending but waiting for an admin's approval: nobody can confirm it yet. */
    awaitingApproval: sheet.status === "pending" && awaitsApproval(sheet),
    statusLabel: sheetStatusLabels[sheet.status],
    savedAt: formatDateTimeIST(sheet.createdAt, lang),
    totalKg: gramsToKgText(sheet.totalGrams),
    lines: sheet.lines.map((line) => ({
      material: shownName(names.materials, line.materialId, line.materialName),
      kg: gramsToKgText(line.grams),
      rate: formatRatePerKg(line.ratePaisePerKg, lang),
      amount: formatPaise(line.amountPaise),
    })),
    pickupCharge: sheet.pickupChargePaise > 0 ? formatPaise(sheet.pickupChargePaise) : null,
    payout: formatPaise(sheet.payoutPaise),
    bonusPercent: sheet.bonusPercent,
    bonus: formatPaise(sheet.rewardValuePaise - sheet.payoutPaise),
    rewardValue: formatPaise(sheet.rewardValuePaise),
    plants: sheet.plants.map((plant) => ({
      name: shownName(names.plants, plant.productId, plant.name),
      quantity: plant.quantity,
    })),
    disputeReason: sheet.disputeReason,
    resolutionNote: sheet.resolutionNote,
  };
}

/**
 * The reward shown once the sheet is confirmed; null before. A coupon is expired at instant
 * `now` when `now` is at or past its `expiresAt`.
 */
function presentReward(pickup: ExchangePickup, sheet: Sheet | undefined, now: Date, lang: Lang) {
  if (sheet?.status !== "confirmed") return null;
  if (pickup.rewardPreference === "coupon" && pickup.coupon) {
    return {
      kind: "coupon" as const,
      code: pickup.coupon.code,
      value: formatPaise(pickup.coupon.valuePaise),
      balance: formatPaise(pickup.coupon.balancePaise),
      expires: formatDayIST(pickup.coupon.expiresAt, lang),
      expired: pickup.coupon.expiresAt.getTime() <= now.getTime(),
    };
  }
  if (pickup.rewardPreference === "plants") {
    return { kind: "plants" as const, plants: presentSheet(sheet, lang, pickup.names).plants };
  }
  const payout = pickup.payout;
  return {
    kind: "money" as const,
    amount: formatPaise(payout?.amountPaise ?? sheet.rewardValuePaise),
    paid: payout
      ? {
          method: methodLabels[payout.method],
          methodKey: payout.method,
          on: formatDayIST(payout.paidAt, lang),
        }
      : null,
  };
}

/**
 * The sheet version the handover code confirms, as the code's line shows it (weight, and the
 * reward's value as ₹ text); null before any sheet, or when the code belongs to another version.
 */
function codeSheet(pickup: ExchangePickup, current: Sheet | undefined) {
  if (!current || pickup.handoverCodeVersion !== current.version) return null;
  return { kg: gramsToKgText(current.totalGrams), value: formatPaise(current.rewardValuePaise) };
}

/**
 * The exchange part of the tracking page: visit times, the handover code (from 'On my way'
 * until the exchange ends, hidden once locked after HANDOVER_CODE_TRIES wrong tries and while
 * the sheet waits for an admin's approval) with the weight and value of the sheet version it
 * confirms (docs/exchange.md "The handover code"), the current sheet and whether the customer
 * can decide on it, earlier versions, the reward (a coupon says whether it has expired at
 * instant `now`). Dates in Asia/Kolkata, in `lang` (English by default).
 */
export function presentExchange(pickup: ExchangePickup, now: Date, lang: Lang = "en") {
  const [current, ...earlier] = pickup.sheets;
  const awaiting = current?.status === "pending" && awaitsApproval(current);
  const codeShown =
    pickup.onTheWayAt !== null &&
    pickup.handoverCode !== null &&
    codeStatuses.includes(pickup.status) &&
    !awaiting;
  const locked = pickup.handoverFailures >= HANDOVER_CODE_TRIES;
  return {
    visit: {
      onTheWayAt: pickup.onTheWayAt ? formatDateTimeIST(pickup.onTheWayAt, lang) : null,
      arrivedAt: pickup.arrivedAt ? formatDateTimeIST(pickup.arrivedAt, lang) : null,
      handoverCode: codeShown && !locked ? pickup.handoverCode : null,
      handoverFor: codeShown && !locked ? codeSheet(pickup, current) : null,
      handoverLocked: codeShown && locked,
    },
    sheet: current ? presentSheet(current, lang, pickup.names) : null,
    canDecide: current?.status === "pending" && pickup.status === "weighed" && !awaiting,
    earlierSheets: earlier.map((sheet) => presentSheet(sheet, lang, pickup.names)),
    reward: presentReward(pickup, current, now, lang),
  };
}
