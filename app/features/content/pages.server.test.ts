import { describe, expect, it } from "vitest";
import { getInfoPage, infoPageSlugs } from "./pages.server";

describe("info pages", () => {
  it("each has a title, a description of at most 160 characters and HTML", () => {
    for (const slug of infoPageSlugs) {
      const page = getInfoPage(slug);
      expect(page.title.length).toBeGreaterThan(3);
      expect(page.description.length).toBeGreaterThan(20);
      expect(page.description.length).toBeLessThanOrEqual(160);
      expect(page.html).toContain("<h2");
    }
    expect(getInfoPage("faq").title).toBe("Frequently asked questions");
  });

  it("state the 15 kg minimum, pickup charges below it, and payment on delivery (spec §9)", () => {
    for (const slug of ["faq", "terms-of-use"] as const) {
      const text = getInfoPage(slug).html;
      expect(text).toContain("15 kg");
      expect(text).toMatch(/pickup charges may apply/i);
      expect(text).toMatch(/cash on delivery/i);
    }
  });
});
