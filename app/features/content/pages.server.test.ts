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

describe("info pages in Hindi and Kannada", () => {
  const count = (html: string, tag: string) => html.split(`<${tag}`).length - 1;

  it("each language has its own complete file: the English sections, lists and contact", () => {
    for (const lang of ["hi", "kn"] as const) {
      for (const slug of infoPageSlugs) {
        const english = getInfoPage(slug);
        const page = getInfoPage(slug, lang);
        expect(page.lang, `${lang}/${slug}`).toBe(lang);
        expect(page.title).not.toBe(english.title);
        expect(page.description.length).toBeGreaterThan(20);
        expect(page.description.length).toBeLessThanOrEqual(160);
        expect(count(page.html, "h2"), `${lang}/${slug} sections`).toBe(count(english.html, "h2"));
        expect(count(page.html, "li"), `${lang}/${slug} list items`).toBe(
          count(english.html, "li"),
        );
        expect(page.html).toContain("support@scrapandsprout.in");
        // Written in the language's script, not English left in place.
        const script = lang === "hi" ? /[\u0900-\u097F]/g : /[\u0C80-\u0CFF]/g;
        expect(page.html.match(script)?.length ?? 0).toBeGreaterThan(1000);
      }
    }
    expect(getInfoPage("faq", "hi").title).toBe("अक्सर पूछे जाने वाले सवाल");
    expect(getInfoPage("faq", "kn").title).toBe("ಸಾಮಾನ್ಯ ಪ್ರಶ್ನೆಗಳು");
  });

  it("state the 15 kg minimum and cash on delivery in each language", () => {
    for (const slug of ["faq", "terms-of-use"] as const) {
      expect(getInfoPage(slug, "hi").html).toContain("15 किलो");
      expect(getInfoPage(slug, "hi").html).toContain("कैश ऑन डिलीवरी");
      expect(getInfoPage(slug, "kn").html).toContain("15 ಕೆಜಿ");
      expect(getInfoPage(slug, "kn").html).toContain("ಕ್ಯಾಶ್ ಆನ್ ಡೆಲಿವರಿ");
    }
  });
});
