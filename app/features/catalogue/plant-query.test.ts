import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_SEARCH_LENGTH, parsePlantQuery, plantFilters } from "./plant-query";

const parse = (query: string) => parsePlantQuery(new URLSearchParams(query));

describe("parsePlantQuery", () => {
  it("reads the search text and the filter", () => {
    expect(parse("q=tulsi&filter=outdoor")).toEqual({ q: "tulsi", filter: "outdoor" });
    expect(parse("")).toEqual({ q: "", filter: "all" });
  });
  it("falls back to All for an unknown or hostile filter", () => {
    expect(parse("filter=%3Cscript%3E").filter).toBe("all");
    expect(parse("filter=INDOOR").filter).toBe("all");
    expect(parse("filter=").filter).toBe("all");
  });
  it("trims, collapses whitespace and cuts a 10 kB search to 100 characters", () => {
    expect(parse("q=%20%20money%0A%0Dplant%20").q).toBe("money plant");
    expect(parse(`q=${"a".repeat(10_000)}`).q).toHaveLength(MAX_SEARCH_LENGTH);
  });
  it("never fails and always returns a known filter and a bounded text", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 500 }), fc.string({ maxLength: 50 }), (q, filter) => {
        const params = new URLSearchParams();
        params.set("q", q);
        params.set("filter", filter);
        const result = parsePlantQuery(params);
        expect(plantFilters).toContain(result.filter);
        expect(result.q.length).toBeLessThanOrEqual(MAX_SEARCH_LENGTH);
        expect(result.q).toBe(result.q.trim());
      }),
    );
  });
});
