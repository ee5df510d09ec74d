import { describe, expect, it } from "vitest";
import {
  formatCalendarDate,
  formatDateTimeIST,
  formatDayIST,
  formatLongDayIST,
  formatTimeIST,
} from "./dates";

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
  it("writes day, month and year in that order, with spaces, never the kn-IN 'ಮೇ 25,2027'", () => {
    const may = new Date("2027-05-25T08:59:00Z"); // 2:29 pm in Asia/Kolkata
    expect(formatLongDayIST(may, "kn")).toBe("25 ಮೇ 2027");
    expect(formatLongDayIST(may, "hi")).toBe("25 मई 2027");
    expect(formatDayIST(may, "kn")).toBe("25 ಮೇ 2027");
    expect(formatDateTimeIST(may, "kn")).toBe("25 ಮೇ 2027, 2:29 ಮಧ್ಯಾಹ್ನ");
    expect(formatDateTimeIST(may, "hi")).toBe("25 मई 2027, दोपहर 2:29");
  });
  it("writes the part of the day in words in Hindi and Kannada, no Latin 'AM/PM'", () => {
    const morning = new Date("2027-05-25T03:30:00Z"); // 9:00 am in Asia/Kolkata
    expect(formatTimeIST(morning, "hi")).toBe("सुबह 9:00");
    expect(formatTimeIST(morning, "kn")).toBe("9:00 ಬೆಳಗ್ಗೆ");
    expect(formatTimeIST(morning, "en")).toMatch(/^9:00\sam$/);
    for (const lang of ["hi", "kn"] as const) {
      for (let hour = 0; hour < 24; hour++) {
        const instant = new Date(Date.UTC(2027, 4, 25, hour, 10));
        expect(formatDateTimeIST(instant, lang)).not.toMatch(/[A-Za-z]/);
      }
    }
  });
});
