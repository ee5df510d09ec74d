/**
 * The browser tests' `test` and `expect`: Playwright's, with these fixtures added.
 *
 * - `staffPage`: the test's `page`, logged in as the staff-role account E2E_STAFF
 *   (tests/support/browser/staff-accounts.ts) through the login form, starting at `dashboardPath`.
 * - `dashboardPath`: the dashboard page a staff fixture asks for while logged out, so that the
 *   login returns there; "/dashboard" unless a describe block sets it with `test.use`.
 * - `dataDir`: a new empty directory for the DATA_DIR of a server the test starts itself
 *   (tests/support/processes/server.ts); removed after the test, passed or failed.
 * - `newPerson()`: a page of a new browser context, that is another person with their own
 *   cookies, at 360 px (PHONE_VIEWPORT) and with the test's `javaScriptEnabled`; every context it
 *   opened is closed after the test.
 * - `extraHTTPHeaders` gains an `X-Forwarded-For` of the test's own (198.18.0.0/15, from its
 *   id), so each test is its own client for the per-address limits on bookings and orders
 *   (docs/operations.md "Anti-automation"; the server trusts the loopback proxy in tests).
 *
 * And `describeWithAndWithoutJavaScript`, for a flow that must work both ways.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type BrowserContext, test as base, type Page } from "@playwright/test";
import { E2E_STAFF } from "./staff-accounts";
import { logInAsStaff, PHONE_VIEWPORT } from "./steps";

export { expect } from "@playwright/test";

interface Fixtures {
  dashboardPath: string;
  staffPage: Page;
  dataDir: string;
  newPerson: () => Promise<Page>;
}

/** A client address of the test's own in 198.18.0.0/15 (benchmarking range), from its id. */
function clientAddressOf(testId: string, retry: number): string {
  let hash = retry;
  for (const char of testId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return `198.${18 + (hash & 1)}.${(hash >>> 8) & 255}.${((hash >>> 16) % 254) + 1}`;
}

export const test = base.extend<Fixtures>({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    await use({
      ...extraHTTPHeaders,
      "X-Forwarded-For": clientAddressOf(testInfo.testId, testInfo.retry),
    });
  },
  dashboardPath: ["/dashboard", { option: true }],
  staffPage: async ({ page, dashboardPath }, use) => {
    await logInAsStaff(page, E2E_STAFF, dashboardPath);
    await use(page);
  },
  newPerson: async ({ browser, javaScriptEnabled }, use) => {
    const opened: BrowserContext[] = [];
    await use(async () => {
      const context = await browser.newContext({ viewport: PHONE_VIEWPORT, javaScriptEnabled });
      opened.push(context);
      return context.newPage();
    });
    for (const context of opened) await context.close();
  },
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern; this one has none.
  dataDir: async ({}, use) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-server-"));
    await use(dir);
    fs.rmSync(dir, { recursive: true, force: true });
  },
});

/**
 * Declares the tests of `define` twice: in a describe block "with JavaScript" and in one
 * "without JavaScript", each with `options` (e.g. a viewport) besides `javaScriptEnabled`.
 * `define` gets whether JavaScript is on, for the steps that differ.
 */
export function describeWithAndWithoutJavaScript(
  define: (javaScriptEnabled: boolean) => void,
  options: Parameters<typeof test.use>[0] = {},
): void {
  for (const javaScriptEnabled of [true, false]) {
    test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
      test.use({ ...options, javaScriptEnabled });
      define(javaScriptEnabled);
    });
  }
}
