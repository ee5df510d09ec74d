/**
 * `npm run dev` serves through the production server (server/app.ts with Vite in middleware
 * mode, server/development.ts; ADR 0023): its pages carry the same Content-Security-Policy
 * and security headers as `npm start`'s.
 *
 * The development server runs as `npm run dev` runs it (package.json "dev") on a free
 * 127.0.0.1 port with a temporary DATA_DIR. Production's headers for the same request come
 * from the middleware production mounts for them, the same module and calls as server/app.ts
 * (`cspNonce`, then `securityHeaders(true)`: `npm start` runs with NODE_ENV=production), on an
 * Express app in this process; starting `npm start` itself would need a build, which Vitest
 * tests do not make. A nonce differs per response, so `'nonce-…'` is compared normalised.
 *
 * The one header production sends and development does not is HSTS, which server/security.ts
 * sends only when NODE_ENV=production (docs/architecture.md): a developer's browser must not
 * be told to use HTTPS for localhost for two years.
 */
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cspNonce, securityHeaders } from "../../server/security";
import { type ServerProcess, startServerProcess } from "../support/processes/server";

/** Headers every HTTP response has; the rest of the reference app's headers are security headers. */
const NOT_SECURITY = new Set([
  "date",
  "connection",
  "keep-alive",
  "content-length",
  "content-type",
]);
/** Sent in production only (NODE_ENV=production). */
const PRODUCTION_ONLY = "strict-transport-security";
/** What a browser sends: gzip before br, so a stored page's CSP has no brotli hashes added. */
const BROWSER_HEADERS = { "Accept-Encoding": "gzip, deflate, br, zstd", Accept: "text/html" };

let dataDir = "";
let dev: ServerProcess;
let productionBase = "";
let closeProduction = () => {};

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "dev-server-"));
  const production = express();
  production.disable("x-powered-by");
  production.use(cspNonce, securityHeaders(true));
  production.use((_req, res) => {
    res.end();
  });
  const listening = production.listen(0, "127.0.0.1");
  await new Promise((resolve) => listening.once("listening", resolve));
  productionBase = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
  closeProduction = () => listening.close();
  dev = await startServerProcess(dataDir, {}, { script: "dev", readyTimeoutMs: 150_000 });
}, 180_000);

afterAll(async () => {
  await dev?.stop();
  closeProduction();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const normalised = (value: string | null) => value?.replace(/'nonce-[^']+'/g, "'nonce-…'") ?? null;

async function headersOf(base: string, pathname: string): Promise<Headers> {
  const response = await fetch(`${base}${pathname}`, {
    headers: BROWSER_HEADERS,
    redirect: "manual",
  });
  await response.arrayBuffer();
  return response.headers;
}

describe("npm run dev", () => {
  it.each([
    ["/", "a stored catalogue page"],
    ["/plant?q=rose", "a rendered page"],
    ["/payment", "the payment page, whose CSP allows Razorpay"],
    ["/no-such-page", "the 404 page"],
    ["/favicon.svg", "a public file (Vite's middlewares in development)"],
    ["/@vite/client", "Vite's client module"],
  ])("sends production's CSP and security headers for %s (%s)", async (pathname) => {
    const production = await headersOf(productionBase, pathname);
    const development = await headersOf(dev.base, pathname);
    const names = [...production.keys()].filter((name) => !NOT_SECURITY.has(name)).sort();
    expect(names).toContain("content-security-policy");
    expect(names).toContain(PRODUCTION_ONLY);

    expect(development.get("content-security-policy")).toMatch(/'nonce-[A-Za-z0-9+/]{22}=='/);
    expect(normalised(development.get("content-security-policy"))).toBe(
      normalised(production.get("content-security-policy")),
    );
    for (const name of names.filter((name) => name !== PRODUCTION_ONLY)) {
      expect({ name, value: normalised(development.get(name)) }).toEqual({
        name,
        value: normalised(production.get(name)),
      });
    }
    expect(development.get(PRODUCTION_ONLY)).toBeNull();
    expect(development.get("content-security-policy-report-only")).toBeNull();
  });

  it("puts the response's nonce on every inline script and style of the page, and loads code from its own origin only", async () => {
    const response = await fetch(`${dev.base}/`, { headers: BROWSER_HEADERS });
    expect(response.status).toBe(200);
    const html = await response.text();
    const nonce = /'nonce-([^']+)'/.exec(
      response.headers.get("content-security-policy") ?? "",
    )?.[1];
    expect(nonce).toBeDefined();

    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    // React Router's module script imports its HMR runtime: the page is development's.
    expect(html).toContain("virtual:react-router/inject-hmr-runtime");
    expect(scripts.length).toBeGreaterThan(3);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    for (const tag of html.match(/<style\b[^>]*>/g) ?? [])
      expect(tag).toContain(`nonce="${nonce}"`);
    // Vite's client reads the nonce here for the styles it adds (its error overlay).
    expect(html).toContain(`<meta property="csp-nonce" nonce="${nonce}"/>`);
    const sources = [...html.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="([^"]+)"/g)]
      .map((match) => match[1] ?? "")
      .filter((url) => !url.startsWith(`http://localhost:${new URL(dev.base).port}/`));
    for (const url of sources) expect(url).toMatch(/^\/(?!\/)/);
  });

  it("takes Vite's HMR websocket on the page's own origin, which connect-src 'self' allows", async () => {
    // `vite-ping` is the probe Vite's client sends before it reconnects; Vite accepts it and
    // closes it at once (1000).
    const socket = new WebSocket(`${dev.base.replace("http", "ws")}/`, "vite-ping");
    const closed = await new Promise<{ opened: boolean; code: number }>((resolve) => {
      let opened = false;
      socket.addEventListener("open", () => {
        opened = true;
      });
      socket.addEventListener("close", (event) => resolve({ opened, code: event.code }));
    });
    expect(closed).toEqual({ opened: true, code: 1000 });
  });

  it("runs the scheduler, and says in one line that the message dispatcher is off", () => {
    const output = dev.output();
    expect(output).toContain('"msg":"scheduler started"');
    expect(
      output.match(/^Development: the message dispatcher is off \(MESSAGES_DISPATCHER=on .*\)\.$/m),
    ).not.toBeNull();
    expect(output).toContain('"msg":"the message dispatcher is off (MESSAGES_DISPATCHER=off)"');
  });
});
