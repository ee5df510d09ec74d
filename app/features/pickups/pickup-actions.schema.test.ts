import { describe, expect, it } from "vitest";
import { PAGE_OUT_OF_DATE, readIntentForm, UNKNOWN_ACTION } from "~/utils/intent-form";
import { englishText } from "~/utils/refusal";
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
    // Messages are catalogue ids (ADR 0024), shown in English as before.
    const message = (value: unknown) =>
      englishText(pickupActionSchema.safeParse(value).error?.issues[0]?.message ?? "");
    expect(message({ intent: "toString", expectedFrom: "requested" })).toBe("Unknown action.");
    expect(message({ expectedFrom: "requested" })).toBe("Unknown action.");
    expect(message({ intent: "confirm" })).toBe("This page is out of date. Please reload it.");
    expect(message({ intent: "confirm", expectedFrom: "shipped" })).toBe(
      "This page is out of date. Please reload it.",
    );
  });

  it("answers through readIntentForm with 400 and the message id", () => {
    const form = new FormData();
    form.set("intent", "confirm");
    const outOfDate = readIntentForm(pickupActionSchema, form);
    expect(outOfDate).toEqual({
      ok: false,
      status: 400,
      ref: { id: PAGE_OUT_OF_DATE, values: {} },
    });
    expect(!outOfDate.ok && englishText(outOfDate.ref.id)).toBe(
      "This page is out of date. Please reload it.",
    );
    form.set("intent", "teleport");
    const unknown = readIntentForm(pickupActionSchema, form);
    expect(unknown).toEqual({ ok: false, status: 400, ref: { id: UNKNOWN_ACTION, values: {} } });
    expect(!unknown.ok && englishText(unknown.ref.id)).toBe("Unknown action.");
    form.set("intent", "cancel");
    form.set("expectedFrom", "requested");
    expect(readIntentForm(pickupActionSchema, form)).toEqual({
      ok: true,
      data: { intent: "cancel", expectedFrom: "requested" },
    });
  });
});
