/**
 * Pricing a weigh sheet (docs/exchange.md "The weigh sheet"): each line at the rate of the day
 * of collection, a pickup charge under the minimum weight, the payout, and the reward's value
 * (payout plus the coupon bonus for a coupon or plant reward). The collector's page runs it in
 * the browser for the live total; the server runs it again on saving and stores its figures.
 * Weights are integer grams, rates paise per kg, amounts integer paise. Browser-safe.
 */

import { estimatePaise } from "~/features/pickups/estimate";
import { GRAMS_PER_KG } from "~/utils/units";

/** A weighed material to price: grams on the scale at the rate of the day (paise per kg). */
export interface WeighSheetLineInput {
  materialId: number;
  materialName: string;
  grams: number;
  ratePaisePerKg: number;
}

export type RewardPreference = "plants" | "coupon" | "money";

/** The settings a sheet is priced with (env().exchange and the pickups' minimum weight). */
export interface WeighSheetPricingSettings {
  /** Deducted when the sheet's total weight is under `minimumKg`, paise. */
  pickupChargeBelowMinimumPaise: number;
  /** Added to a coupon or plant reward, percent of the payout (0–100). */
  couponBonusPercent: number;
  /** The pickup minimum, kg (15). */
  minimumKg: number;
}

export interface PricedWeighSheet<L extends WeighSheetLineInput = WeighSheetLineInput> {
  lines: (L & { amountPaise: number })[];
  totalGrams: number;
  subtotalPaise: number;
  /** The pickup charge deducted (0 at or above the minimum weight), paise. */
  pickupChargePaise: number;
  /** max(0, subtotal − pickup charge), paise. */
  payoutPaise: number;
  /** The bonus percent applied: the setting for coupon and plants, 0 for money. */
  bonusPercent: number;
  /** payout + round(payout × bonusPercent / 100), paise. */
  rewardValuePaise: number;
}

/**
 * Prices a weigh sheet: each line round(grams × rate / 1000) paise (the estimate's rule,
 * `estimatePaise`); when the total is under `minimumKg` the pickup charge is deducted (never
 * below 0); a coupon or plant reward adds round(payout × percent / 100). Pure; never throws.
 */
export function priceWeighSheet<L extends WeighSheetLineInput>(
  lines: readonly L[],
  reward: RewardPreference,
  settings: WeighSheetPricingSettings,
): PricedWeighSheet<L> {
  const priced = lines.map((line) => ({ ...line, amountPaise: estimatePaise([line]) }));
  const totalGrams = priced.reduce((sum, line) => sum + line.grams, 0);
  const subtotalPaise = priced.reduce((sum, line) => sum + line.amountPaise, 0);
  const pickupChargePaise =
    totalGrams < settings.minimumKg * GRAMS_PER_KG ? settings.pickupChargeBelowMinimumPaise : 0;
  const payoutPaise = Math.max(0, subtotalPaise - pickupChargePaise);
  const bonusPercent = reward === "money" ? 0 : settings.couponBonusPercent;
  const rewardValuePaise = payoutPaise + Math.round((payoutPaise * bonusPercent) / 100);
  return {
    lines: priced,
    totalGrams,
    subtotalPaise,
    pickupChargePaise,
    payoutPaise,
    bonusPercent,
    rewardValuePaise,
  };
}

/** Rows on the weigh sheet form for materials the estimate did not list. */
export const EXTRA_WEIGH_ROWS = 3;

/** Largest note staff may add when correcting a disputed sheet, characters. */
export const MAX_WEIGH_NOTE = 500;

/**
 * The weigh sheet form's field names (weigh-sheet-form.tsx writes them, weigh-sheet.schema.ts
 * reads them): `kg-<materialId>` for each listed material, `extraMaterial<n>` + `extraKg<n>`
 * for added ones (n = 1..EXTRA_WEIGH_ROWS), `plant-<productId>` for a plant's quantity,
 * `expectedVersion` (the latest version the form showed, 0 for none), `note` (staff).
 */
export const weighSheetFields = {
  intent: "weigh",
  kg: (materialId: number) => `kg-${materialId}`,
  extraMaterial: (n: number) => `extraMaterial${n}`,
  extraKg: (n: number) => `extraKg${n}`,
  plant: (productId: number) => `plant-${productId}`,
  expectedVersion: "expectedVersion",
  note: "note",
} as const;

/** What the weigh sheet form offers (weighSheetFormData in weigh-sheet.server.ts). */
export interface WeighSheetFormData {
  /** Materials that can be weighed, at their current rate (paise per kg). */
  materials: { id: number; name: string; ratePaisePerKg: number }[];
  /** The estimate's materials, in booking order (each gets a row). */
  estimateMaterialIds: number[];
  /** Estimated grams by material id. */
  estimatedGrams: Record<number, number>;
  /** Active plants for a 'plants' reward (price in paise); empty for other rewards. */
  plants: { id: number; name: string; pricePaise: number; stock: number }[];
}
