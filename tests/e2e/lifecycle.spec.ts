/**
 * Server lifecycle on the embedded database: graceful shutdown releases DATA_DIR, and a
 * server killed with SIGKILL leaves a stale lock that the next start recovers from.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";

test.skip(Boolean(process.env.E2E_DATABASE_URL), "embedded database only");
test.describe.configure({ mode: "serial" });

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

async function startServer(
  dataDir: string,
): Promise<{ child: ChildProcess; base: string; output: () => string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const base = `http://127.0.0.1:${port}`;
  await expect
    .poll(
      async () => {
        if (child.exitCode !== null) return `exited ${child.exitCode}: ${output}`;
        return fetch(`${base}/healthz`).then(
          (r) => r.status,
          () => 0,
        );
      },
      { timeout: 60_000 },
    )
    .toBe(200);
  return { child, base, output: () => output };
}

const exitOf = (child: ChildProcess) =>
  new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      resolve({ code: child.exitCode, signal: child.signalCode });
    } else child.once("exit", (code, signal) => resolve({ code, signal }));
  });

test("SIGTERM finishes the request in flight, exits 0 and releases DATA_DIR", async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lifecycle-"));
  const server = await startServer(dataDir);
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
  expect(await exitOf(server.child)).toEqual({ code: 0, signal: null });
  expect(server.output()).toContain('"msg":"stopped"');
  expect(fs.existsSync(path.join(dataDir, "server.lock"))).toBe(false);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test("a server killed with SIGKILL leaves a stale lock that the next start takes over", async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lifecycle-"));
  const first = await startServer(dataDir);
  first.child.kill("SIGKILL");
  await exitOf(first.child);
  expect(fs.existsSync(path.join(dataDir, "server.lock"))).toBe(true);

  const second = await startServer(dataDir);
  const page = await fetch(`${second.base}/supplies`);
  expect(page.status).toBe(200);
  expect(await page.text()).toContain("Agni Shield");
  second.child.kill("SIGTERM");
  expect((await exitOf(second.child)).code).toBe(0);
  fs.rmSync(dataDir, { recursive: true, force: true });
});
