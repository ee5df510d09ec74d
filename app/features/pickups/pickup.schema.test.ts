import { describe, expect, it } from "vitest";
import { estimatePaise, parseEstimateKg } from "./estimate";
import { pickupSchema } from "./pickup.schema";

const valid = {
  name: "Ravi",
  email: "ravi@example.com",
  phone: "98450 12345",
  addressLine1: "4 Residency Road",
  addressLine2: "Flat 2B",
  city: "Bengaluru",
  pinCode: "560025",
  pickupDate: "2026-11-23",
  pickupTime: "11:00",
  reward: "coupon",
  idempotencyKey: "abcdefghijklmnopqrstuv",
  items: [] as { material: string; kg: string }[],
};

describe("pickup form", () => {
  it("reads estimate rows into grams, skipping empty rows", () => {
    const parsed = pickupSchema.parse({
      ...valid,
      items: [
        { material: "3", kg: "2.5" },
        { material: "", kg: "" },
        { material: "7", kg: "0.125" },
      ],
    });
    expect(parsed.items).toEqual([
      { materialId: 3, grams: 2500 },
      { materialId: 7, grams: 125 },
    ]);
    expect(parsed.phone).toBe("+919845012345");
  });

  it("refuses weights that are zero, negative, huge or not numbers, naming the row", () => {
    for (const kg of ["0", "-1", "5000.5", "abc", "1e3", "NaN"]) {
      const result = pickupSchema.safeParse({ ...valid, items: [{ material: "3", kg }] });
      expect(result.success, kg).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(["items", 0]);
    }
  });

  it("caps a booking at 20,000 kg in total (bulk loads by phone)", () => {
    const items = Array.from({ length: 10 }, (_, i) => ({ material: String(i + 1), kg: "5000" }));
    const result = pickupSchema.safeParse({ ...valid, items });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      "Together at most 20,000 kg per booking; call us for bulk pickups.",
    ]);
  });

  it("computes the estimate in whole paise per line", () => {
    expect(parseEstimateKg("2,5")).toEqual({ ok: true, value: 2500 });
    expect(estimatePaise([{ ratePaisePerKg: 50, grams: 1001 }])).toBe(50);
    expect(
      estimatePaise([
        { ratePaisePerKg: 450, grams: 3333 },
        { ratePaisePerKg: 0, grams: 9000 },
      ]),
    ).toBe(1500);
  });
});
