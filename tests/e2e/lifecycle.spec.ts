/**
 * Server lifecycle on the embedded database: graceful shutdown releases DATA_DIR, and a
 * server killed with SIGKILL leaves a stale lock that the next start recovers from.
 */
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { expect, test } from "../support/browser/fixtures";
import { startServerProcess } from "../support/processes/server";

test.skip(Boolean(process.env.E2E_DATABASE_URL), "embedded database only");
// Each test starts its own server, which takes a while on a loaded machine.
test.describe.configure({ mode: "serial", timeout: 90_000 });

test("SIGTERM finishes the request in flight, exits 0 and releases DATA_DIR", async ({
  dataDir,
}) => {
  const server = await startServerProcess(dataDir);
  expect(fs.existsSync(path.join(dataDir, "server.lock"))).toBe(true);

  // A request whose headers have started to arrive is in flight: send half of it, stop the
  // server, then send the rest; it must still be answered.
  const url = new URL(server.base);
  const socket = net.connect(Number(url.port), url.hostname);
  await new Promise((resolve) => socket.once("connect", resolve));
  let raw = "";
  socket.on("data", (chunk) => {
    raw += chunk;
  });
  const closed = new Promise((resolve) => socket.once("close", resolve));
  socket.write(`GET /ratelist HTTP/1.1\r\nHost: ${url.host}\r\n`);
  await expect.poll(() => fetch(`${server.base}/healthz`).then((r) => r.status)).toBe(200);
  server.child.kill("SIGTERM");
  await expect.poll(() => server.output()).toContain("shutting down");
  socket.write("Connection: close\r\n\r\n");
  await closed;
  expect(raw).toMatch(/^HTTP\/1\.1 200 OK/);
  expect(raw).toContain("Scrap rate list");
  expect(await server.exited).toEqual({ code: 0, signal: null });
  expect(server.output()).toContain('"msg":"stopped"');
  expect(fs.existsSync(path.join(dataDir, "server.lock"))).toBe(false);
});

test("a server killed with SIGKILL leaves a stale lock that the next start takes over", async ({
  dataDir,
}) => {
  const first = await startServerProcess(dataDir);
  first.child.kill("SIGKILL");
  await first.exited;
  expect(fs.existsSync(path.join(dataDir, "server.lock"))).toBe(true);

  const second = await startServerProcess(dataDir);
  const page = await fetch(`${second.base}/supplies`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain("Agni Shield");
  second.child.kill("SIGTERM");
  expect((await second.exited).code).toBe(0);
});
