import { describe, expect, it } from "vitest";
import { formatCalendarDate, formatDateTimeIST, formatDayIST } from "./dates";

describe("dates in the page's language", () => {
  const instant = new Date("2026-11-22T00:35:00Z"); // 6:05 am in Asia/Kolkata
  it("writes English as before when no language is given", () => {
    expect(formatCalendarDate("2026-11-22")).toBe("Sun, 22 Nov");
    expect(formatCalendarDate("2026-11-22", "en")).toBe("Sun, 22 Nov");
    expect(formatDateTimeIST(instant)).toBe(formatDateTimeIST(instant, "en"));
    expect(formatDateTimeIST(instant)).toMatch(/^22 Nov 2026, 6:05\sam$/);
    expect(formatDayIST(instant)).toBe("22 Nov 2026");
  });
  it("writes Hindi and Kannada with their own day and month names, in Latin digits", () => {
    expect(formatCalendarDate("2026-11-22", "hi")).toContain("रवि");
    expect(formatCalendarDate("2026-11-22", "hi")).toContain("22");
    expect(formatCalendarDate("2026-11-22", "kn")).toContain("ಭಾನು");
    expect(formatDayIST(instant, "hi")).toMatch(/^22 नव/);
    expect(formatDateTimeIST(instant, "kn")).toContain("2026");
    expect(formatDateTimeIST(instant, "kn")).not.toContain("Nov");
  });
});
