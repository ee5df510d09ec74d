import { describe, expect, it } from "vitest";
import { orderStatuses } from "~/db/schema/shop";
import { canTransitionOrder } from "./order-status";
import { assertOrderTransition, IllegalTransitionError } from "./order-transition.server";

describe("order workflow", () => {
  it("allows exactly the specified transitions", () => {
    const allowed = orderStatuses.flatMap((from) =>
      orderStatuses.filter((to) => canTransitionOrder(from, to)).map((to) => `${from}→${to}`),
    );
    expect(allowed.sort()).toEqual(
      [
        "awaiting_confirmation→placed",
        "awaiting_confirmation→cancelled",
        "placed→confirmed",
        "confirmed→shipped",
        "shipped→delivered",
        "placed→cancelled",
        "confirmed→cancelled",
      ].sort(),
    );
  });
  it("refuses the others with a readable error", () => {
    expect(() => assertOrderTransition("shipped", "cancelled")).toThrow(IllegalTransitionError);
    expect(() => assertOrderTransition("delivered", "placed")).toThrow(
      "An order that is delivered cannot become placed.",
    );
  });
});
