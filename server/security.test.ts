import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cspNonce, limitBodySize, refuseCrossSitePosts, securityHeaders } from "./security";

let base = "";
let close = () => {};

beforeAll(async () => {
  const app = express();
  app.use(cspNonce, securityHeaders(true), refuseCrossSitePosts, limitBodySize(1000, 5000));
  app.all(/.*/, (_req, res) => {
    res.type("text/plain").send(String(res.locals.cspNonce));
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

describe("security headers", () => {
  it("sends an enforced CSP whose script nonce is fresh for every request", async () => {
    const first = await fetch(`${base}/echo`);
    const second = await fetch(`${base}/echo`);
    const csp = first.headers.get("content-security-policy") ?? "";
    const nonce = await first.text();
    expect(first.headers.get("content-security-policy-report-only")).toBeNull();
    expect(csp).toContain(`script-src 'self' 'nonce-${nonce}'`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("unsafe-inline");
    expect(nonce).not.toBe(await second.text());
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    expect(first.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(first.headers.get("strict-transport-security")).toContain("max-age=63072000");
  });
});

describe("cross-site POST refusal", () => {
  const post = (headers: Record<string, string>) =>
    fetch(`${base}/echo`, { method: "POST", headers, body: "a=1" });

  it("refuses another origin and cross-site fetch metadata with 403", async () => {
    expect((await post({ Origin: "https://evil.example" })).status).toBe(403);
    expect((await post({ "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
    expect((await post({ "Sec-Fetch-Site": "same-site" })).status).toBe(403);
    expect((await post({ Origin: "null" })).status).toBe(403);
  });
  it("accepts the same origin, and clients that send neither header", async () => {
    expect((await post({ Origin: base, "Sec-Fetch-Site": "same-origin" })).status).toBe(200);
    expect((await post({})).status).toBe(200);
  });
  it("never blocks a GET", async () => {
    const response = await fetch(`${base}/echo`, { headers: { "Sec-Fetch-Site": "cross-site" } });
    expect(response.status).toBe(200);
  });
});

describe("body size limit", () => {
  it("answers 413 above the limit and passes a body within it", async () => {
    const big = await fetch(`${base}/echo`, { method: "POST", body: "x".repeat(1001) });
    expect(big.status).toBe(413);
    const small = await fetch(`${base}/echo`, { method: "POST", body: "x".repeat(1000) });
    expect(small.status).toBe(200);
  });
  it("lets a claim's photos through up to the upload limit, on that path only", async () => {
    const claim = `${base}/kn/orders/${"a".repeat(43)}/claim`;
    expect((await fetch(claim, { method: "POST", body: "x".repeat(5000) })).status).toBe(200);
    expect((await fetch(claim, { method: "POST", body: "x".repeat(5001) })).status).toBe(413);
    const elsewhere = `${base}/orders/${"a".repeat(43)}/placed`;
    expect((await fetch(elsewhere, { method: "POST", body: "x".repeat(2000) })).status).toBe(413);
  });
  it("lets a product's photo through up to the upload limit, on its upload path only", async () => {
    const upload = `${base}/dashboard/catalogue/12/photos`;
    expect((await fetch(upload, { method: "POST", body: "x".repeat(5000) })).status).toBe(200);
    expect((await fetch(upload, { method: "POST", body: "x".repeat(5001) })).status).toBe(413);
    const product = `${base}/dashboard/catalogue/12`;
    expect((await fetch(product, { method: "POST", body: "x".repeat(2000) })).status).toBe(413);
  });
  it("answers 411 for a chunked body without Content-Length", async () => {
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("x"));
        controller.close();
      },
    });
    const response = await fetch(`${base}/echo`, {
      method: "POST",
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(411);
  });
});

describe("CSP for Razorpay's payment window (docs/payments.md)", () => {
  let paymentBase = "";
  let closePayment = () => {};
  beforeAll(async () => {
    const app = express();
    app.use(cspNonce, securityHeaders(false), refuseCrossSitePosts, limitBodySize(1000));
    app.all(/.*/, (_req, res) => {
      res.type("text/plain").send("ok");
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    paymentBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    closePayment = () => server.close();
  });
  afterAll(() => closePayment());

  it("allows checkout.razorpay.com and Razorpay's frame only on /payment", async () => {
    const payment = await fetch(`${paymentBase}/payment?order=abc`);
    const csp = payment.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+' https:\/\/checkout\.razorpay\.com/);
    expect(csp).toContain("frame-src 'self' https://api.razorpay.com");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(payment.headers.get("cross-origin-opener-policy")).toBe("same-origin-allow-popups");
    for (const path of ["/", "/checkout", "/orders/x", "/payment/x", "/paymentx"]) {
      const other = (await fetch(`${paymentBase}${path}`)).headers.get("content-security-policy");
      expect(other, path).not.toContain("razorpay");
    }
  });

  it("lets Razorpay's webhook (no Origin, no Sec-Fetch-Site) through, chunked or not", async () => {
    const json = { method: "POST", headers: { "Content-Type": "application/json" } };
    const plain = await fetch(`${paymentBase}/payments/razorpay/webhook`, { ...json, body: "{}" });
    expect(plain.status).toBe(200);
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("{}"));
        controller.close();
      },
    });
    const chunked = await fetch(`${paymentBase}/payments/razorpay/webhook`, {
      ...json,
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(chunked.status).toBe(200);
  });
});
