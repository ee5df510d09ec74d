import { describe, expect, it } from "vitest";
import {
  areaFor,
  cashOnDeliveryAllowed,
  type DeliveryArea,
  deliveryQuote,
  isAreaPrefix,
  isPinCode,
} from "./delivery-quote";

function area(prefix: string, overrides: Partial<DeliveryArea> = {}): DeliveryArea {
  return {
    id: Number(prefix),
    prefix,
    name: `Area ${prefix}`,
    chargePaise: 6_000,
    freeFromPaise: 100_000,
    minDays: 2,
    maxDays: 4,
    cashOnDelivery: true,
    cashOnDeliveryMaxPaise: 500_000,
    ...overrides,
  };
}

const bengaluru = area("560", { name: "Bengaluru" });
const residencyRoad = area("560025", {
  chargePaise: 0,
  freeFromPaise: null,
  minDays: 1,
  maxDays: 1,
});
const mysuru = area("5700", { name: "Mysuru", chargePaise: 9_000, minDays: 3, maxDays: 5 });
const areas = [bengaluru, residencyRoad, mysuru];

describe("PIN codes and prefixes", () => {
  it("takes six digits with a first digit other than 0", () => {
    expect(isPinCode("560025")).toBe(true);
    for (const bad of ["056002", "56002", "5600251", "56002a", " 560025", ""]) {
      expect(isPinCode(bad), bad).toBe(false);
    }
  });
  it("takes one to six digits as an area's prefix", () => {
    expect(["5", "560", "5700", "560025"].every(isAreaPrefix)).toBe(true);
    expect(["", "0", "0560", "5600251", "56x"].some(isAreaPrefix)).toBe(false);
  });
});

describe("areaFor", () => {
  it("picks the longest prefix that starts the PIN code", () => {
    expect(areaFor(areas, "560025")?.id).toBe(residencyRoad.id);
    expect(areaFor(areas, "560001")?.name).toBe("Bengaluru");
    expect(areaFor(areas, "570001")?.name).toBe("Mysuru");
  });
  it("finds nothing for a PIN code outside every area or not a PIN code", () => {
    expect(areaFor(areas, "110001")).toBeNull();
    expect(areaFor(areas, "571001")).toBeNull();
    expect(areaFor(areas, "5600")).toBeNull();
    expect(areaFor([], "560025")).toBeNull();
  });
});

describe("deliveryQuote", () => {
  it("charges the area's charge below its free-delivery amount, and says how far it is", () => {
    expect(deliveryQuote(areas, "560001", 99_999)).toMatchObject({
      chargePaise: 6_000,
      freeDeliveryShortfallPaise: 1,
      minDays: 2,
      maxDays: 4,
    });
  });
  it("is free from the free-delivery amount on", () => {
    expect(deliveryQuote(areas, "560001", 100_000)).toMatchObject({
      chargePaise: 0,
      freeDeliveryShortfallPaise: null,
    });
  });
  it("never promises free delivery where there is no threshold or no charge", () => {
    expect(
      deliveryQuote([area("560", { freeFromPaise: null })], "560001", 10_000_000),
    ).toMatchObject({
      chargePaise: 6_000,
      freeDeliveryShortfallPaise: null,
    });
    expect(deliveryQuote(areas, "560025", 100)).toMatchObject({
      chargePaise: 0,
      freeDeliveryShortfallPaise: null,
      minDays: 1,
    });
  });
  it("answers null for an unserviceable PIN code", () => {
    expect(deliveryQuote(areas, "110001", 50_000)).toBeNull();
  });
  it("refuses an amount that is not whole paise", () => {
    expect(() => deliveryQuote(areas, "560001", 10.5)).toThrow(RangeError);
    expect(() => deliveryQuote(areas, "560001", -1)).toThrow(RangeError);
  });
});

describe("cashOnDeliveryAllowed", () => {
  it("allows up to the area's upper amount, and not where the area takes none", () => {
    expect(cashOnDeliveryAllowed(bengaluru, 500_000)).toBe(true);
    expect(cashOnDeliveryAllowed(bengaluru, 500_001)).toBe(false);
    expect(cashOnDeliveryAllowed(area("5", { cashOnDeliveryMaxPaise: null }), 99_999_999)).toBe(
      true,
    );
    expect(cashOnDeliveryAllowed(area("5", { cashOnDelivery: false }), 100)).toBe(false);
  });
});
