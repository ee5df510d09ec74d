import { describe, expect, it } from "vitest";
import { sealText, unsealText } from "./sealed.server";

describe("sealed values", () => {
  it("seals so the text is not readable and unseals it back", () => {
    const sealed = sealText("042917");
    expect(sealed).not.toContain("042917");
    expect(sealText("042917")).not.toBe(sealed);
    expect(unsealText(sealed)).toBe("042917");
  });

  it("refuses an altered or malformed value", () => {
    const sealed = sealText("042917");
    const parts = sealed.split(".");
    const body = parts[2] ?? "";
    parts[2] = `${body[0] === "A" ? "B" : "A"}${body.slice(1)}`;
    expect(() => unsealText(parts.join("."))).toThrow();
    expect(() => unsealText("042917")).toThrow();
  });
});
