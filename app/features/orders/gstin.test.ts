import { describe, expect, it } from "vitest";
import { checkGstin, gstinCheckCharacter, gstStateCodes } from "./gstin";
import { indianStates } from "./indian-states";

/** A published sample GSTIN (Maharashtra) whose check character is V. */
const SAMPLE = "27AAPFU0939F1ZV";

describe("gstinCheckCharacter", () => {
  it("gives the published sample's check character", () => {
    expect(gstinCheckCharacter(SAMPLE.slice(0, 14))).toBe("V");
  });
  it("changes when any one character changes", () => {
    const first14 = SAMPLE.slice(0, 14);
    for (let i = 0; i < 14; i++) {
      const other = first14.charAt(i) === "A" ? "B" : "A";
      const changed = `${first14.slice(0, i)}${other}${first14.slice(i + 1)}`;
      expect(gstinCheckCharacter(changed), changed).not.toBe("V");
    }
  });
  it("refuses anything but 14 characters 0-9 and A-Z", () => {
    expect(() => gstinCheckCharacter("27aapfu0939f1z")).toThrow(RangeError);
    expect(() => gstinCheckCharacter("27AAPFU0939F1")).toThrow(RangeError);
  });
});

describe("checkGstin", () => {
  it("accepts the sample typed with spaces, hyphens and lower case, and reads its parts", () => {
    expect(checkGstin(" 27aapfu0939f1zv ")).toEqual({
      ok: true,
      gstin: SAMPLE,
      stateCode: "27",
      state: "Maharashtra",
      pan: "AAPFU0939F",
    });
    expect(checkGstin("27-AAPFU-0939F-1ZV").ok).toBe(true);
  });
  it("agrees with docs/tax.md's worked example", () => {
    expect(checkGstin("29ABCDE1234F1ZW")).toMatchObject({ ok: true, state: "Karnataka" });
  });
  it("accepts a Karnataka GSTIN made with the right check character", () => {
    const first14 = "29AAPFU0939F1Z";
    const gstin = `${first14}${gstinCheckCharacter(first14)}`;
    expect(checkGstin(gstin)).toMatchObject({ ok: true, state: "Karnataka" });
  });
  it("refuses a wrong check character", () => {
    expect(checkGstin("27AAPFU0939F1ZW")).toEqual({ ok: false, problem: "checksum" });
  });
  it("refuses a state code no state has", () => {
    for (const code of ["00", "25", "28", "39", "96"]) {
      const first14 = `${code}AAPFU0939F1Z`;
      expect(checkGstin(`${first14}${gstinCheckCharacter(first14)}`), code).toEqual({
        ok: false,
        problem: "stateCode",
      });
    }
  });
  it("refuses what does not have a GSTIN's form", () => {
    for (const typed of [
      "",
      "27AAPFU0939F1Z",
      "27AAPFU0939F1ZV1",
      "27AAPFU0939F0ZV",
      "27AAPFU0939F1YV",
      "2XAAPFU0939F1ZV",
    ]) {
      expect(checkGstin(typed), typed).toEqual({ ok: false, problem: "format" });
    }
  });
});

describe("gstStateCodes", () => {
  it("names every state and union territory of the checkout once", () => {
    const named = Object.values(gstStateCodes).filter((state) => state !== null);
    expect(new Set(named).size).toBe(named.length);
    expect([...named].sort()).toEqual([...indianStates].sort());
  });
});
