import { describe, expect, it } from "vitest";
import { parseOrderFilters } from "~/features/orders/orders-admin.server";
import { parsePickupFilters, pickupFilterParams } from "~/features/pickups/pickups-admin.server";
import { csvKolkataTimestamp, csvRupees } from "~/utils/csv.server";
import { summariseAuditDetails } from "~/utils/entity-history.server";

describe("hand-checked list filters (pickups, orders)", () => {
  it("accepts good values, trimmed and without NUL", () => {
    const parsed = parsePickupFilters(
      new URLSearchParams(
        "status=requested&from=2026-11-01&to=2026-11-30&pin=560001&q=%20Asha\u0000%20",
      ),
    );
    expect(parsed.filters).toEqual({
      status: "requested",
      from: "2026-11-01",
      to: "2026-11-30",
      pin: "560001",
      q: "Asha",
    });
    expect(parsed.problems).toEqual({});
    expect(pickupFilterParams(parsed.filters).toString()).toBe(
      "status=requested&from=2026-11-01&to=2026-11-30&pin=560001&q=Asha",
    );
  });

  it("ignores bad values with a message per field and cuts the echo to 100 characters", () => {
    const long = "x".repeat(150);
    const parsed = parseOrderFilters(
      new URLSearchParams({
        status: "lost",
        payment: "any",
        from: "2026-12-01",
        to: "2026-11-01",
        q: long,
      }),
    );
    expect(parsed.filters).toEqual({ from: "2026-12-01" });
    expect(parsed.problems).toEqual({
      status: "Unknown status; showing every status.",
      to: "The end date is before the start date; it was ignored.",
      q: "Search for at most 100 characters; this search was ignored.",
    });
    expect(parsed.values.q).toHaveLength(100);
    expect(parseOrderFilters(new URLSearchParams("q=ab&from=1999-01-01")).problems).toEqual({
      from: "Enter a date like 2026-11-23; this one was ignored.",
      q: "Type at least 3 characters to search.",
    });
  });
});

describe("detail history and CSV cells", () => {
  it("summarises before/after, from/to and other details", () => {
    expect(
      summariseAuditDetails({ before: { status: "placed" }, after: { status: "confirmed" } }),
    ).toBe("status: placed → confirmed");
    expect(summariseAuditDetails({ from: null, to: "paid" })).toBe("— → paid");
    expect(
      summariseAuditDetails({ before: { payoutPaise: null }, after: { payoutPaise: 60000 } }),
    ).toBe("payout: — → ₹600");
    expect(summariseAuditDetails({ note: "hi" })).toBe("note: hi");
    expect(summariseAuditDetails(null)).toBe("");
  });

  it("writes rupees and Asia/Kolkata times", () => {
    expect(csvRupees(45050)).toBe("450.50");
    expect(csvRupees(null)).toBe("");
    expect(csvKolkataTimestamp(new Date("2026-11-22T20:00:00Z"))).toBe("2026-11-23 01:30");
  });
});
