/**
 * Starting while PostgreSQL is down: openDatabase retries for connectTimeoutSeconds, then gives
 * up with one line (docs/operations.md "Faults and recovery"). The PostgreSQL cases need
 * TEST_DATABASE_URL.
 */
import net from "node:net";
import { describe, expect, it } from "vitest";
import { freePort } from "../../tests/support/processes/server";
import { createScratchDatabase } from "../../tests/support/processes/test-database";
import { DatabaseUnreachableError, openDatabase } from "./client.server";

describe("openDatabase on an unreachable PostgreSQL", () => {
  it("retries until the timeout, then refuses in one line naming the cause", async () => {
    const port = await freePort(); // nothing listens there
    const started = Date.now();
    const opening = openDatabase({
      databaseUrl: `postgres://app:secret-password@127.0.0.1:${port}/shop`,
      connectTimeoutSeconds: 2,
    });
    const error = await opening.then(
      () => new Error("opened"),
      (caught: Error) => caught,
    );
    expect(error).toBeInstanceOf(DatabaseUnreachableError);
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(2_000);
    expect(elapsed).toBeLessThan(6_000);
    expect(error.message).toMatch(
      new RegExp(
        `^PostgreSQL at 127\\.0\\.0\\.1:${port} did not accept a connection within 2 s \\(ECONNREFUSED\\)`,
      ),
    );
    expect(error.message).not.toContain("\n");
    expect(error.message).not.toContain("secret-password");
  });

  it("tries once without a timeout", async () => {
    const port = await freePort();
    const started = Date.now();
    await expect(
      openDatabase({ databaseUrl: `postgres://app:app@127.0.0.1:${port}/shop` }),
    ).rejects.toThrow(DatabaseUnreachableError);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)("openDatabase while PostgreSQL comes up", () => {
  it("connects once PostgreSQL accepts, after dropping the first connections", async () => {
    const scratch = await createScratchDatabase(adminUrl as string, "connect_retry");
    const target = new URL(scratch.url);
    // A proxy standing in for a PostgreSQL that is starting: it drops the first two
    // connections, then forwards to the real server.
    let accepted = 0;
    const proxy = net.createServer((socket) => {
      accepted++;
      if (accepted <= 2) {
        socket.destroy();
        return;
      }
      const upstream = net.connect(Number(target.port || 5432), target.hostname);
      socket.pipe(upstream).pipe(socket);
      socket.on("error", () => upstream.destroy());
      upstream.on("error", () => socket.destroy());
    });
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    const proxied = new URL(scratch.url);
    proxied.host = `127.0.0.1:${(proxy.address() as net.AddressInfo).port}`;
    try {
      const handle = await openDatabase({
        databaseUrl: proxied.toString(),
        connectTimeoutSeconds: 30,
      });
      await handle.ping();
      await handle.close();
      expect(accepted).toBeGreaterThanOrEqual(3);
    } finally {
      proxy.close();
      await scratch.drop();
    }
  });

  it("does not retry a wrong password", async () => {
    const url = new URL(adminUrl as string);
    url.password = "not-the-password";
    const started = Date.now();
    await expect(
      openDatabase({ databaseUrl: url.toString(), connectTimeoutSeconds: 30 }),
    ).rejects.toThrow(/password authentication failed/);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
