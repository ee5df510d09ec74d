import { describe, expect, it } from "vitest";
import { decodeAscending, lookUpPinCode, pinCodeStateRefusal } from "./pin-directory.server";

describe("the PIN code directory", () => {
  it("knows the state of PIN codes across India", () => {
    expect(lookUpPinCode("560038")).toEqual({ exists: true, states: ["Karnataka"] });
    expect(lookUpPinCode("110001")).toEqual({ exists: true, states: ["Delhi"] });
    expect(lookUpPinCode("400001")).toEqual({ exists: true, states: ["Maharashtra"] });
    expect(lookUpPinCode("744101").states).toEqual(["Andaman and Nicobar Islands"]);
    expect(lookUpPinCode("396210").states).toEqual(["Dadra and Nagar Haveli and Daman and Diu"]);
  });

  it("lists both states of a PIN code whose post offices are on either side of a border", () => {
    expect([...lookUpPinCode("506003").states].sort()).toEqual(["Andhra Pradesh", "Telangana"]);
    expect(pinCodeStateRefusal("506003", "Telangana")).toBeNull();
    expect(pinCodeStateRefusal("506003", "Andhra Pradesh")).toBeNull();
  });

  it("does not know PIN codes no post office has, or malformed ones", () => {
    for (const pin of ["999999", "000000", "012345", "56003", "5600381", "", "56OO38"]) {
      expect(lookUpPinCode(pin).exists).toBe(false);
    }
  });

  it("refuses a PIN code of another state, naming it", () => {
    expect(pinCodeStateRefusal("560038", "Karnataka")).toBeNull();
    expect(pinCodeStateRefusal("110001", "Karnataka")).toEqual({
      id: "errors.checkout.pinState",
      values: { pinCode: "110001", pinState: "Delhi", state: "Karnataka" },
    });
    expect(pinCodeStateRefusal("999999", "Karnataka")).toEqual({
      id: "errors.checkout.pinUnknown",
      values: { pinCode: "999999" },
    });
  });

  it("decodes ascending base-36 deltas", () => {
    expect(decodeAscending("")).toEqual([]);
    expect(decodeAscending("c03l,1,z")).toEqual([560001, 560002, 560037]);
  });
});
