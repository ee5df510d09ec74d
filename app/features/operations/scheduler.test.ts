import { describe, expect, it } from "vitest";
import { dailyAt, defaultRetryDelay, everyMinutes } from "./scheduler.server";

describe("dailyAt (Asia/Kolkata)", () => {
  const at0230 = dailyAt("02:30");

  it("is not due before the time and due with the Kolkata date from it", () => {
    // 02:29 IST on 23 Nov = 20:59 UTC on 22 Nov.
    expect(at0230(new Date("2026-11-22T20:59:00Z"))).toBeNull();
    expect(at0230(new Date("2026-11-22T21:00:00Z"))).toBe("2026-11-23");
    // Late evening IST is still the same window, after 18:30 UTC the next Kolkata day begins.
    expect(at0230(new Date("2026-11-23T18:29:59Z"))).toBe("2026-11-23");
    expect(at0230(new Date("2026-11-23T18:30:00Z"))).toBeNull();
  });

  it("refuses a time that is not HH:MM", () => {
    expect(() => dailyAt("2:30")).toThrow(RangeError);
    expect(() => dailyAt("24:00")).toThrow(RangeError);
  });
});

describe("everyMinutes", () => {
  it("gives the UTC start of the bucket", () => {
    const every5 = everyMinutes(5);
    expect(every5(new Date("2026-11-22T10:04:59.999Z"))).toBe("2026-11-22T10:00Z");
    expect(every5(new Date("2026-11-22T10:05:00Z"))).toBe("2026-11-22T10:05Z");
    expect(everyMinutes(60)(new Date("2026-11-22T10:59:00Z"))).toBe("2026-11-22T10:00Z");
  });

  it("refuses a size that does not divide a day", () => {
    expect(() => everyMinutes(7)).toThrow(RangeError);
    expect(() => everyMinutes(0)).toThrow(RangeError);
  });
});

describe("defaultRetryDelay", () => {
  it("doubles from one minute and stops at an hour", () => {
    expect(defaultRetryDelay(1)).toBe(60_000);
    expect(defaultRetryDelay(3)).toBe(240_000);
    expect(defaultRetryDelay(20)).toBe(3_600_000);
  });
});
