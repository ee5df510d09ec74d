import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseKilograms } from "./typed-numbers";
import { formatKg, gramsToKgText, kgNumber, kgUnit } from "./units";

const upTo20000Kg = { maxGrams: 20_000_000 };

function grams(text: string, limits: { minGrams?: number; maxGrams: number } = upTo20000Kg) {
  const parsed = parseKilograms(text, limits);
  return parsed.ok ? parsed.value : parsed.problem;
}

describe("parseKilograms", () => {
  it("reads kg with up to 3 decimals into integer grams, without floating point", () => {
    expect(grams("12")).toBe(12_000);
    expect(grams("12.5")).toBe(12_500);
    expect(grams("0.125")).toBe(125);
    expect(grams("0.001")).toBe(1);
    expect(grams("1.005")).toBe(1005);
    expect(grams("0")).toBe(0);
    expect(grams("007.5")).toBe(7500);
  });

  // The copies this parser replaced disagreed on these; each line is the rule now.
  it("pins the cases the old copies disagreed on", () => {
    // The estimate read 2.5 kg, the collection form 25 kg, the page's Number() NaN.
    expect(grams("2,5")).toBe(2500);
    expect(grams("2,50")).toBe(2500);
    expect(grams("12,34")).toBe(12_340);
    // 1 kg or 1,000 kg: refused with a message, never guessed.
    expect(grams("1,000")).toBe("ambiguous");
    expect(grams("12,500")).toBe("ambiguous");
    expect(parseKilograms("1,000", upTo20000Kg)).toMatchObject({
      message: expect.stringContaining("without the comma"),
    });
    // A dot settles it: the commas are thousands separators (Indian or Western grouping).
    expect(grams("1,234.5")).toBe(1_234_500);
    expect(grams("12,345.678")).toBe(12_345_678);
    expect(grams("1,000.0")).toBe(1_000_000);
    expect(grams("1,23,456.5", { maxGrams: 10 ** 9 })).toBe(123_456_500);
    expect(grams("1,234,567", { maxGrams: 10 ** 10 })).toBe(1_234_567_000);
    // Spaces around are trimmed (both old server copies did; the page's Number() too).
    expect(grams(" 2.5 ")).toBe(2500);
    expect(grams("\t2.5\n")).toBe(2500);
    // A fourth decimal is refused even when it is 0 (the page's Number() took it).
    expect(grams("2.5000")).toBe("decimals");
    expect(grams("1.2345")).toBe("decimals");
    // Inner spaces: the collection form dropped them ("1 234" was 1,234 kg); now refused.
    expect(grams("1 234")).toBe("format");
  });

  it("refuses negatives, exponents, NaN, bad grouping and other shapes with a message", () => {
    for (const text of ["-3", "-0", "−2", "- 2"]) expect(grams(text), text).toBe("negative");
    for (const text of [
      "1e3",
      "1E3",
      "NaN",
      "Infinity",
      "0x10",
      "+2",
      ".5",
      "5.",
      "2..5",
      "1.2.3",
      "1.234,5",
      "1,2,3",
      "123,45,678",
      "2,5000",
      ",5",
      "5,",
      "abc",
      "2 kg",
      "١٢",
    ]) {
      const parsed = parseKilograms(text, upTo20000Kg);
      expect(parsed.ok, text).toBe(false);
      if (!parsed.ok) expect(parsed.message.length, text).toBeGreaterThan(10);
    }
    expect(grams("")).toBe("empty");
    expect(grams("   ")).toBe("empty");
    expect(grams("1234567890123")).toBe("range");
  });

  it("applies the caller's limits", () => {
    const estimate = { minGrams: 1, maxGrams: 5_000_000 };
    expect(grams("0", estimate)).toBe("range");
    expect(grams("5000", estimate)).toBe(5_000_000);
    expect(grams("5000.001", estimate)).toBe("range");
    expect(parseKilograms("5000.001", estimate)).toMatchObject({
      message: "Enter at most 5,000 kg.",
    });
    expect(parseKilograms("0", estimate)).toMatchObject({ message: "Enter a weight above 0 kg." });
  });

  it("gives back any integer grams written with 3 decimals, plain or in en-IN grouping", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 12 }), (g) => {
        const limits = { maxGrams: 10 ** 12 };
        expect(parseKilograms(gramsToKgText(g), limits)).toEqual({ ok: true, value: g });
        const grouped = (g / 1000).toLocaleString("en-IN", {
          minimumFractionDigits: 3,
          maximumFractionDigits: 3,
        });
        expect(parseKilograms(grouped, limits)).toEqual({ ok: true, value: g });
        const western = (g / 1000).toLocaleString("en-US", {
          minimumFractionDigits: 3,
          maximumFractionDigits: 3,
        });
        expect(parseKilograms(western, limits)).toEqual({ ok: true, value: g });
      }),
    );
  });

  it("never answers a negative or fractional number, and never throws", () => {
    const typed = fc.oneof(
      fc.string({ maxLength: 20 }),
      fc.stringMatching(/^[ \-+.,0-9eE]{0,14}$/),
    );
    fc.assert(
      fc.property(typed, (text) => {
        const parsed = parseKilograms(text, { maxGrams: Number.MAX_SAFE_INTEGER });
        if (parsed.ok) {
          expect(Number.isSafeInteger(parsed.value)).toBe(true);
          expect(parsed.value).toBeGreaterThanOrEqual(0);
        } else {
          expect(parsed.message).not.toBe("");
        }
      }),
      { numRuns: 2000 },
    );
  });

  it("reads a text with a comma only when it has exactly one sensible meaning", () => {
    // An independent reading of the rule: the commas as thousands separators (valid only in
    // a correct grouping), or a single comma as the decimal point (valid only without a dot).
    const readings = (text: string): number[] => {
      const found: number[] = [];
      const [whole = "", fraction] = text.split(".");
      const grouped =
        /^\d{1,3}(,\d{3})+$/.test(whole) || /^\d{1,2}(,\d{2})*,\d{3}$/.test(whole)
          ? Number(`${whole.replaceAll(",", "")}.${fraction ?? "0"}`)
          : null;
      if (grouped !== null && (fraction ?? "").length <= 3) found.push(Math.round(grouped * 1000));
      const decimal = /^(\d+),(\d{1,3})$/.exec(text);
      if (decimal) found.push(Number(decimal[1]) * 1000 + Number(decimal[2]?.padEnd(3, "0")));
      return [...new Set(found)];
    };
    const withCommas = fc.stringMatching(/^\d{1,3}(,\d{1,4}){1,3}(\.\d{1,4})?$/);
    fc.assert(
      fc.property(withCommas, (text) => {
        const parsed = parseKilograms(text, { maxGrams: 10 ** 15 });
        const possible = readings(text);
        expect(parsed.ok, text).toBe(possible.length === 1);
        if (parsed.ok) expect(possible).toEqual([parsed.value]);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("gramsToKgText and formatKg", () => {
  it("write grams as kg", () => {
    expect(gramsToKgText(2500)).toBe("2.500");
    expect(gramsToKgText(125)).toBe("0.125");
    expect(gramsToKgText(0)).toBe("0.000");
    expect(() => gramsToKgText(-1)).toThrow(RangeError);
    expect(() => gramsToKgText(0.5)).toThrow(RangeError);
    expect(formatKg(2500)).toBe("2.5 kg");
    expect(formatKg(1_234_500)).toBe("1,234.5 kg");
    expect(formatKg(123_456_789)).toBe("1,23,456.789 kg");
  });
});

describe("formatKg in the page's language", () => {
  // Indian grouping in every language (docs/languages.md): kn-IN's own Intl groups in
  // thousands (123,456.789), so the digits are compared with en-IN's.
  it("writes the glossary's unit word and en-IN's digits in every language", () => {
    expect(formatKg(12_500, "hi")).toBe("12.5 किलो");
    expect(formatKg(12_500, "kn")).toBe("12.5 ಕೆಜಿ");
    for (const grams of [0, 125, 2500, 1_234_500, 123_456_789]) {
      for (const lang of ["en", "hi", "kn"] as const) {
        const digits = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 3 }).format(
          grams / 1000,
        );
        expect(formatKg(grams, lang)).toBe(`${digits} ${kgUnit[lang]}`);
      }
    }
  });
  it("reads a whole number of kg as a message's {kg}", () => {
    expect(kgNumber(15)).toBe("15");
    expect(kgNumber(1250.5)).toBe("1,250.5");
  });
});
