import { describe, expect, it } from "vitest";
import { formatIndianMobile, normaliseIndianMobile, whatsAppChatUrl } from "./phone";

describe("normaliseIndianMobile", () => {
  it("accepts 10 digits starting 6-9 with an optional +91, 91 or 0 prefix", () => {
    for (const input of [
      "9845012345",
      "+919845012345",
      "+91 98450 12345",
      "09845012345",
      "919845012345",
      "98450-12345",
    ]) {
      expect(normaliseIndianMobile(input), input).toBe("+919845012345");
    }
    expect(normaliseIndianMobile("6000000000")).toBe("+916000000000");
  });
  it("refuses landlines, short, long and non-numeric input", () => {
    for (const input of [
      "5845012345",
      "984501234",
      "98450123456",
      "+1 9845012345",
      "abcdefghij",
      "",
      "+91",
      "0091",
    ]) {
      expect(normaliseIndianMobile(input), input).toBeNull();
    }
  });
  it("formats for display", () => {
    expect(formatIndianMobile("+919845012345")).toBe("+91 98450 12345");
  });
  it("shows nothing for an erased phone", () => {
    expect(formatIndianMobile("")).toBe("");
  });
});

describe("whatsAppChatUrl", () => {
  it("is wa.me with 91 and the 10 digits, as the route sheet links it", () => {
    expect(whatsAppChatUrl("+919845012345")).toBe("https://wa.me/919845012345");
  });
});
