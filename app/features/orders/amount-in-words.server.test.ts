import { describe, expect, it } from "vitest";
import { amountInWords } from "./amount-in-words.server";

describe("amountInWords", () => {
  it("writes rupees in lakhs and crores, and the paise", () => {
    expect(amountInWords(12_505_050)).toBe(
      "One Lakh Twenty Five Thousand Fifty Rupees And Fifty Paise Only",
    );
    expect(amountInWords(1_000_000_000)).toBe("One Crore Rupees Only");
    expect(amountInWords(101)).toBe("One Rupee And One Paisa Only");
    expect(amountInWords(0)).toBe("Zero Rupees Only");
  });
  it("keeps every paise amount exact (no floating-point drift)", () => {
    for (const rupees of [0, 99, 123_456]) {
      for (let paise = 1; paise < 100; paise++) {
        const words = amountInWords(rupees * 100 + paise);
        const paiseWords = amountInWords(paise * 100).replace(/ Rupees? Only$/, "");
        expect(words, `${rupees}.${paise}`).toMatch(
          new RegExp(` And ${paiseWords} Pais[ae] Only$`),
        );
        expect(words.startsWith(amountInWords(rupees * 100).replace(/ Only$/, ""))).toBe(true);
      }
    }
  });
  it("refuses fractions of a paisa and negative amounts", () => {
    expect(() => amountInWords(10.5)).toThrow(RangeError);
    expect(() => amountInWords(-100)).toThrow(RangeError);
  });
});
