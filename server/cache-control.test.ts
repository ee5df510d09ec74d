import { describe, expect, it } from "vitest";
import { isPersonalPath } from "./cache-control";

describe("isPersonalPath", () => {
  it("matches personal pages, their children and their .data requests", () => {
    for (const path of [
      "/dashboard",
      "/dashboard.data",
      "/dashboard/orders",
      "/dashboard/orders.data",
      "/orders/tok123456789",
      "/orders/tok123456789.data",
      "/orders/tok123456789/placed",
      "/pickups/tok123456789/booked.data",
      "/unsubscribe/tok123456789",
      "/subscribe/tok123456789",
      "/kn/subscribe/tok123456789.data",
      "/cart",
      "/cart.data",
      "/checkout",
      "/checkout.data",
      "/payment",
      "/payment.data",
      "/orderpage",
      "/hi/cart",
      "/kn/checkout.data",
      "/hi/orders/tok123456789",
      "/kn/pickups/tok123456789/booked",
      "/language/hi",
    ]) {
      expect(isPersonalPath(path), path).toBe(true);
    }
  });

  it("matches them in every spelling the router accepts: case, percent-escapes, dot segments", () => {
    for (const path of [
      "/DASHBOARD/pickups",
      "/%64ashboard/pickups",
      "/Orders/tok123456789",
      "/CART",
      "/x/%2e%2e/orders/tok123456789",
      "/plant/../checkout",
      "//dashboard",
      "/HI/Cart.data",
      "/%2Fdashboard",
    ]) {
      expect(isPersonalPath(path), path).toBe(true);
    }
  });

  it("leaves public pages cacheable", () => {
    for (const path of [
      "/",
      "/_.data",
      "/plant",
      "/plant.data",
      "/supplies",
      "/ratelist",
      "/faq",
      "/payments/razorpay/webhook",
      "/dashboards",
      "/cartoon",
      "/hi",
      "/hi.data",
      "/hi/plant",
      "/kn/ratelist.data",
    ]) {
      expect(isPersonalPath(path), path).toBe(false);
    }
  });
});
