import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatScaled, groupIndian } from "./indian-number";
import { formatPaise } from "./money";
import { formatKg } from "./units";

// The reference: what the browser would print with Intl (Node has the same full ICU data).
const intlWhole = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 0 });
const intlKg = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 3 });
const intlRupees = new Intl.NumberFormat("en-IN", {
  style: "currency",
  currency: "INR",
  maximumFractionDigits: 0,
});
const intlRupeesPaise = new Intl.NumberFormat("en-IN", {
  style: "currency",
  currency: "INR",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

describe("groupIndian", () => {
  it("groups the last three digits, then pairs", () => {
    expect(groupIndian(0)).toBe("0");
    expect(groupIndian(999)).toBe("999");
    expect(groupIndian(1000)).toBe("1,000");
    expect(groupIndian(99999)).toBe("99,999");
    expect(groupIndian(100000)).toBe("1,00,000");
    expect(groupIndian(12345678)).toBe("1,23,45,678");
    expect(groupIndian(Number.MAX_SAFE_INTEGER)).toBe("9,00,71,99,25,47,40,991");
  });

  it("prints what Intl en-IN prints, for any safe integer", () => {
    fc.assert(
      fc.property(fc.maxSafeNat(), (value) => {
        expect(groupIndian(value)).toBe(intlWhole.format(value));
      }),
      { numRuns: 2000 },
    );
  });

  it("refuses negative, fractional and unsafe numbers", () => {
    expect(() => groupIndian(-1)).toThrow(RangeError);
    expect(() => groupIndian(1.5)).toThrow(RangeError);
    expect(() => groupIndian(Number.NaN)).toThrow(RangeError);
    expect(() => groupIndian(2 ** 60)).toThrow(RangeError);
  });
});

describe("formatScaled", () => {
  it("drops trailing zeros of the fraction unless fixed", () => {
    expect(formatScaled(1_250_500, 3)).toBe("1,250.5");
    expect(formatScaled(1_250_000, 3)).toBe("1,250");
    expect(formatScaled(5, 3)).toBe("0.005");
    expect(formatScaled(45_050, 2, { fixed: true })).toBe("450.50");
    expect(formatScaled(-45_050, 2, { fixed: true })).toBe("-450.50");
  });

  it("writes grams as Intl en-IN writes the kilograms (up to 3 decimals)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 12 }), (grams) => {
        expect(formatScaled(grams, 3)).toBe(intlKg.format(grams / 1000));
        expect(formatKg(grams)).toBe(`${intlKg.format(grams / 1000)} kg`);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("formatPaise against Intl's en-IN rupees", () => {
  it("prints the same text for any amount in paise, negative ones too", () => {
    fc.assert(
      fc.property(fc.integer({ min: -(10 ** 13), max: 10 ** 13 }), (paise) => {
        const intl = paise % 100 === 0 ? intlRupees : intlRupeesPaise;
        expect(formatPaise(paise)).toBe(intl.format(paise / 100));
      }),
      { numRuns: 3000 },
    );
  });
});
