import { describe, expect, it } from "vitest";
import { claimWindowEnd } from "./claim-window";

describe("claimWindowEnd", () => {
  it("closes at midnight Asia/Kolkata after the 7th day following the day of delivery", () => {
    // Delivered 3 Dec 2026 at 23:30 IST (18:00 UTC): claims until 10 Dec 23:59:59 IST.
    const end = claimWindowEnd(new Date("2026-12-03T18:00:00Z"), 7);
    expect(end.toISOString()).toBe("2026-12-10T18:30:00.000Z");
    // Delivered 4 Dec 00:10 IST (3 Dec 18:40 UTC): its own day is the 4th.
    expect(claimWindowEnd(new Date("2026-12-03T18:40:00Z"), 7).toISOString()).toBe(
      "2026-12-11T18:30:00.000Z",
    );
    // Across a year's end.
    expect(claimWindowEnd(new Date("2026-12-28T06:00:00Z"), 7).toISOString()).toBe(
      "2027-01-04T18:30:00.000Z",
    );
    expect(() => claimWindowEnd(new Date(), -1)).toThrow(RangeError);
  });
});
