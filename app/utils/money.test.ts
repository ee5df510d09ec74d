import { describe, expect, it } from "vitest";
import { formatPaise } from "./money";

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
