import { describe, expect, it } from "vitest";
import { isoWeekday, moveCandidates, scheduleDates } from "./site-schedule";

describe("a site's schedule dates", () => {
  it("weekly: every chosen weekday from the start on", () => {
    // 2027-03-01 is a Monday; Wednesday = 3.
    expect(isoWeekday("2027-03-01")).toBe(1);
    expect(
      scheduleDates(
        { frequency: "weekly", weekday: 3, startsOn: "2027-03-01" },
        "2027-03-01",
        "2027-03-28",
      ),
    ).toEqual(["2027-03-03", "2027-03-10", "2027-03-17", "2027-03-24"]);
  });

  it("fortnightly: counts its rhythm from the start, whatever window is asked", () => {
    const schedule = { frequency: "fortnightly", weekday: 6, startsOn: "2027-03-01" } as const;
    expect(scheduleDates(schedule, "2027-03-01", "2027-04-30")).toEqual([
      "2027-03-06",
      "2027-03-20",
      "2027-04-03",
      "2027-04-17",
    ]);
    expect(scheduleDates(schedule, "2027-03-07", "2027-03-31")).toEqual(["2027-03-20"]);
  });

  it("monthly: the first chosen weekday of each month, none before the start", () => {
    const schedule = { frequency: "monthly", weekday: 1, startsOn: "2027-03-02" } as const;
    // March's first Monday (1st) is before the start; April 5, May 3; across the year's end too.
    expect(scheduleDates(schedule, "2027-03-01", "2027-05-31")).toEqual([
      "2027-04-05",
      "2027-05-03",
    ]);
    expect(
      scheduleDates({ ...schedule, startsOn: "2027-12-01" }, "2027-12-01", "2028-01-31"),
    ).toEqual(["2027-12-06", "2028-01-03"]);
  });

  it("a closed date moves at most 3 days and never onto the following date", () => {
    expect(
      moveCandidates({ frequency: "weekly", weekday: 3, startsOn: "2027-03-01" }, "2027-03-03"),
    ).toEqual(["2027-03-04", "2027-03-05", "2027-03-06"]);
  });
});
