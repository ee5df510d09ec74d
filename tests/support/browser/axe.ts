/**
 * The browser tests' accessibility check (docs/development.md: the browser tests run in Chromium
 * with axe-core): no axe-core violations for the WCAG 2.2 AA tags. Fails listing each violation with
 * its elements and axe's summary.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  expect(
    results.violations.map(
      (v) =>
        `${v.id}: ${v.nodes.map((n) => `${n.target.join(" ")} ${n.failureSummary ?? ""}`).join(", ")}`,
    ),
  ).toEqual([]);
}
