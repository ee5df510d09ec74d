/**
 * The site in Hindi and Kannada (docs/languages.md, docs/contracts.md "Languages"): per-language URLs,
 * `<html lang>`, canonical and hreflang links, the switch that keeps the page and its query and
 * is remembered for `/` (never for crawlers), unknown prefixes and junk cookies, and the whole
 * purchase and pickup booking walked in Hindi and in Kannada at 360 px, with and without
 * JavaScript, axe clean. Words are looked up in the catalogues by their English text, so the
 * test reads the page as a Hindi or Kannada visitor does.
 */
import { expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "../support/browser/axe";
import { catalogues, english, messageOf, type OtherLang } from "../support/browser/catalogues";
import {
  expectNoHorizontalScroll,
  optionValues,
  PHONE_VIEWPORT,
  waitForHydration,
} from "../support/browser/steps";

type Lang = OtherLang;

/**
 * The words a Hindi or Kannada page shows where the English page shows `text`: the message
 * whose English is exactly `text` (the first id under `namespace` when several share it).
 * Placeholders in the message are filled from `values`.
 */
function words(
  lang: Lang,
  text: string,
  namespace = "",
  values: Record<string, string> = {},
): string {
  const ids = Object.keys(english).filter((id) => english[id] === text);
  const id = ids.find((candidate) => candidate.startsWith(`${namespace}.`)) ?? ids[0];
  if (id === undefined) throw new Error(`no message says “${text}” in English`);
  const message = catalogues[lang][id];
  if (message === undefined) throw new Error(`${id} is missing in ${lang}.json`);
  return message.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `{${name}}`);
}

/** Text of a message without its plural/placeholder parts, for a partial match. */
function firstWords(message: string): string {
  return (message.split(/[{<]/)[0] ?? message).trim();
}

test.describe("language URLs", () => {
  test("each language has its own URL, lang attribute, canonical and alternates", async ({
    page,
  }) => {
    for (const [path, lang, expected] of [
      ["/plant?q=tulsi", "en", "/plant?q=tulsi"],
      ["/hi/plant?q=tulsi", "hi", "/hi/plant?q=tulsi"],
      ["/kn", "kn", "/kn"],
    ] as const) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
      const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
      expect(new URL(canonical ?? "").pathname + new URL(canonical ?? "").search).toBe(expected);
      const alternates = await page
        .locator('link[rel="alternate"][hreflang]')
        .evaluateAll((links) =>
          links.map((link) => {
            const url = new URL((link as HTMLLinkElement).href);
            return `${link.getAttribute("hreflang")} ${url.pathname}${url.search}`;
          }),
        );
      const bare = expected.replace(/^\/(hi|kn)(?=\/|$)/, "") || "/";
      const prefixed = (prefix: string) => (bare === "/" ? prefix : `${prefix}${bare}`);
      expect(alternates.sort()).toEqual(
        [
          `en ${bare}`,
          `hi ${prefixed("/hi")}`,
          `kn ${prefixed("/kn")}`,
          `x-default ${bare}`,
        ].sort(),
      );
    }
  });

  test("an unknown language prefix is a 404, and a missing page says so in its language", async ({
    page,
  }) => {
    const french = await page.goto("/fr/plant");
    expect(french?.status()).toBe(404);
    await expect(
      page.getByText("Page Not Found. The page you are looking for doesn't exist."),
    ).toBeVisible();
    const hindi = await page.goto("/hi/no-such-page");
    expect(hindi?.status()).toBe(404);
    await expect(page.locator("html")).toHaveAttribute("lang", "hi");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      messageOf("hi", "frame.notFound.heading"),
    );
    await expect(page.getByRole("link", { name: messageOf("hi", "frame.goHome") })).toHaveAttribute(
      "href",
      "/hi",
    );
  });

  test("the switch keeps the page and its query, and / remembers the choice", async ({ page }) => {
    await page.goto("/plant?q=tulsi");
    const footer = page.getByRole("contentinfo");
    await footer.getByRole("link", { name: "हिन्दी" }).click();
    await expect(page).toHaveURL(/\/hi\/plant\?q=tulsi$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "hi");
    await expect(footer.getByRole("link", { name: "हिन्दी" })).toHaveAttribute(
      "aria-current",
      "true",
    );
    // Internal links keep the language.
    await expect(
      footer.getByRole("link", { name: messageOf("hi", "frame.footer.faq") }),
    ).toHaveAttribute("href", "/hi/faq");
    await page.goto("/");
    await expect(page).toHaveURL(/\/hi$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "hi");

    await page.getByRole("contentinfo").getByRole("link", { name: "ಕನ್ನಡ" }).click();
    await expect(page).toHaveURL(/\/kn$/);
    await page.goto("/");
    await expect(page).toHaveURL(/\/kn$/);

    await page.getByRole("contentinfo").getByRole("link", { name: "English" }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto("/");
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });

  test("crawlers and junk cookies get the English home page", async ({ request }) => {
    const crawler = await request.get("/", {
      headers: { cookie: "lang=hi", "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1)" },
      maxRedirects: 0,
    });
    expect(crawler.status()).toBe(200);
    expect(await crawler.text()).toContain('<html lang="en"');
    const junk = await request.get("/", {
      headers: {
        cookie: "lang=fr%3Cscript",
        "user-agent": "Mozilla/5.0 (Linux; Android 12) Chrome/131",
      },
      maxRedirects: 0,
    });
    expect(junk.status()).toBe(200);
    const person = await request.get("/?utm=x", {
      headers: { cookie: "lang=kn", "user-agent": "Mozilla/5.0 (Linux; Android 12) Chrome/131" },
      maxRedirects: 0,
    });
    expect(person.status()).toBe(302);
    expect(person.headers().location).toBe("/kn?utm=x");
    const unknownSwitch = await request.get("/language/fr?next=/plant", { maxRedirects: 0 });
    expect(unknownSwitch.status()).toBe(404);
    const offsite = await request.get("/language/hi?next=//evil.example/", { maxRedirects: 0 });
    expect(offsite.status()).toBe(303);
    expect(offsite.headers().location).toBe("/hi");
  });
});

/** Fills the field labelled (in `lang`) like the English `label`. */
async function fill(page: Page, lang: Lang, label: string, value: string, namespace = "form") {
  await page.getByLabel(words(lang, label, namespace), { exact: true }).fill(value);
}

for (const lang of ["hi", "kn"] as const) {
  for (const javaScriptEnabled of [true, false]) {
    test.describe(`${lang}, ${javaScriptEnabled ? "with" : "without"} JavaScript, 360 px`, () => {
      test.use({ viewport: PHONE_VIEWPORT, javaScriptEnabled });

      test("a purchase with cash on delivery, all in the language", async ({ page }) => {
        // Four pages, axe on each, two language checks: 30–45 s alone, over 60 s beside other runs.
        test.setTimeout(120_000);
        await page.goto(`/${lang}/plant`);
        await expect(page.locator("html")).toHaveAttribute("lang", lang);
        await expectNoHorizontalScroll(page);
        if (javaScriptEnabled) {
          await expectNoAxeViolations(page);
          await waitForHydration(page, ".product-card form");
        }
        const card = page.locator(".product-card").first();
        await card
          .getByRole("button", { name: firstWords(catalogues[lang]["cart.add.button"] ?? "") })
          .click();
        if (javaScriptEnabled) {
          await expect(
            card.getByText(words(lang, "Added to cart", "cart"), { exact: true }),
          ).toBeVisible();
        }
        await page.goto(`/${lang}/cart`);
        await expect(page.locator("html")).toHaveAttribute("lang", lang);
        await expectNoHorizontalScroll(page);
        if (javaScriptEnabled) await expectNoAxeViolations(page);
        await page.getByRole("link", { name: words(lang, "Proceed to Checkout", "cart") }).click();
        await expect(page).toHaveURL(new RegExp(`/${lang}/checkout$`));
        // Bad input first: the errors come back in the language, next to the fields.
        await page.getByRole("button", { name: words(lang, "Confirm Order", "checkout") }).click();
        await expect(
          page.locator(".field__error").getByText(words(lang, "Enter your name.", "errors")),
        ).toBeVisible();
        await fill(page, lang, "Name", "Asha Rao");
        await fill(page, lang, "Email", "asha@example.com");
        await fill(page, lang, "Phone", "98450 12345");
        await fill(page, lang, "Address", "12 MG Road, Indiranagar");
        await fill(page, lang, "City", "Bengaluru");
        await page
          .getByLabel(words(lang, "State", "form"), { exact: true })
          .selectOption("Karnataka");
        await fill(page, lang, "PIN code", "560038");
        await expectNoHorizontalScroll(page);
        if (javaScriptEnabled) await expectNoAxeViolations(page);
        await page.getByRole("button", { name: words(lang, "Confirm Order", "checkout") }).click();
        await expect(page).toHaveURL(new RegExp(`/${lang}/orders/[^/]+/placed$`));
        // With JavaScript the page returns home after 3 s (spec §4): stay, as a slow reader would.
        if (javaScriptEnabled) {
          await page
            .getByRole("button", { name: words(lang, "Stay on this page", "order") })
            .click();
        }
        await expect(page.locator("html")).toHaveAttribute("lang", lang);
        await expect(page.locator(".success-message strong")).toHaveText(/^OR-[0-9A-Z]{6}$/);
        await expectNoHorizontalScroll(page);
        if (javaScriptEnabled) await expectNoAxeViolations(page);
      });

      test("a scrap pickup booking, all in the language", async ({ page }) => {
        await page.goto(`/${lang}/orderpage`);
        await expect(page.locator("html")).toHaveAttribute("lang", lang);
        await expectNoHorizontalScroll(page);
        if (javaScriptEnabled) {
          await expectNoAxeViolations(page);
          await waitForHydration(page, "form");
        }
        const schedule = page.getByRole("button", {
          name: words(lang, "Schedule Pickup", "pickup"),
        });
        await schedule.click();
        await expect(
          page.getByText(words(lang, "Enter your name.", "errors")).first(),
        ).toBeVisible();
        await fill(page, lang, "Name", "Ravi Kumar");
        await fill(page, lang, "Email", "ravi@example.com");
        await fill(page, lang, "Phone", "98450 12345", "pickup");
        await fill(page, lang, "Address Line 1", "4 Residency Road", "pickup");
        await fill(page, lang, "Address Line 2", "Flat 2B, Shanthala Nagar", "pickup");
        await fill(page, lang, "City", "Bengaluru", "pickup");
        await fill(page, lang, "PIN code", "560025", "pickup");
        const dateLabel = words(lang, "Pick Up Date", "pickup");
        const dates = await optionValues(page, dateLabel);
        await page.getByLabel(dateLabel, { exact: true }).selectOption(dates[1] ?? "");
        await page
          .getByLabel(words(lang, "Pick Up Time", "pickup"), { exact: true })
          .selectOption("11:00");
        await page.getByLabel(words(lang, "Money", "pickup"), { exact: true }).check();
        const material = page.getByLabel(
          words(lang, "Material {number}", "pickup", { number: "1" }),
        );
        await material.selectOption({ index: 1 });
        await page
          .getByLabel(words(lang, "Approx. kg", "pickup"))
          .first()
          .fill("20");
        await expectNoHorizontalScroll(page);
        if (javaScriptEnabled) await expectNoAxeViolations(page);
        await schedule.click();
        await expect(page).toHaveURL(new RegExp(`/${lang}/pickups/[^/]+/booked$`));
        await expect(page.locator("html")).toHaveAttribute("lang", lang);
        await expect(page.locator(".success-message strong")).toHaveText(/^PU-[0-9A-Z]{6}$/);
        await expectNoHorizontalScroll(page);
        if (javaScriptEnabled) await expectNoAxeViolations(page);
      });
    });
  }
}
