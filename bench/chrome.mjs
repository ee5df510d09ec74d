/**
 * Headless Chromium for the Lighthouse benchmarks (bench:lighthouse, bench:long-tasks), with
 * the flags this machine needs as root and none of the background traffic that would disturb
 * a measurement. CHROMIUM_PATH overrides /usr/bin/chromium. Returns chrome-launcher's handle
 * (`port`, `kill()`).
 */
import * as chromeLauncher from "chrome-launcher";

export function launchChrome() {
  return chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
}
