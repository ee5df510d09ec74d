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
    expect(redactedLogUrl(`/hi/subscribe/${token}`)).toBe("/hi/subscribe/AbCdEf…");
    expect(redactedLogUrl(`/hi/orders/${token}.data`)).toBe("/hi/orders/AbCdEf….data");
    expect(redactedLogUrl(`/kn/pickups/${token}/booked`)).toBe("/kn/pickups/AbCdEf…/booked");
  });

  it("redacts the token in every spelling the router accepts", () => {
    expect(redactedLogUrl(`/x/%2e%2e/orders/${token}`)).toBe("/orders/AbCdEf…");
    expect(redactedLogUrl(`/Orders/${token}`)).toBe("/Orders/AbCdEf…");
    expect(redactedLogUrl(`/%6Frders/${token}.data`)).toBe("/orders/AbCdEf….data");
    expect(redactedLogUrl(`//HI/pickups/${token}`)).toBe("/HI/pickups/AbCdEf…");
    expect(redactedLogUrl(`/orders/${token}%`)).not.toContain(token.slice(6, 20));
  });

  it("drops the query and leaves other paths alone", () => {
    expect(redactedLogUrl("/dashboard/setup?token=secret")).toBe("/dashboard/setup");
    expect(redactedLogUrl("/dashboard/orders/123")).toBe("/dashboard/orders/123");
    expect(redactedLogUrl("/dashboard/pickups/4567890")).toBe("/dashboard/pickups/4567890");
    expect(redactedLogUrl("/orderpage")).toBe("/orderpage");
    expect(redactedLogUrl("/orders/abc")).toBe("/orders/abc");
  });
});
