/**
 * What the server answers at the HTTP level: security headers, health, refusals, and the
 * data directory lock against a second server.
 */
import { spawn } from "node:child_process";
import { expect, test } from "@playwright/test";

test("pages carry an enforced CSP whose nonce is on every inline script", async ({ request }) => {
  const response = await request.get("/plant");
  const headers = response.headers();
  const csp = headers["content-security-policy"] ?? "";
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  expect(csp).toContain("frame-ancestors 'none'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  const html = await response.text();
  const inlineScripts = html.match(/<script(?![^>]*\bsrc=)[^>]*>/g) ?? [];
  expect(inlineScripts.length).toBeGreaterThan(0);
  for (const tag of inlineScripts) expect(tag).toContain(`nonce="${nonce}"`);
});

test("the browser runs the page under the CSP without violations", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.goto("/plant");
  await page.getByRole("link", { name: "Outdoor" }).click();
  await expect(page).toHaveURL(/filter=outdoor/);
  expect(violations).toEqual([]);
});

test("hashed assets are cached for a year and compressed", async ({ request }) => {
  const html = await (await request.get("/")).text();
  const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0];
  expect(asset).toBeTruthy();
  const response = await request.get(asset as string, { headers: { "Accept-Encoding": "gzip" } });
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toContain("immutable");
  expect(response.headers()["cache-control"]).toContain("max-age=31536000");
  expect(response.headers()["content-encoding"]).toBe("gzip");
});

test("/healthz says ok without naming the database driver", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: "ok" });
});

test("a POST from another site is refused with 403", async ({ request, baseURL }) => {
  const refused = await request.post("/plant", {
    headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
    form: { q: "x" },
  });
  expect(refused.status()).toBe(403);
  const sameOrigin = await request.post("/plant", {
    headers: { Origin: baseURL as string, "Sec-Fetch-Site": "same-origin" },
    form: { q: "x" },
  });
  expect(sameOrigin.status()).toBe(405);
});

test("an oversized body is refused with 413", async ({ request }) => {
  const response = await request.post("/plant", { data: "x".repeat(2 * 1024 * 1024) });
  expect(response.status()).toBe(413);
});

test("a second server on the same DATA_DIR exits with a one-line reason", async () => {
  test.skip(Boolean(process.env.E2E_DATABASE_URL), "only the embedded database locks DATA_DIR");
  const child = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: "silent",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  expect(code).toBe(1);
  const lines = stderr.trim().split("\n");
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/is in use by another server process \(pid \d+\)/);
});
