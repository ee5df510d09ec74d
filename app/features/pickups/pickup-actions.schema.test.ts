import { describe, expect, it } from "vitest";
import { parseCollectionForm, pickupActionSchema } from "./pickup-actions.schema";

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  return data;
}

describe("pickupActionSchema", () => {
  it("reads the four intents with the status the page showed", () => {
    expect(pickupActionSchema.parse({ intent: "cancel", expectedFrom: "requested" })).toEqual({
      intent: "cancel",
      expectedFrom: "requested",
    });
    expect(
      pickupActionSchema.parse({ intent: "collected", expectedFrom: "confirmed", payout: "1" }),
    ).toEqual({ intent: "collected", expectedFrom: "confirmed" });
  });

  it("refuses an unknown intent and a missing or unknown expectedFrom with one message each", () => {
    const message = (value: unknown) =>
      pickupActionSchema.safeParse(value).error?.issues[0]?.message;
    expect(message({ intent: "toString", expectedFrom: "requested" })).toBe("Unknown action.");
    expect(message({ expectedFrom: "requested" })).toBe("Unknown action.");
    expect(message({ intent: "confirm" })).toBe("This page is out of date. Please reload it.");
    expect(message({ intent: "confirm", expectedFrom: "shipped" })).toBe(
      "This page is out of date. Please reload it.",
    );
  });
});

describe("parseCollectionForm", () => {
  it("reads weights, an added material, the payout in rupees and the reward", () => {
    const parsed = parseCollectionForm(
      form({
        "kg-3": " 12.345 ",
        "kg-7": "0",
        extraMaterial1: "9",
        extraKg1: "2,5",
        extraMaterial2: "",
        extraKg2: "",
        payout: "₹3,450.50",
        rewardGiven: " 3 plants\u0000 ",
      }),
      [3, 7],
    );
    expect(parsed).toEqual({
      ok: true,
      input: {
        weights: [
          { materialId: 3, grams: 12_345 },
          { materialId: 7, grams: 0 },
          { materialId: 9, grams: 2500 },
        ],
        payoutPaise: 345_050,
        rewardGiven: "3 plants",
      },
    });
  });

  it("leaves an empty payout to be computed on saving", () => {
    const parsed = parseCollectionForm(form({ "kg-3": "1", rewardGiven: "cash" }), [3]);
    expect(parsed).toMatchObject({ ok: true, input: { payoutPaise: null } });
  });

  it("names the field of every mistake, all at once", () => {
    const parsed = parseCollectionForm(
      form({
        "kg-3": "-1",
        "kg-7": "",
        extraMaterial1: "3",
        extraKg1: "1",
        extraMaterial2: "x",
        extraKg2: "1",
        payout: "1,2,3",
        rewardGiven: "",
      }),
      [3, 7],
    );
    expect(parsed).toEqual({
      ok: false,
      errors: {
        "kg-3": "A weight cannot be negative.",
        "kg-7": "Enter the weighed kg (0 if none was collected).",
        extraMaterial1: "This material is already listed.",
        extraMaterial2: "Choose the material.",
        payout: expect.stringContaining("Enter an amount in rupees"),
        rewardGiven: "Say what was given, e.g. 3 plants, a coupon, or cash.",
      },
    });
  });

  it("refuses an ambiguous comma, a weight of an added material left empty, and all zeros", () => {
    expect(parseCollectionForm(form({ "kg-3": "1,000", rewardGiven: "c" }), [3])).toMatchObject({
      ok: false,
      errors: { "kg-3": expect.stringContaining("decimal or thousands") },
    });
    expect(
      parseCollectionForm(form({ "kg-3": "1", extraMaterial1: "4", rewardGiven: "c" }), [3]),
    ).toMatchObject({ ok: false, errors: { extraKg1: "Enter the weighed kg." } });
    expect(parseCollectionForm(form({ "kg-3": "0", rewardGiven: "c" }), [3])).toEqual({
      ok: false,
      errors: { form: "Enter at least one weight above 0 kg, or mark the pickup missed." },
    });
    expect(parseCollectionForm(form({ rewardGiven: "x".repeat(201) }), [])).toMatchObject({
      ok: false,
      errors: { form: expect.any(String), rewardGiven: "At most 200 characters." },
    });
  });
});
