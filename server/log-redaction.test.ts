import { describe, expect, it } from "vitest";
import { redactedLogUrl } from "./log-redaction";

describe("redactedLogUrl", () => {
  const token = "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde";

  it("keeps the first 6 characters of tracking and unsubscribe tokens, documents and .data", () => {
    expect(redactedLogUrl(`/orders/${token}`)).toBe("/orders/AbCdEf…");
    expect(redactedLogUrl(`/orders/${token}.data?_routes=x`)).toBe("/orders/AbCdEf….data");
    expect(redactedLogUrl(`/orders/${token}/placed`)).toBe("/orders/AbCdEf…/placed");
    expect(redactedLogUrl(`/pickups/${token}/booked.data`)).toBe("/pickups/AbCdEf…/booked.data");
    expect(redactedLogUrl(`/unsubscribe/${token}`)).toBe("/unsubscribe/AbCdEf…");
    expect(redactedLogUrl(`/hi/orders/${token}.data`)).toBe("/hi/orders/AbCdEf….data");
    expect(redactedLogUrl(`/kn/pickups/${token}/booked`)).toBe("/kn/pickups/AbCdEf…/booked");
  });

  it("drops the query and leaves other paths alone", () => {
    expect(redactedLogUrl("/dashboard/setup?token=secret")).toBe("/dashboard/setup");
    expect(redactedLogUrl("/dashboard/orders/123")).toBe("/dashboard/orders/123");
    expect(redactedLogUrl("/dashboard/pickups/4567890")).toBe("/dashboard/pickups/4567890");
    expect(redactedLogUrl("/orderpage")).toBe("/orderpage");
    expect(redactedLogUrl("/orders/abc")).toBe("/orders/abc");
  });
});
