import { describe, expect, it } from "vitest";
import { messageTemplates } from "~/db/outbox.server";
import { describeAuditDetails } from "./audit-log.server";
import { codeInWords, templateName, templateNames } from "./shop-words";

describe("a shop's words for stored codes", () => {
  it("names every message template in words, none of them an id", () => {
    for (const id of messageTemplates) {
      expect(templateNames[id], id).toBeDefined();
      expect(templateName(id)).not.toMatch(/_/);
    }
    expect(templateName("pickup_reminder_hour")).toBe("Pickup reminder (an hour before)");
    expect(templateName("newsletter_confirm")).toBe("'Join us' confirmation");
  });

  it("tells an unknown template id as words", () => {
    expect(templateName("old_pickup-note")).toBe("Old pickup note");
  });

  it("tells rewards, payment and payout methods and channels in words, by field", () => {
    expect(codeInWords("rewardPreference", "coupon")).toBe("Coupon");
    expect(codeInWords("rewardPreference", "plants")).toBe("Plants");
    expect(codeInWords("reward", "money")).toBe("Money");
    expect(codeInWords("paymentMethod", "cod")).toBe("Cash on delivery");
    expect(codeInWords("method", "bank_transfer")).toBe("Bank transfer");
    expect(codeInWords("channel", "whatsapp")).toBe("WhatsApp");
    expect(codeInWords("template", "pickup_reminder_hour")).toBe(
      "Pickup reminder (an hour before)",
    );
    // Other fields, and codes a field does not know, are left as they are.
    expect(codeInWords("name", "cod")).toBe("cod");
    expect(codeInWords("paymentMethod", "barter")).toBe("barter");
  });
});

describe("the audit log's wording", () => {
  it("says the owner's words for a booking's reward and an order's payment method", () => {
    expect(
      describeAuditDetails({
        before: { paymentMethod: "online", paymentStatus: "pending" },
        after: { paymentMethod: "cod", paymentStatus: "unpaid" },
      }),
    ).toEqual([
      "payment method: Online (UPI, cards) → Cash on delivery",
      "payment status: Awaiting payment → To pay at delivery",
    ]);
    expect(
      describeAuditDetails({ after: { rewardPreference: "coupon", totalPaise: 12_000 } }),
    ).toEqual(["reward preference: Coupon", "total: ₹120"]);
    expect(describeAuditDetails({ template: "pickup_reminder_hour", channel: "email" })).toEqual([
      "template: Pickup reminder (an hour before)",
      "channel: E-mail",
    ]);
  });
});
