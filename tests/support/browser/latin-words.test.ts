import { describe, expect, it } from "vitest";
import { latinWords } from "./latin-words";

describe("latinWords", () => {
  it("leaves the brand, codes, e-mails, URLs and the allowed phrases out", () => {
    expect(
      latinWords(
        "Scrap & Sprout — कूपन SS-7K2M-9QXD, पिकअप PU-8Q2K7X, ravi@example.com https://x.in/a Ravi Kumar English",
        ["Ravi Kumar"],
      ),
    ).toEqual([]);
  });
  it("finds any other run of Latin letters", () => {
    expect(latinWords("अख़बार 12.5 kg, Iron ₹10/kg 02:29 PM")).toEqual(["kg", "Iron", "PM"]);
  });
});
