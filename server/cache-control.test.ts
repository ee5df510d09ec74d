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
