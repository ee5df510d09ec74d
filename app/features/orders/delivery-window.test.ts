import { describe, expect, it } from "vitest";
import { expectedDeliveryWindow } from "./delivery-window";

const days = { deliveryDaysMin: 2, deliveryDaysMax: 5 };

describe("expectedDeliveryWindow", () => {
  it("counts calendar days from the day the order was placed in Asia/Kolkata", () => {
    // 20:00 UTC on 30 Nov is 01:30 on 1 Dec in India: the order was placed on 1 Dec.
    expect(expectedDeliveryWindow(new Date("2026-11-30T20:00:00Z"), "placed", days)).toEqual({
      from: "2026-12-03",
      to: "2026-12-06",
    });
    expect(expectedDeliveryWindow(new Date("2026-11-30T18:00:00Z"), "confirmed", days)).toEqual({
      from: "2026-12-02",
      to: "2026-12-05",
    });
  });

  it("crosses the end of the year", () => {
    expect(expectedDeliveryWindow(new Date("2026-12-30T06:00:00Z"), "shipped", days)).toEqual({
      from: "2027-01-01",
      to: "2027-01-04",
    });
  });

  it("has nothing to expect once delivered or cancelled", () => {
    const at = new Date("2026-11-30T06:00:00Z");
    expect(expectedDeliveryWindow(at, "delivered", days)).toBeNull();
    expect(expectedDeliveryWindow(at, "cancelled", days)).toBeNull();
  });

  it("refuses settings that are not a window", () => {
    const at = new Date("2026-11-30T06:00:00Z");
    expect(() =>
      expectedDeliveryWindow(at, "placed", { deliveryDaysMin: 4, deliveryDaysMax: 2 }),
    ).toThrow(RangeError);
    expect(() =>
      expectedDeliveryWindow(at, "placed", { deliveryDaysMin: 1.5, deliveryDaysMax: 2 }),
    ).toThrow(RangeError);
  });
});
