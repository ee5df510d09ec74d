import { describe, expect, it } from "vitest";
import { LOW_STOCK_AT, stockLevel } from "./stock-levels";

describe("stockLevel", () => {
  it("marks an active product out of stock at 0 and low from 1 to LOW_STOCK_AT", () => {
    expect(stockLevel(0, true)).toBe("out");
    expect(stockLevel(1, true)).toBe("low");
    expect(stockLevel(LOW_STOCK_AT, true)).toBe("low");
    expect(stockLevel(LOW_STOCK_AT + 1, true)).toBeNull();
  });

  it("says nothing of a product that is not on sale", () => {
    expect(stockLevel(0, false)).toBeNull();
    expect(stockLevel(2, false)).toBeNull();
  });
});
