import http from "node:http";
import type { AddressInfo } from "node:net";
import net from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { QUIET_MS, trackConnections } from "./drain";

const servers: http.Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.closeAllConnections();
});

async function startServer() {
  const server = http.createServer((_req, res) => {
    // A little work per request, so that requests overlap the stop.
    setImmediate(() => res.end("ok"));
  });
  servers.push(server);
  const tracked = trackConnections(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, tracked, port: (server.address() as AddressInfo).port };
}

interface Outcome {
  ok: number;
  closeHeaders: number;
  refused: number;
  failures: string[];
}

/** `clients` loops of keep-alive GETs until `stop()`; resolves with what they saw. */
function keepAliveLoad(port: number, clients: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  const outcome: Outcome = { ok: 0, closeHeaders: 0, refused: 0, failures: [] };
  let stopped = false;
  const one = () =>
    new Promise<boolean>((resolve) => {
      const req = http.get({ host: "127.0.0.1", port, path: "/", agent }, (res) => {
        res.resume();
        res.on("end", () => {
          outcome.ok++;
          if (res.headers.connection === "close") outcome.closeHeaders++;
          resolve(true);
        });
        res.on("error", (error) => {
          outcome.failures.push(String(error));
          resolve(false);
        });
      });
      req.on("error", (error: NodeJS.ErrnoException) => {
        if (error.code === "ECONNREFUSED") outcome.refused++;
        else outcome.failures.push(`${error.code}: ${error.message}`);
        resolve(false);
      });
    });
  const loops = Array.from({ length: clients }, async () => {
    while (!stopped && (await one()));
  });
  return {
    outcome,
    async stop() {
      stopped = true;
      await Promise.all(loops);
      agent.destroy();
    },
    async whenServed(count: number) {
      while (outcome.ok < count) await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

describe("trackConnections().drain", () => {
  it("ends busy kept-alive connections with Connection: close and resets no request", async () => {
    const { tracked, port } = await startServer();
    const load = keepAliveLoad(port, 8);
    await load.whenServed(200);
    const started = Date.now();
    await tracked.drain(10_000);
    const drainMs = Date.now() - started;
    await load.stop();
    expect(load.outcome.failures).toEqual([]);
    expect(load.outcome.closeHeaders).toBeGreaterThan(0);
    expect(drainMs).toBeLessThan(2_000);
  });

  it("closes a connection that is already idle at once, and answers a request half-sent", async () => {
    const { tracked, port } = await startServer();
    const idle = net.connect(port, "127.0.0.1");
    const idleClosed = new Promise((resolve) => idle.once("close", resolve));
    const half = net.connect(port, "127.0.0.1");
    let answer = "";
    half.on("data", (chunk) => {
      answer += chunk;
    });
    const halfClosed = new Promise((resolve) => half.once("close", resolve));
    await Promise.all([
      new Promise((resolve) => idle.once("connect", resolve)),
      new Promise((resolve) => half.once("connect", resolve)),
    ]);
    half.write("GET / HTTP/1.1\r\nHost: x\r\n");
    // Both connections quiet for longer than QUIET_MS before the stop.
    const quiet = Date.now() + QUIET_MS + 50;
    while (Date.now() < quiet) await new Promise((resolve) => setTimeout(resolve, 10));

    const drained = tracked.drain(10_000);
    await idleClosed;
    half.write("\r\n");
    await halfClosed;
    await drained;
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK/);
    expect(answer.toLowerCase()).toContain("connection: close");
  });
});
