import { describe, expect, it } from "vitest";
import { fieldErrorTexts } from "~/i18n/i18n.server";
import { englishText } from "~/utils/refusal";
import { estimatePaise, parseEstimateKg } from "./estimate";
import { pickupSchema } from "./pickup.schema";
import { MAX_ESTIMATE_ROWS } from "./pickup-fields";

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
    expect(result.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [["items"], "errors.pickup.totalTooHeavy"],
    ]);
    expect(fieldErrorTexts("en", result.error?.issues ?? [])).toEqual({
      items: "Together at most 20,000 kg per booking; call us for bulk pickups.",
    });
  });

  it("words each estimate row's refusal from its message id, in English as before", () => {
    const cases: [string, string][] = [
      ["0", "Enter a weight above 0 kg."],
      ["-1", "A weight cannot be negative."],
      ["5000.5", "Enter at most 5,000 kg."],
      ["abc", "Enter the weight in kg, e.g. 12.5 or 1,250.5."],
      ["1e3", "Enter the weight in kg, e.g. 12.5 or 1,250.5."],
      ["2.5000", "Enter the weight with at most 3 decimals (grams)."],
      [
        " 1,000 ",
        "Is “1,000” kg a decimal or thousands? Write it with a dot for decimals (e.g. 1.5) or without the comma (e.g. 1500).",
      ],
      ["1234567890123", "This number is too large."],
      ["", "Enter the weight in kg, e.g. 12.5."],
    ];
    for (const [kg, english] of cases) {
      const parsed = parseEstimateKg(kg);
      expect(parsed.ok, kg).toBe(false);
      if (!parsed.ok) expect(englishText(parsed.ref.id, parsed.ref.values), kg).toBe(english);
    }
    const result = pickupSchema.safeParse({
      ...valid,
      items: [
        { material: "3", kg: "1,000" },
        { material: "", kg: "2" },
        { material: "4", kg: "1" },
        { material: "4", kg: "2" },
      ],
    });
    expect(result.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [["items", 0], "errors.pickup.weightAmbiguous"],
      [["items", 1], "errors.pickup.materialForWeight"],
      [["items", 3], "errors.pickup.materialListed"],
    ]);
    expect(
      fieldErrorTexts(
        "hi",
        (result.error?.issues ?? []).map((issue) => ({ ...issue, path: issue.path.slice(1) })),
      ),
    ).toEqual({
      0: "“1,000” किलो दशमलव है या हज़ार? दशमलव के लिए बिंदु लगाएँ (जैसे 1.5) या बिना कॉमा लिखें (जैसे 1500)।",
      1: "इस वज़न के लिए सामान चुनें।",
      3: "यह सामान ऊपर पहले से लिखा है।",
    });
  });

  it("words the other booking fields' refusals from message ids", () => {
    const result = pickupSchema.safeParse({
      ...valid,
      pickupDate: "soon",
      pickupTime: "",
      reward: "gold",
      idempotencyKey: "short",
      items: Array.from({ length: 21 }, () => ({ material: "", kg: "" })),
    });
    expect(fieldErrorTexts("en", result.error?.issues ?? [])).toEqual({
      pickupDate: "Choose a pickup date.",
      pickupTime: "Choose one of the pickup times.",
      reward: "Choose plants, a coupon or money.",
      idempotencyKey: "This form has expired. Please reload the page.",
      items: `At most ${MAX_ESTIMATE_ROWS} materials.`,
    });
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
