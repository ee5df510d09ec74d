import { describe, expect, it } from "vitest";
import { isDataRequest, pageAddressOf, pagePathOf } from "./data-request";

describe("a single-fetch request and the page it is for", () => {
  it("knows a .data call and takes the suffix off its path", () => {
    const call = new Request("http://localhost/faq.data");
    expect(isDataRequest(call)).toBe(true);
    expect(pagePathOf(call)).toBe("/faq");
    expect(pagePathOf(new Request("http://localhost/hi/faq"))).toBe("/hi/faq");
  });

  it("gives the page's address with its query but without _routes", () => {
    expect(
      pageAddressOf(
        new Request("http://localhost/dashboard/orders.data?status=placed&_routes=routes%2Fx"),
      ),
    ).toBe("/dashboard/orders?status=placed");
    expect(pageAddressOf(new Request("http://localhost/dashboard/orders"))).toBe(
      "/dashboard/orders",
    );
  });
});
