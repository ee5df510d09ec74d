import { describe, expect, it } from "vitest";
import { pickupActionSchema } from "./pickup-actions.schema";

describe("pickupActionSchema", () => {
  it("reads the status intents with the status the page showed, and the weigh sheet's intent", () => {
    expect(pickupActionSchema.parse({ intent: "cancel", expectedFrom: "requested" })).toEqual({
      intent: "cancel",
      expectedFrom: "requested",
    });
    expect(pickupActionSchema.parse({ intent: "weigh", "kg-1": "1" })).toEqual({ intent: "weigh" });
    expect(
      pickupActionSchema.safeParse({ intent: "collected", expectedFrom: "confirmed" }),
    ).toMatchObject({
      success: false,
    });
  });

  it("refuses an unknown intent and a missing or unknown expectedFrom with one message each", () => {
    const message = (value: unknown) =>
      pickupActionSchema.safeParse(value).error?.issues[0]?.message;
    expect(message({ intent: "toString", expectedFrom: "requested" })).toBe("Unknown action.");
    expect(message({ expectedFrom: "requested" })).toBe("Unknown action.");
    expect(message({ intent: "confirm" })).toBe("This page is out of date. Please reload it.");
    expect(message({ intent: "confirm", expectedFrom: "shipped" })).toBe(
      "This page is out of date. Please reload it.",
    );
  });
});
