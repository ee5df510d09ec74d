/**
 * "What to feed this plant" in Kannada on a 360 px phone (docs/shop.md), with and without
 * JavaScript: the Aloe Vera card on /kn/plant links to /kn/supplies?for=aloe-vera, which says in
 * Kannada that these are the supplies for cacti and succulents, lists only those (no spray), and
 * shows each one's care guidance (what it is for, how much, how often) in Kannada; 'show all
 * supplies' lists every supply again. A made-up plant lists every supply with a sentence. No
 * sideways scroll at 360 px; no axe-core violations (with JavaScript).
 */
import { supplyCare } from "../../content/catalogue/feeding";
import { fertilisers } from "../../content/catalogue/fertilisers";
import { expectNoAxeViolations } from "../support/browser/axe";
import { messageOf } from "../support/browser/catalogues";
import { describeWithAndWithoutJavaScript, expect, test } from "../support/browser/fixtures";
import { latinWordsIn } from "../support/browser/latin-words";
import { expectNoHorizontalScroll, PHONE_VIEWPORT } from "../support/browser/steps";

const fitting = fertilisers.filter((item) => supplyCare[item.slug]?.fits.includes("succulent"));

describeWithAndWithoutJavaScript(
  (javaScriptEnabled) => {
    test("from a succulent's card to the supplies that fit it, with their care guidance, in Kannada", async ({
      page,
    }) => {
      await page.goto("/kn/plant?q=aloe");
      const card = page.locator(".product-card", { hasText: "ಲೋಳೆಸರ (ಅಲೋವೆರಾ)" });
      const link = card.getByRole("link", { name: messageOf("kn", "shop.plant.feed") });
      await expect(link).toHaveAttribute("href", "/kn/supplies?for=aloe-vera");
      await link.click();
      await expect(page).toHaveURL(/\/kn\/supplies\?for=aloe-vera$/);

      const lead = page.locator(".page__lead");
      await expect(lead).toContainText("ಲೋಳೆಸರ (ಅಲೋವೆರಾ)");
      await expect(lead).toContainText("ಕಳ್ಳಿ ಮತ್ತು ರಸಭರಿತ ಗಿಡಗಳಿಗೆ ಸೂಕ್ತವಾದ ಸಾಮಗ್ರಿಗಳು");
      expect(await latinWordsIn(lead)).toEqual([]);
      const cards = page.locator(".product-card");
      await expect(cards).toHaveCount(fitting.length);
      await expect(page.getByText("ಸಿಂಪಡಿಸಿ")).toHaveCount(0);

      const first = cards.first();
      const care = supplyCare["vermicompost-1kg"];
      await expect(first.getByRole("definition")).toHaveText([
        care?.use.kn ?? "",
        care?.amount.kn ?? "",
        care?.frequency.kn ?? "",
      ]);
      await expect(first.getByRole("term")).toHaveText(
        ["use", "amount", "frequency"].map((key) => messageOf("kn", `shop.supplies.care.${key}`)),
      );
      expect(await latinWordsIn(first.locator("dl"))).toEqual([]);
      await expectNoHorizontalScroll(page);
      if (javaScriptEnabled) await expectNoAxeViolations(page);
      await page.screenshot({
        path: test.info().outputPath("kn-supplies-for-aloe-vera.png"),
        fullPage: true,
      });

      await lead.getByRole("link", { name: messageOf("kn", "shop.supplies.for.all") }).click();
      await expect(page).toHaveURL(/\/kn\/supplies$/);
      await expect(page.locator(".product-card")).toHaveCount(fertilisers.length);

      await page.goto("/kn/supplies?for=no-such-plant");
      await expect(page.locator(".page__lead")).toContainText(
        messageOf("kn", "shop.supplies.for.unknown"),
      );
      await expect(page.locator(".product-card")).toHaveCount(fertilisers.length);
    });
  },
  { viewport: PHONE_VIEWPORT },
);
