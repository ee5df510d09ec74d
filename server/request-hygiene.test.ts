/**
 * The security review's request rules (docs/operations.md "Security") as plain Express middleware:
 * absolute-form request lines, TRACE, non-form bodies, and `private, no-store` forced on personal
 * paths.
 */
import net, { type AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { personalNoStore } from "./cache-control";
import {
  normalizeRequestTarget,
  RAZORPAY_WEBHOOK_PATH,
  refuseUnsupportedMethods,
  requireFormContentType,
} from "./security";

let base = "";
let port = 0;
let close = () => {};

beforeAll(async () => {
  const app = express();
  app.use(
    normalizeRequestTarget,
    personalNoStore,
    refuseUnsupportedMethods,
    requireFormContentType,
  );
  app.use((req, res) => {
    // A route that tries to make its answer cacheable: personal paths still get no-store.
    res.set("Cache-Control", "public, max-age=600");
    res.type("text/plain").send(`${req.method} ${req.originalUrl} ${req.get("host")}`);
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
  close = () => server.close();
});
afterAll(() => close());

function raw(requestLine: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () =>
      socket.write(`${requestLine}\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`),
    );
    let answer = "";
    socket.on("data", (chunk) => {
      answer += chunk;
    });
    socket.on("end", () => resolve(answer));
    socket.on("error", reject);
  });
}

describe("request target and method", () => {
  it("serves an absolute-form request line as its path, with the host it names", async () => {
    const answer = await raw("GET http://shop.example:8080/plant?x=1 HTTP/1.1");
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toContain("GET /plant?x=1 shop.example:8080");
  });
  it("answers 400 to a target that is not a path", async () => {
    expect(await raw("GET * HTTP/1.1")).toMatch(/^HTTP\/1\.1 400 /);
    expect(await raw("GET ftp://x/y HTTP/1.1")).toMatch(/^HTTP\/1\.1 400 /);
  });
  it("answers 400 to a target with a fragment, which no browser sends", async () => {
    expect(await raw("GET /plant?q=fern#cart=3 HTTP/1.1")).toMatch(/^HTTP\/1\.1 400 /);
    expect(await raw("GET /plant#x HTTP/1.1")).toMatch(/^HTTP\/1\.1 400 /);
    expect(await raw("GET /plant?q=fern HTTP/1.1")).toMatch(/^HTTP\/1\.1 200 /);
  });
  it("keeps personal pages private under another spelling of their path", async () => {
    for (const path of [
      "/DASHBOARD/pickups",
      "/%64ashboard/pickups",
      "/x/%2e%2e/orders/tok1234567",
    ]) {
      const answer = await raw(`GET ${path} HTTP/1.1`);
      expect(answer, path).toMatch(/\r\ncache-control: private, no-store\r\n/i);
    }
  });
  it("answers 405 with Allow to TRACE (Node's parser itself refuses TRACK with 400)", async () => {
    const answer = await raw("TRACE / HTTP/1.1");
    expect(answer).toMatch(/^HTTP\/1\.1 405 /);
    expect(answer).toMatch(/\r\nallow: GET, HEAD, POST\r\n/i);
    expect(await raw("TRACK / HTTP/1.1")).toMatch(/^HTTP\/1\.1 400 /);
  });
});

describe("form bodies", () => {
  const post = (path: string, headers: Record<string, string>, body = "a=1") =>
    fetch(`${base}${path}`, { method: "POST", headers, body });

  it("refuses non-form content types with 415 and a message", async () => {
    for (const type of ["application/json", "text/plain", "application/octet-stream"]) {
      const response = await post("/review-page", { "Content-Type": type });
      expect(response.status, type).toBe(415);
      expect(await response.text()).toContain("application/x-www-form-urlencoded");
    }
  });
  it("refuses multipart without a boundary with 400", async () => {
    const response = await post("/", { "Content-Type": "multipart/form-data" });
    expect(response.status).toBe(400);
  });
  it("lets forms through, and JSON to Razorpay's webhook", async () => {
    const form = await post("/cart", { "Content-Type": "application/x-www-form-urlencoded" });
    expect(form.status).toBe(200);
    const multipart = await fetch(`${base}/cart`, { method: "POST", body: new FormData() });
    expect(multipart.status).toBe(200);
    const webhook = await post(RAZORPAY_WEBHOOK_PATH, { "Content-Type": "application/json" });
    expect(webhook.status).toBe(200);
  });
});

describe("personal pages", () => {
  it("force private, no-store over the route's own Cache-Control, documents and .data", async () => {
    for (const path of [
      "/dashboard.data",
      "/dashboard/orders.data",
      "/orders/abcdefghij",
      "/cart",
    ]) {
      const response = await fetch(`${base}${path}`);
      expect(response.headers.get("cache-control"), path).toBe("private, no-store");
    }
    const plant = await fetch(`${base}/plant.data`);
    expect(plant.headers.get("cache-control")).toBe("public, max-age=600");
  });
});
