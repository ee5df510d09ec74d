import type http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { DISK_FULL_RETRY_SECONDS, diskFullMessage } from "~/utils/disk-full.server";
import { refuseWritesOnLowDisk } from "./low-disk";

let server: http.Server | undefined;
afterEach(
  () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
);

/** An app behind the guard whose handlers count what reached them. */
async function appWithFreeBytes(free: { bytes: number }) {
  const reached: string[] = [];
  const app = express();
  app.use(
    refuseWritesOnLowDisk({
      dataDir: "/data",
      minFreeBytes: 50 * 2 ** 20,
      shopPhone: "+91 98450 12345",
      freeBytes: () => free.bytes,
    }),
  );
  app.all("/{*any}", (req, res) => {
    reached.push(req.method);
    res.send("ok");
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server?.once("listening", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, reached };
}

describe("writes on a nearly full disk", () => {
  it("refuses POSTs below the threshold with 503, Retry-After and the message; reads go on", async () => {
    const { base, reached } = await appWithFreeBytes({ bytes: 10 * 2 ** 20 });
    const refused = await fetch(`${base}/orderpage`, { method: "POST", body: "a=1" });
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe(String(DISK_FULL_RETRY_SECONDS));
    expect(await refused.text()).toBe(
      "We cannot save anything just now because our server is out of disk space. Nothing was changed. Please try again in a few minutes, or call us on +91 98450 12345.",
    );
    const read = await fetch(`${base}/plant`);
    expect(read.status).toBe(200);
    expect(reached).toEqual(["GET"]);
  });

  it("answers in the language of the page posted to", async () => {
    const { base } = await appWithFreeBytes({ bytes: 0 });
    for (const lang of ["hi", "kn"] as const) {
      const refused = await fetch(`${base}/${lang}/cart.data`, { method: "POST", body: "a=1" });
      expect(refused.status).toBe(503);
      expect(await refused.text()).toBe(diskFullMessage(lang, "+91 98450 12345"));
    }
  });

  it("takes writes again as soon as space is freed", async () => {
    const free = { bytes: 1 };
    const { base, reached } = await appWithFreeBytes(free);
    expect((await fetch(`${base}/checkout`, { method: "POST", body: "a=1" })).status).toBe(503);
    free.bytes = 60 * 2 ** 20;
    expect((await fetch(`${base}/checkout`, { method: "POST", body: "a=1" })).status).toBe(200);
    expect(reached).toEqual(["POST"]);
  });

  it("lets writes through with room on the disk", async () => {
    const { base, reached } = await appWithFreeBytes({ bytes: 51 * 2 ** 20 });
    expect((await fetch(`${base}/orderpage`, { method: "POST", body: "a=1" })).status).toBe(200);
    expect(reached).toEqual(["POST"]);
  });
});
