/**
 * Browser tests against the production build (`npm run build` first; `npm test` does it),
 * served by `node server.js` on a free loopback port with a temporary DATA_DIR.
 * With E2E_DATABASE_URL the server runs on that PostgreSQL database instead of PGlite.
 * Chromium comes from CHROMIUM_PATH or /usr/bin/chromium (Debian's package).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { mailServerEnv } from "./tests/support/browser/mailbox";
import { razorpayServerEnv } from "./tests/support/browser/razorpay-keys";
import { E2E_SESSION_SECRET } from "./tests/support/browser/session-secret";
import { whatsAppServerEnv } from "./tests/support/browser/whatsapp-inbox";
import { freePort } from "./tests/support/processes/server";

// `npm test` and `.ci/run` run scripts/ensure-chromium.sh first, which installs Chromium or says
// how to; this check stops `npx playwright test` on its own when there is none.
const chromiumPath = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
try {
  fs.accessSync(chromiumPath, fs.constants.X_OK);
} catch {
  throw new Error(
    `No executable Chromium at ${chromiumPath}: run sh scripts/ensure-chromium.sh (npm test does), or set CHROMIUM_PATH.`,
  );
}

// Playwright loads this file in the runner and in every worker; the first load picks the
// port and data directory and passes them on through the environment.
process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "e2e-data-"));
// Online payment (docs/payments.md): the web server pays through a fake Razorpay API on this port.
process.env.E2E_RAZORPAY_PORT ??= String(await freePort());
// Messages (docs/messages.md): e-mail goes to a real SMTP server on loopback; specs read it.
process.env.E2E_SMTP_PORT ??= String(await freePort());
process.env.E2E_MAILBOX_PORT ??= String(await freePort());
// WhatsApp goes to the fake Cloud API on loopback (the sign-in code's spec reads it).
process.env.E2E_WHATSAPP_PORT ??= String(await freePort());
process.env.E2E_WHATSAPP_INBOX_PORT ??= String(await freePort());
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [["list"], ["html", { open: "never", outputFolder: "playwright-report" }]],
  // Two workers, their Chromiums and the server share two cores in CI: a whole journey (book,
  // log in as staff, weigh, confirm, axe twice) takes 15–20 s alone and up to 32 s beside another,
  // so the budget per test is 60 s and per expectation 10 s. Upper bounds, never waits.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
    },
  ],
  webServer: {
    command: "node tests/support/browser/web-server.mjs",
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    // Migrating, seeding and starting took over 60 s on the two loaded cores of CI.
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: "warn",
      TRUST_PROXY: "loopback",
      // One visitor (PICKUP_BOOKING, SHOPPER) books and orders throughout the run: the caps per
      // phone and e-mail (docs/operations.md "Anti-automation") are tested in
      // tests/integration/anti-automation.test.ts, not here. Likewise the slot capacity
      // (tests/integration/pickups.test.ts): most specs book the second date at 11 am, more
      // than the default 8 a slot holds, and which spec books first changes from run to run.
      OPEN_PICKUPS_PER_CONTACT: "100",
      PICKUP_SLOT_CAPACITY: "1000",
      UNCONFIRMED_COD_ORDERS_PER_PHONE: "100",
      ...razorpayServerEnv(Number(process.env.E2E_RAZORPAY_PORT)),
      ...mailServerEnv(Number(process.env.E2E_SMTP_PORT), Number(process.env.E2E_MAILBOX_PORT)),
      ...whatsAppServerEnv(
        Number(process.env.E2E_WHATSAPP_PORT),
        Number(process.env.E2E_WHATSAPP_INBOX_PORT),
      ),
      PUBLIC_URL: baseURL,
      ...(process.env.E2E_DATABASE_URL
        ? {
            DATABASE_URL: process.env.E2E_DATABASE_URL,
            SESSION_SECRET: E2E_SESSION_SECRET,
          }
        : {}),
    },
  },
});
