import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatPaise, paiseToRupeesText } from "./money";
import { parseRupees } from "./typed-numbers";

describe("formatPaise", () => {
  it("shows whole rupees without decimals, in Indian digit grouping", () => {
    expect(formatPaise(8000)).toBe("₹80");
    expect(formatPaise(150000)).toBe("₹1,500");
    expect(formatPaise(12345600)).toBe("₹1,23,456");
  });
  it("shows fractional rupees with two decimals (Beer Bottles ₹0.5/kg)", () => {
    expect(formatPaise(50)).toBe("₹0.50");
    expect(formatPaise(450)).toBe("₹4.50");
    expect(formatPaise(0)).toBe("₹0");
  });
  it("refuses amounts that are not integer paise", () => {
    expect(() => formatPaise(1.5)).toThrow(RangeError);
    expect(() => formatPaise(Number.NaN)).toThrow(RangeError);
  });
});

const upToTenLakh = { maxPaise: 100_000_000 };

function paise(text: string, limits: { minPaise?: number; maxPaise: number } = upToTenLakh) {
  const parsed = parseRupees(text, limits);
  return parsed.ok ? parsed.value : parsed.problem;
}

describe("parseRupees", () => {
  it("reads rupees with up to 2 decimals into integer paise, without floating point", () => {
    expect(paise("450")).toBe(45_000);
    expect(paise("450.5")).toBe(45_050);
    expect(paise("450.50")).toBe(45_050);
    expect(paise("0.29")).toBe(29);
    expect(paise("₹249.50")).toBe(24_950);
    expect(paise("₹ 3,450.50")).toBe(345_050);
    expect(paise(" 1,23,456 ")).toBe(12_345_600);
    expect(paise("0")).toBe(0);
  });

  // The staff payout and the product price parsed differently; each line is the rule now.
  it("pins the cases the old copies disagreed on", () => {
    // The product price refused thousands separators; the payout took them.
    expect(paise("1,200")).toBe(120_000);
    expect(paise("1,000")).toBe(100_000);
    // Commas are never a decimal point in rupees: "249,50" is refused, not ₹24,950.
    expect(paise("249,50")).toBe("format");
    // The payout dropped every comma and space anywhere ("1,2,3" was ₹123): now refused.
    expect(paise("1,2,3")).toBe("format");
    expect(paise("1 200")).toBe("format");
    // Both copies refused these, with different messages; one message each now.
    expect(parseRupees("-5", upToTenLakh)).toMatchObject({
      problem: "negative",
      message: "An amount cannot be negative.",
    });
    expect(paise("12.345")).toBe("decimals");
    expect(paise("12.500")).toBe("decimals");
    expect(paise(" 2.5 ")).toBe(250);
  });

  it("refuses exponents, NaN and other shapes", () => {
    for (const text of ["1e3", "NaN", "Infinity", "+5", ".5", "5.", "₹", "Rs 5", "5₹", "₹-5"]) {
      expect(parseRupees(text, upToTenLakh).ok, text).toBe(false);
    }
    expect(paise("₹-5")).toBe("negative");
    expect(paise("")).toBe("empty");
  });

  it("applies the caller's limits with a message naming them", () => {
    expect(parseRupees("1000000.01", upToTenLakh)).toMatchObject({
      problem: "range",
      message: "Enter at most ₹10,00,000.",
    });
    expect(parseRupees("0.99", { minPaise: 100, maxPaise: 10_000_000 })).toMatchObject({
      problem: "range",
      message: "Enter an amount from ₹1 to ₹1,00,000.",
    });
  });

  it("gives back any integer paise written with 2 decimals, plain or in en-IN grouping", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 12 }), (p) => {
        const limits = { maxPaise: 10 ** 12 };
        expect(parseRupees(paiseToRupeesText(p), limits)).toEqual({ ok: true, value: p });
        expect(parseRupees(paiseToRupeesText(p, { fixed: true }), limits)).toEqual({
          ok: true,
          value: p,
        });
        const grouped = (p / 100).toLocaleString("en-IN", {
          style: "currency",
          currency: "INR",
          minimumFractionDigits: 2,
        });
        expect(parseRupees(grouped, limits)).toEqual({ ok: true, value: p });
      }),
    );
  });

  it("never answers a negative or fractional number, and never throws", () => {
    const typed = fc.oneof(
      fc.string({ maxLength: 20 }),
      fc.stringMatching(/^₹?[ \-.,0-9e]{0,14}$/),
    );
    fc.assert(
      fc.property(typed, (text) => {
        const parsed = parseRupees(text, { maxPaise: Number.MAX_SAFE_INTEGER });
        if (parsed.ok) {
          expect(Number.isSafeInteger(parsed.value)).toBe(true);
          expect(parsed.value).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: 2000 },
    );
  });
});

describe("paiseToRupeesText", () => {
  it("writes paise as the text of a rupee input", () => {
    expect(paiseToRupeesText(24_950)).toBe("249.50");
    expect(paiseToRupeesText(25_000)).toBe("250");
    expect(paiseToRupeesText(25_000, { fixed: true })).toBe("250.00");
    expect(paiseToRupeesText(5)).toBe("0.05");
    expect(() => paiseToRupeesText(-1)).toThrow(RangeError);
  });
});
