import { describe, expect, it } from "vitest";
import { documentsFor, supplyBetween, taxInsidePrice } from "./gst";

describe("taxInsidePrice", () => {
  it("gives docs/tax.md's example: ₹299 at 5 % within Karnataka", () => {
    expect(taxInsidePrice(29_900, 500, "intra")).toEqual({
      taxablePaise: 28_476,
      cgstPaise: 712,
      sgstPaise: 712,
      igstPaise: 0,
    });
  });
  it("charges IGST at the full rate to another State", () => {
    // 29900 × 500 / 10500 = 1423.8 → 1424.
    expect(taxInsidePrice(29_900, 500, "inter")).toEqual({
      taxablePaise: 28_476,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 1_424,
    });
  });
  it("leaves a nil-rated price all taxable value", () => {
    expect(taxInsidePrice(25_000, 0, "intra")).toEqual({
      taxablePaise: 25_000,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 0,
    });
  });
  it("always adds back to the price, and each tax is its rate of the taxable value to within a paisa", () => {
    for (const rate of [500, 1_200, 1_800, 2_800]) {
      for (let price = 0; price <= 200_000; price += 997) {
        for (const supply of ["intra", "inter"] as const) {
          const t = taxInsidePrice(price, rate, supply);
          const tax = t.cgstPaise + t.sgstPaise + t.igstPaise;
          expect(t.taxablePaise + tax).toBe(price);
          expect(t.cgstPaise).toBe(t.sgstPaise);
          const heads =
            supply === "intra"
              ? [
                  [t.cgstPaise, rate / 2],
                  [t.sgstPaise, rate / 2],
                ]
              : [[t.igstPaise, rate]];
          for (const [paid = 0, headRate = 0] of heads) {
            expect(Math.abs(paid - (t.taxablePaise * headRate) / 10_000)).toBeLessThanOrEqual(1);
          }
        }
      }
    }
  });
  it("refuses fractions of a paisa and impossible rates", () => {
    expect(() => taxInsidePrice(10.5, 500, "intra")).toThrow(RangeError);
    expect(() => taxInsidePrice(-1, 500, "intra")).toThrow(RangeError);
    expect(() => taxInsidePrice(100, 10_001, "inter")).toThrow(RangeError);
  });
});

describe("supplyBetween", () => {
  it("is intra-State only for the shop's own State", () => {
    expect(supplyBetween("Karnataka", "Karnataka")).toBe("intra");
    expect(supplyBetween("Karnataka", "Tamil Nadu")).toBe("inter");
  });
});

describe("documentsFor", () => {
  const registered = { shopRegistered: true, buyerRegistered: false };
  it("gives an unregistered shop one receipt", () => {
    expect(documentsFor([0, 500], { shopRegistered: false, buyerRegistered: true })).toEqual([
      { kind: "receipt", lines: [0, 1] },
    ]);
  });
  it("gives plants alone a bill of supply, taxed goods alone a tax invoice", () => {
    expect(documentsFor([0, 0], registered)).toEqual([{ kind: "bill_of_supply", lines: [0, 1] }]);
    expect(documentsFor([500], registered)).toEqual([{ kind: "tax_invoice", lines: [0] }]);
  });
  it("gives a mixed order one invoice-cum-bill of supply, or two documents to a GSTIN holder", () => {
    expect(documentsFor([0, 500, 0], registered)).toEqual([
      { kind: "invoice_cum_bill_of_supply", lines: [0, 1, 2] },
    ]);
    expect(documentsFor([0, 500, 0], { shopRegistered: true, buyerRegistered: true })).toEqual([
      { kind: "tax_invoice", lines: [1] },
      { kind: "bill_of_supply", lines: [0, 2] },
    ]);
  });
  it("refuses an order without lines", () => {
    expect(() => documentsFor([], registered)).toThrow(RangeError);
  });
});
