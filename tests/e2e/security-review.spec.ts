/**
 * Regression tests for the findings of the security review (docs/operations.md
 * "Security"), at the HTTP level against the production build on its own server and DATA_DIR:
 * personal pages and their `.data` requests are `private, no-store`, public ones are not;
 * malformed requests get 4xx with a plain message instead of 500 (raw sockets for the
 * absolute-form request line); a rate-limited document POST carries Retry-After; a redirectTo
 * outside Latin-1 is ignored; tracking tokens are cut to 6 characters in the access log.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { type ServerProcess, startServerProcess } from "../support/processes/server";

test.skip(Boolean(process.env.E2E_DATABASE_URL), "runs its own server on the embedded database");
test.describe.configure({ mode: "serial" });

const run = promisify(execFile);
const EMAIL = "guard@review.test";
const PASSWORD = "long quiet evening walk";
let server: ServerProcess;
let dataDir: string;

test.beforeAll(async () => {
  // The staff CLI (tsx) and a server start: slow on a busy machine.
  test.setTimeout(120_000);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "security-review-"));
  const created = run(
    "npx",
    ["tsx", "scripts/staff-create.ts", "--email", EMAIL, "--name", "Guard", "--role", "admin"],
    { env: { ...process.env, DATA_DIR: dataDir } },
  );
  created.child.stdin?.end(`${PASSWORD}\n`);
  await created;
  server = await startServerProcess(dataDir);
});
test.afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Sends `head` (request line and headers, CRLF-separated) raw; resolves with the whole answer. */
function rawRequest(head: string): Promise<string> {
  const port = Number(new URL(server.base).port);
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () =>
      socket.write(`${head}\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`),
    );
    let answer = "";
    socket.on("data", (chunk) => {
      answer += chunk;
    });
    socket.on("end", () => resolve(answer));
    socket.on("error", reject);
  });
}

test("personal pages and their .data requests are private, no-store; the catalogue is not", async () => {
  const token = "AbCdEfGhIjKlMnOpQrStUv0123456789abcdefghijk";
  const personal = [
    "/dashboard",
    "/dashboard.data",
    "/dashboard/orders",
    "/dashboard/orders.data",
    "/dashboard/login",
    "/dashboard/login.data",
    `/orders/${token}`,
    `/orders/${token}.data`,
    `/orders/${token}/placed`,
    `/orders/${token}/placed.data`,
    `/pickups/${token}`,
    `/pickups/${token}.data`,
    `/pickups/${token}/booked`,
    `/pickups/${token}/booked.data`,
    "/cart",
    "/cart.data",
    "/checkout",
    "/checkout.data",
    "/payment",
    "/payment.data",
    // Other spellings the router accepts (case, percent-escapes) are personal too.
    "/DASHBOARD/orders",
    "/%64ashboard/orders",
    `/Orders/${token}`,
    "/CART",
  ];
  for (const url of personal) {
    const response = await fetch(`${server.base}${url}`, { redirect: "manual" });
    expect.soft(response.headers.get("cache-control"), url).toBe("private, no-store");
  }
  for (const url of ["/", "/_.data", "/plant", "/plant.data", "/ratelist"]) {
    const response = await fetch(`${server.base}${url}`);
    expect(response.status, url).toBe(200);
    expect.soft(response.headers.get("cache-control") ?? "", url).not.toContain("no-store");
  }
});

test("a POST with a non-form body or a broken multipart body answers 4xx with a message", async () => {
  for (const type of ["application/json", "text/plain", "application/xml"]) {
    const response = await fetch(`${server.base}/review-page`, {
      method: "POST",
      headers: { "Content-Type": type },
      body: '{"name":"x"}',
    });
    expect(response.status, type).toBe(415);
    expect(await response.text()).toContain("application/x-www-form-urlencoded");
  }
  const noBoundary = await fetch(`${server.base}/dashboard/login`, {
    method: "POST",
    headers: { "Content-Type": "multipart/form-data" },
    body: "garbage",
  });
  expect(noBoundary.status).toBe(400);
  const broken = await fetch(`${server.base}/dashboard/login`, {
    method: "POST",
    headers: { "Content-Type": "multipart/form-data; boundary=xyz" },
    body: '--xyz\r\nContent-Disposition: form-data; name="email"\r\n\r\ncut short',
  });
  expect(broken.status).toBe(400);
  expect(await broken.text()).toContain("The form could not be read");
  const brokenData = await fetch(`${server.base}/dashboard/login.data`, {
    method: "POST",
    headers: { "Content-Type": "multipart/form-data; boundary=xyz" },
    body: "--xyz\r\nbroken",
  });
  expect(brokenData.status).toBeLessThan(500);
  // A well-formed multipart form still reaches the action (a wrong password: 401).
  const form = new FormData();
  form.set("email", "nobody@review.test");
  form.set("password", "not the password at all");
  const multipart = await fetch(`${server.base}/dashboard/login`, { method: "POST", body: form });
  expect(multipart.status).toBe(401);
});

test("TRACE answers 405; absolute-form and asterisk request lines never 500", async () => {
  const trace = await rawRequest("TRACE / HTTP/1.1");
  expect(trace).toMatch(/^HTTP\/1\.1 405 /);
  expect(trace).toMatch(/\r\nAllow: GET, HEAD, POST\r\n/i);
  const port = new URL(server.base).port;
  const absolute = await rawRequest(`GET http://127.0.0.1:${port}/plant HTTP/1.1`);
  expect(absolute).toMatch(/^HTTP\/1\.1 200 /);
  expect(absolute).toContain("<h1");
  const absoluteData = await rawRequest(`GET http://127.0.0.1:${port}/plant.data HTTP/1.1`);
  expect(absoluteData).toMatch(/^HTTP\/1\.1 200 /);
  const asterisk = await rawRequest("GET * HTTP/1.1");
  expect(asterisk).toMatch(/^HTTP\/1\.1 400 /);
  expect(server.output()).not.toContain('"statusCode":500');
});

test("a redirectTo outside Latin-1 is ignored after login, not a 500", async () => {
  const response = await fetch(
    `${server.base}/dashboard/login?redirectTo=${encodeURIComponent("/dashboard/€")}`,
    {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: EMAIL, password: PASSWORD, redirectTo: "/dashboard/€" }),
    },
  );
  expect(response.status).toBe(302);
  expect(response.headers.get("location")).toBe("/dashboard");
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  const signedIn = await fetch(
    `${server.base}/dashboard/login?redirectTo=${encodeURIComponent("/dashboard/ок")}`,
    { redirect: "manual", headers: { Cookie: cookie } },
  );
  expect(signedIn.status).toBe(302);
  expect(signedIn.headers.get("location")).toBe("/dashboard");
});

test("a rate-limited document POST (no JavaScript) answers 429 with Retry-After", async () => {
  const attempt = () =>
    fetch(`${server.base}/dashboard/login`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" },
      body: new URLSearchParams({ email: "locked@review.test", password: "wrong passphrase x" }),
    });
  // 5 failures of an account are free, then it waits 1 s, 2 s, … (docs/dashboard.md "Login").
  let limited = await attempt();
  for (let i = 0; i < 10 && limited.status === 401; i += 1) limited = await attempt();
  expect(limited.status).toBe(429);
  expect(limited.headers.get("content-type")).toContain("text/html");
  expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(await limited.text()).toContain("Too many login attempts");
});

test("tracking tokens appear in the access log as their first 6 characters only", async () => {
  const token = "ZyXwVuTsRqPoNmLkJiHgFeDcBa9876543210zyxwvut";
  await fetch(`${server.base}/orders/${token}.data?_routes=x`);
  await fetch(`${server.base}/pickups/${token}`);
  await expect.poll(() => server.output()).toContain('"url":"/pickups/ZyXwVu…"');
  expect(server.output()).toContain('"url":"/orders/ZyXwVu….data"');
  expect(server.output()).not.toContain(token.slice(0, 7));
});
