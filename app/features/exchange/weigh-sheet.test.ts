import { describe, expect, it } from "vitest";
import { priceWeighSheet } from "./weigh-sheet";

const settings = { pickupChargeBelowMinimumPaise: 5000, couponBonusPercent: 10, minimumKg: 15 };
const newspaper = { materialId: 1, materialName: "Newspaper", ratePaisePerKg: 1400 };
const brass = { materialId: 2, materialName: "Brass", ratePaisePerKg: 30_500 };

describe("priceWeighSheet", () => {
  it("prices each line at its rate, rounded to the paisa, and adds the coupon bonus", () => {
    const sheet = priceWeighSheet(
      [
        { ...newspaper, grams: 12_500 },
        { ...brass, grams: 3_000 },
      ],
      "coupon",
      settings,
    );
    expect(sheet.lines.map((line) => line.amountPaise)).toEqual([17_500, 91_500]);
    expect(sheet.totalGrams).toBe(15_500);
    expect(sheet.subtotalPaise).toBe(109_000);
    expect(sheet.pickupChargePaise).toBe(0);
    expect(sheet.payoutPaise).toBe(109_000);
    expect(sheet.bonusPercent).toBe(10);
    expect(sheet.rewardValuePaise).toBe(119_900);
  });

  it("rounds each line half up on its own", () => {
    // 1 g × 1500 paise/kg = 1.5 paise → 2; two lines of it → 4, not round(3) = 3.
    const sheet = priceWeighSheet(
      [
        { ...newspaper, ratePaisePerKg: 1500, grams: 1 },
        { ...brass, ratePaisePerKg: 1500, grams: 1 },
      ],
      "money",
      settings,
    );
    expect(sheet.subtotalPaise).toBe(4);
  });

  it("deducts the pickup charge under the minimum weight, never below zero", () => {
    const under = priceWeighSheet([{ ...newspaper, grams: 14_999 }], "money", settings);
    expect(under.pickupChargePaise).toBe(5000);
    expect(under.payoutPaise).toBe(20_999 - 5000);
    expect(under.bonusPercent).toBe(0);
    expect(under.rewardValuePaise).toBe(under.payoutPaise);
    const tiny = priceWeighSheet([{ ...newspaper, grams: 1000 }], "plants", settings);
    expect(tiny.payoutPaise).toBe(0);
    expect(tiny.rewardValuePaise).toBe(0);
    const exactly = priceWeighSheet([{ ...newspaper, grams: 15_000 }], "money", settings);
    expect(exactly.pickupChargePaise).toBe(0);
  });

  it("gives plants the same bonus as a coupon, rounded to the paisa", () => {
    const sheet = priceWeighSheet([{ ...newspaper, grams: 15_005 }], "plants", settings);
    expect(sheet.payoutPaise).toBe(21_007);
    expect(sheet.rewardValuePaise).toBe(21_007 + 2101);
  });

  it("prices an empty sheet at zero with the charge not going negative", () => {
    const sheet = priceWeighSheet([], "coupon", settings);
    expect(sheet).toMatchObject({ totalGrams: 0, payoutPaise: 0, rewardValuePaise: 0 });
  });
});
