/**
 * The itemised privacy notice (docs/accounts.md "Notice, consent and grievances"): each
 * language's content file shows NOTICE_VERSION and a section per purpose; the grievance form's
 * topics are the database's.
 */
import { describe, expect, it } from "vitest";
import { noticePath, noticeSections } from "~/components/ui/honeypot-field";
import { grievanceTopics } from "~/db/schema/privacy-notice";
import { getInfoPage } from "~/features/content/pages.server";
import { grievanceTopicChoices } from "~/features/privacy/grievance-fields";
import { NOTICE_VERSION } from "~/features/privacy/notice";

describe("the privacy notice", () => {
  it.each(["en", "hi", "kn"] as const)(
    "%s: shows its version and has a section for every purpose, and the rights",
    (lang) => {
      const page = getInfoPage("privacy-notice", lang);
      expect(page.lang).toBe(lang);
      expect(page.html).toContain(NOTICE_VERSION);
      for (const purpose of [...noticeSections, "rights"]) {
        expect(page.html, purpose).toContain(`<h2 id="${purpose}">`);
      }
      // Where to complain: the grievance page, in the page's language.
      expect(page.html).toContain(`href="${lang === "en" ? "" : `/${lang}`}/grievance"`);
    },
  );

  it("links each purpose's section", () => {
    expect(noticePath("newsletter")).toBe("/privacy-notice#newsletter");
    expect(noticePath()).toBe("/privacy-notice");
  });

  it("offers the grievance topics the database accepts, in the same order", () => {
    expect([...grievanceTopicChoices]).toEqual([...grievanceTopics]);
  });
});
