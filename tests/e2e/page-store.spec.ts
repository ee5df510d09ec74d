/**
 * The page store (ADR 0018; server/page-cache.ts, docs/operations.md "Page store") against
 * the production build on its own server and DATA_DIR (PAGE_CACHE_MB=1 so the flood test can
 * fill it): public pages are rendered once and served with a fresh CSP nonce in every
 * encoding, ETag/304, shared-cache headers; a visitor's cart never reaches another visitor; no
 * request header reaches a stored page; staff edits, stock crossing zero and a published review
 * show at once; a flood of distinct searches stays within the store's limit.
 */
import { execFile } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { type Browser, expect, type Page, test } from "@playwright/test";
import {
  addToCart,
  fillCheckout,
  productCard,
  SHOPPER,
  waitForHydration,
} from "../support/browser/steps";
import { type ServerProcess, startServerProcess } from "../support/processes/server";

test.skip(Boolean(process.env.E2E_DATABASE_URL), "runs its own server on the embedded database");
test.describe.configure({ mode: "serial" });

const run = promisify(execFile);
const EMAIL = "keeper@store.test";
const PASSWORD = "slow river under the bridge";
const METRICS_TOKEN = "page-store-metrics-token-1234";
let server: ServerProcess;
let dataDir: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "page-store-"));
  const created = run(
    "npx",
    ["tsx", "scripts/staff-create.ts", "--email", EMAIL, "--name", "Keeper", "--role", "admin"],
    { env: { ...process.env, DATA_DIR: dataDir } },
  );
  created.child.stdin?.end(`${PASSWORD}\n`);
  await created;
  server = await startServerProcess(dataDir, {
    PAGE_CACHE_MB: "1",
    METRICS_TOKEN,
  });
});
test.afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body as sent (still compressed). */
  raw: Buffer;
  /** The body decoded from its Content-Encoding. */
  text: string;
}

/** A GET with exactly these headers (fetch would add its own Accept-Encoding and decode). */
function get(pathname: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  const url = new URL(pathname, server.base);
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const raw = Buffer.concat(chunks);
        const encoding = response.headers["content-encoding"];
        const decoded =
          encoding === "gzip"
            ? zlib.gunzipSync(raw)
            : encoding === "br"
              ? zlib.brotliDecompressSync(raw)
              : raw;
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          raw,
          text: decoded.toString(),
        });
      });
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

function headerNonce(response: RawResponse): string {
  const policy = String(response.headers["content-security-policy"] ?? "");
  return /'nonce-([^']+)'/.exec(policy)?.[1] ?? "";
}

/** The opening tags of the inline scripts of an HTML page. */
function inlineScriptTags(html: string): string[] {
  return html.match(/<script(?![^>]*\bsrc=)[^>]*>/g) ?? [];
}

/** `page_store_<name>` (or a labelled series) from GET /metrics. */
async function storeMetric(series: string): Promise<number> {
  const response = await fetch(`${server.base}/metrics`, {
    headers: { Authorization: `Bearer ${METRICS_TOKEN}` },
  });
  const text = await response.text();
  const line = text.split("\n").find((row) => row.startsWith(`${series} `));
  return Number(line?.split(" ")[1] ?? Number.NaN);
}

test("a public page is made once and every response still gets its own nonce", async () => {
  // A labelled counter has no line before its first hit.
  const hitsBefore = (await storeMetric('page_store_requests_total{result="hit"}')) || 0;
  const first = await get("/ratelist", { "Accept-Encoding": "gzip, deflate, br" });
  const second = await get("/ratelist", { "Accept-Encoding": "gzip, deflate, br" });
  const plain = await get("/ratelist");
  for (const response of [first, second, plain]) {
    expect(response.status).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=0, s-maxage=60");
    expect(response.headers.vary).toBe("Accept-Encoding, Cookie");
    const nonce = headerNonce(response);
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    const tags = inlineScriptTags(response.text);
    expect(tags.length).toBeGreaterThan(0);
    for (const tag of tags) expect(tag).toContain(`nonce="${nonce}"`);
  }
  expect(first.headers["content-encoding"]).toBe("gzip");
  expect(plain.headers["content-encoding"]).toBeUndefined();
  expect(headerNonce(first)).not.toBe(headerNonce(second));
  // Same page, same tag; the bodies differ only in the nonce.
  expect(second.headers.etag).toBe(first.headers.etag);
  expect(second.text.replaceAll(headerNonce(second), "N")).toBe(
    first.text.replaceAll(headerNonce(first), "N"),
  );
  expect(plain.text.replaceAll(headerNonce(plain), "N")).toBe(
    first.text.replaceAll(headerNonce(first), "N"),
  );
  expect(await storeMetric('page_store_requests_total{result="hit"}')).toBeGreaterThanOrEqual(
    hitsBefore + 2,
  );
});

test("brotli goes to clients that ask for it first, its inline code allowed by CSP hashes", async () => {
  const response = await get("/plant", { "Accept-Encoding": "br;q=1, gzip;q=0.5" });
  expect(response.headers["content-encoding"]).toBe("br");
  const policy = String(response.headers["content-security-policy"]);
  const scripts = [...response.text.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)];
  expect(scripts.length).toBeGreaterThan(0);
  for (const [, body = ""] of scripts) {
    if (body.length === 0) continue;
    const hash = crypto.createHash("sha256").update(body).digest("base64");
    expect(policy).toContain(`'sha256-${hash}'`);
  }
  const style = /<style[^>]*>([\s\S]*?)<\/style>/.exec(response.text)?.[1] ?? "";
  expect(policy).toContain(
    `'sha256-${crypto.createHash("sha256").update(style).digest("base64")}'`,
  );
  const gzipped = await get("/plant", { "Accept-Encoding": "gzip" });
  expect(response.raw.length).toBeLessThan(gzipped.raw.length);
});

test("a repeat visit gets 304 without a body or a new policy", async () => {
  const first = await get("/supplies", { "Accept-Encoding": "gzip" });
  const etag = String(first.headers.etag);
  expect(etag).toMatch(/^W\/"[^"]+-gzip"$/);
  const again = await get("/supplies", { "Accept-Encoding": "gzip", "If-None-Match": etag });
  expect(again.status).toBe(304);
  expect(again.raw.length).toBe(0);
  expect(again.headers["content-security-policy"]).toBeUndefined();
  expect(again.headers.etag).toBe(etag);
  const data = await get("/supplies.data", { "Accept-Encoding": "gzip" });
  expect(data.status).toBe(200);
  expect(data.headers["cache-control"]).toBe("public, max-age=0, s-maxage=60");
  const dataAgain = await get("/supplies.data", { "If-None-Match": String(data.headers.etag) });
  expect(dataAgain.status).toBe(304);
});

test("the browser runs stored pages under the CSP, hydrates them and navigates", async ({
  page,
}) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.goto(`${server.base}/plant`);
  await page.goto(`${server.base}/plant`); // from the store now
  await waitForHydration(page, ".product-card form");
  await page.getByRole("link", { name: "Outdoor" }).click();
  await expect(page).toHaveURL(/filter=outdoor/);
  await waitForHydration(page, ".product-card form");
  // A client-side navigation (hydrated): the router fetches /supplies.data, itself stored.
  const data = page.waitForResponse((response) => response.url().includes("/supplies.data"));
  await page.getByRole("link", { name: "Supplies" }).first().click();
  expect((await data).headers()["cache-control"]).toBe("public, max-age=0, s-maxage=60");
  await expect(page.locator(".product-card").first()).toBeVisible();
  expect(violations).toEqual([]);
});

/** The count in the navigation's 'Cart (n)' link as the server rendered it. */
async function cartCountShown(page: Page): Promise<string> {
  const html = await page.content();
  return /Cart \((\d+)\)/.exec(html)?.[1] ?? "missing";
}

test("a stored page never shows one visitor's cart to another", async ({ browser }) => {
  const shopper = await browser.newContext();
  const other = await browser.newContext();
  const third = await browser.newContext();
  try {
    const a = await shopper.newPage();
    await a.goto(`${server.base}/plant`);
    await addToCart(a, "Spider Plant");
    const personal = await a.goto(`${server.base}/plant`);
    expect(personal?.headers()["cache-control"]).toBe("private, no-cache");
    expect(await cartCountShown(a)).toBe("1");

    const b = await other.newPage();
    const anonymous = await b.goto(`${server.base}/plant`);
    expect(anonymous?.headers()["cache-control"]).toBe("public, max-age=0, s-maxage=60");
    expect(await cartCountShown(b)).toBe("0");

    // The shopper adds a second plant: their own count, never the stored one of another size.
    await addToCart(a, "Snake Plant");
    await a.goto(`${server.base}/plant`);
    expect(await cartCountShown(a)).toBe("2");
    // A third visitor with one item gets the page for one item (the same bytes as the
    // shopper's earlier one: it holds nothing but the count), still private.
    const c = await third.newPage();
    await c.goto(`${server.base}/plant`);
    await addToCart(c, "Peace Lily");
    const one = await c.goto(`${server.base}/plant`);
    expect(one?.headers()["cache-control"]).toBe("private, no-cache");
    expect(await cartCountShown(c)).toBe("1");
    expect(await cartCountShown(b)).toBe("0");
    // An emptied cart is an empty cart: the shared page again.
    await a.goto(`${server.base}/cart`);
    await a.getByRole("button", { name: /^Remove Spider Plant/ }).click();
    await expect(a.getByRole("button", { name: /^Remove Spider Plant/ })).toHaveCount(0);
    await a.getByRole("button", { name: /^Remove Snake Plant/ }).click();
    await expect(a.getByText(/cart is empty/i)).toBeVisible();
    const emptied = await a.goto(`${server.base}/plant`);
    expect(emptied?.headers()["cache-control"]).toBe("public, max-age=0, s-maxage=60");
    expect(await cartCountShown(a)).toBe("0");
  } finally {
    await shopper.close();
    await other.close();
    await third.close();
  }
});

test("no request header can poison a stored page", async () => {
  const path = `/plant?q=${crypto.randomUUID().slice(0, 8)}`;
  const poisoned = await get(path, {
    Host: "evil.example",
    "X-Forwarded-Host": "evil.example",
    "X-Forwarded-Proto": "https",
    "X-Forwarded-For": "203.0.113.9",
    "Accept-Language": "fr-FR",
    "User-Agent": "Googlebot/2.1 evil.example",
    Cookie: "cart=evil.example; theme=evil",
  });
  expect(poisoned.status).toBe(200);
  const clean = await get(path);
  expect(clean.headers.etag).toBe(poisoned.headers.etag);
  expect(clean.text).not.toMatch(/evil|203\.0\.113|fr-FR|Googlebot/);
});

async function logInAsAdmin(page: Page): Promise<void> {
  await page.goto(`${server.base}/dashboard/login`);
  await page.getByLabel("Email").fill(EMAIL);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page.getByRole("button", { name: "Log out" })).toBeVisible();
}

test("a staff price edit shows on the stored plant page at once", async ({ page }) => {
  const before = await get("/plant");
  expect(before.text).toContain("Snake Plant");
  expect((await get("/plant")).headers.etag).toBe(before.headers.etag); // stored
  await logInAsAdmin(page);
  await page.goto(`${server.base}/dashboard/catalogue?kind=plant&q=Snake`);
  await page
    .getByRole("link", { name: /Snake Plant/ })
    .first()
    .click();
  await page.getByLabel("Price (₹)").fill("277");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Saved.")).toBeVisible();
  const after = await get("/plant");
  expect(after.headers.etag).not.toBe(before.headers.etag);
  expect(after.text).toContain("₹277");
});

async function buyTwoZZPlants(browser: Browser): Promise<void> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${server.base}/plant?q=ZZ`);
    await addToCart(page, "ZZ Plant");
    await addToCart(page, "ZZ Plant");
    await page.goto(`${server.base}/checkout`);
    await fillCheckout(page, { ...SHOPPER, phone: "9812300077", email: "zz@example.com" });
    await page.getByRole("button", { name: "Confirm Order" }).click();
    await expect(page).toHaveURL(/\/orders\/[^/]+\/placed/);
  } finally {
    await context.close();
  }
}

test("stock crossing zero through an order shows 'Out of stock' on the stored page at once", async ({
  browser,
  page,
}) => {
  const before = await get("/plant?q=ZZ");
  expect((await get("/plant?q=ZZ")).headers.etag).toBe(before.headers.etag); // stored
  // The rendered button (the words themselves also travel in the page's messages).
  expect(before.text).not.toMatch(/disabled="">Out of stock</);
  await buyTwoZZPlants(browser);
  await page.goto(`${server.base}/plant?q=ZZ`);
  await expect(
    productCard(page, "ZZ Plant").getByRole("button", { name: "Out of stock" }),
  ).toBeDisabled();
});

test("a published review shows on the stored home page at once", async ({ page }) => {
  expect((await get("/")).headers.etag).toBe((await get("/")).headers.etag); // stored
  const text = `Stored page review ${Date.now()}`;
  await page.goto(`${server.base}/review-page`);
  await page.getByLabel("Review", { exact: true }).fill(text);
  await page.getByRole("radio", { name: "5 stars" }).check();
  await page.getByRole("button", { name: "Submit Review" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  expect((await get("/")).text).toContain(text);
});

test("a flood of distinct searches stays within PAGE_CACHE_MB", async () => {
  const limit = 1024 * 1024;
  let sent = 0;
  const worker = async () => {
    while (sent < 300) {
      sent += 1;
      const response = await get(`/plant?q=${crypto.randomBytes(6).toString("hex")}`, {
        "Accept-Encoding": "gzip",
      });
      expect(response.status).toBe(200);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  const bytes = await storeMetric("page_store_bytes");
  const pages = await storeMetric("page_store_pages");
  console.log(`after 300 distinct searches the store holds ${pages} pages, ${bytes} bytes`);
  expect(bytes).toBeGreaterThan(0);
  expect(bytes).toBeLessThanOrEqual(limit);
  expect(pages).toBeLessThan(300);
  // The fixed pages still come from the store.
  const a = await get("/ratelist");
  expect((await get("/ratelist")).headers.etag).toBe(a.headers.etag);
});
