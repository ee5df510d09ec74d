import { describe, expect, it } from "vitest";
import { parseWeighSheetForm, weighSheetFormErrors } from "./weigh-sheet.schema";

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, value);
  return data;
}

describe("parseWeighSheetForm", () => {
  it("reads listed weights, an added material, plants, the version and the note", () => {
    const parsed = parseWeighSheetForm(
      form({
        intent: "weigh",
        "kg-3": " 12.5 ",
        "kg-7": "",
        extraMaterial1: "9",
        extraKg1: "2,5",
        extraMaterial2: "",
        extraKg2: "",
        "plant-4": "2",
        "plant-5": "0",
        "plant-6": "",
        expectedVersion: "1",
        note: " re-weighed\u0000 ",
      }),
    );
    expect(parsed).toEqual({
      ok: true,
      input: {
        lines: [
          { materialId: 3, grams: 12_500 },
          { materialId: 7, grams: 0 },
          { materialId: 9, grams: 2500 },
        ],
        plants: [{ productId: 4, quantity: 2 }],
        expectedVersion: 1,
        note: "re-weighed",
      },
    });
  });

  it("names the field of every mistake, all at once", () => {
    const parsed = parseWeighSheetForm(
      form({
        "kg-3": "-1",
        "kg-7": "2000.001",
        "kg-8": "1.2345",
        extraMaterial1: "3",
        extraKg1: "1",
        extraMaterial2: "x",
        extraKg2: "1",
        extraMaterial3: "11",
        "plant-4": "21",
        "plant-5": "1.5",
        expectedVersion: "0",
      }),
    );
    expect(parsed).toEqual({
      ok: false,
      errors: {
        "kg-3": "A weight cannot be negative.",
        "kg-7": "Enter at most 2,000 kg.",
        "kg-8": "Enter the weight with at most 3 decimals (grams).",
        extraMaterial1: "This material is already listed.",
        extraMaterial2: "Choose the material.",
        extraKg3: "Enter the weighed kg.",
        "plant-4": "Enter a whole number from 0 to 20.",
        "plant-5": "Enter a whole number from 0 to 20.",
      },
    });
  });

  it("refuses malformed weights, all zeros, a missing version and a long note", () => {
    expect(parseWeighSheetForm(form({ "kg-3": "1,000", expectedVersion: "0" }))).toMatchObject({
      ok: false,
      errors: { "kg-3": expect.stringContaining("decimal or thousands") },
    });
    expect(parseWeighSheetForm(form({ "kg-3": "abc", expectedVersion: "0" }))).toMatchObject({
      ok: false,
      errors: { "kg-3": expect.stringContaining("Enter the weight in kg") },
    });
    expect(
      parseWeighSheetForm(form({ "kg-3": "1,000", "kg-4": "1234567890123", expectedVersion: "0" })),
    ).toEqual({
      ok: false,
      errors: {
        "kg-3":
          "Is “1,000” kg a decimal or thousands? Write it with a dot for decimals (e.g. 1.5) or without the comma (e.g. 1500).",
        "kg-4": "This number is too large.",
      },
    });
    expect(parseWeighSheetForm(form({ "kg-3": "0", "kg-4": "", expectedVersion: "0" }))).toEqual({
      ok: false,
      errors: { form: "Enter at least one weight above 0 kg." },
    });
    expect(
      parseWeighSheetForm(form({ "kg-3": "1", expectedVersion: "", note: "x".repeat(501) })),
    ).toEqual({
      ok: false,
      errors: {
        expectedVersion: "This page is out of date. Please reload it.",
        note: "At most 500 characters.",
      },
    });
  });
});

describe("weighSheetFormErrors", () => {
  it("puts the server's material and weight errors next to the row the material came from", () => {
    const posted = form({ "kg-3": "1", extraMaterial2: "9", extraKg2: "1" });
    expect(
      weighSheetFormErrors(posted, {
        "material-9": "That material is not on the rate list.",
        "kg-3": "Too much",
        "material-3": "Retired",
        "plant-4": "Only 1 left",
        plants: "Worth more",
      }),
    ).toEqual({
      extraMaterial2: "That material is not on the rate list.",
      "kg-3": "Too much",
      "plant-4": "Only 1 left",
      plants: "Worth more",
    });
  });
});
