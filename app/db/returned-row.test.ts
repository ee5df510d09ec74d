import { describe, expect, it } from "vitest";
import { returnedRow } from "./returned-row";

describe("returnedRow", () => {
  it("gives the row a write returned, and throws naming the write when there is none", () => {
    expect(returnedRow([{ id: 7 }], "Product insert")).toEqual({ id: 7 });
    expect(() => returnedRow([], "Product insert")).toThrow("Product insert returned nothing");
  });
});
