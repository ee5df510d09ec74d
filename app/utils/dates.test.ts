import { describe, expect, it } from "vitest";
import {
  addDays,
  formatCalendarDate,
  formatTimeIST,
  isCalendarDate,
  kolkataInstant,
  todayInKolkata,
} from "./dates";

describe("Asia/Kolkata dates", () => {
  it("a pickup slot's start reads as the owner's clock time (en-IN, 12-hour)", () => {
    expect(formatTimeIST(kolkataInstant("2030-02-15", "15:00"))).toBe("3:00 pm");
    expect(formatTimeIST(kolkataInstant("2030-02-15", "09:30"))).toBe("9:30 am");
  });
  it("the business day turns at midnight IST, not UTC", () => {
    expect(todayInKolkata(new Date("2026-11-21T18:29:59Z"))).toBe("2026-11-21");
    expect(todayInKolkata(new Date("2026-11-21T18:30:00Z"))).toBe("2026-11-22");
  });
  it("refuses dates that do not exist or are badly written", () => {
    expect(isCalendarDate("2026-02-28")).toBe(true);
    expect(isCalendarDate("2028-02-29")).toBe(true);
    for (const bad of [
      "2026-02-31",
      "2026-02-29",
      "2026-13-01",
      "2026-1-1",
      "22/11/2026",
      "",
      "2026-11-22T00:00",
    ]) {
      expect(isCalendarDate(bad), bad).toBe(false);
    }
  });
  it("adds days across months and years", () => {
    expect(addDays("2026-12-25", 14)).toBe("2027-01-08");
    expect(() => addDays("2026-02-31", 1)).toThrow(RangeError);
  });
  it("places a slot start at the right instant", () => {
    expect(kolkataInstant("2026-11-22", "09:00").toISOString()).toBe("2026-11-22T03:30:00.000Z");
    expect(formatCalendarDate("2026-11-22")).toBe("Sun, 22 Nov");
  });
});
