/**
 * Backup and restore as an operator does it (docs/operations.md "Backups and restore"): while
 * the built server takes orders over HTTP, `npm run db:backup` asks it for a backup; that
 * backup is restored with `npm run db:restore` into a new DATA_DIR, a server is started on it,
 * and every order acknowledged (303 to its page) before the backup started is there, on its
 * tracking page.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "../support/browser/fixtures";
import { runBackupCli } from "../support/processes/backup-cli";
import { type ServerProcess, startServerProcess } from "../support/processes/server";

test.skip(Boolean(process.env.E2E_DATABASE_URL), "embedded database only");
test.setTimeout(300_000);

const SHOPPERS = 4;

/** Product ids offered for sale on the shop's listing pages. */
async function productIds(base: string): Promise<string[]> {
  const ids = new Set<string>();
  for (const page of ["/plant", "/supplies"]) {
    const html = await (await fetch(`${base}${page}`)).text();
    for (const match of html.matchAll(/name="productId" value="(\d+)"/g)) ids.add(match[1] ?? "");
  }
  return [...ids].filter(Boolean);
}

/** One shopper: a cart with one product, the checkout form, Confirm Order. The order's token, or null. */
async function placeOrder(base: string, productId: string, n: number): Promise<string | null> {
  // Each shopper its own client address (trusted from loopback) and phone, like real ones,
  // so the per-address and per-phone limits on checkout do not stop the load.
  const address = { "X-Forwarded-For": `198.51.${Math.floor(n / 250) % 250}.${(n % 250) + 1}` };
  const add = await fetch(`${base}/cart`, {
    method: "POST",
    redirect: "manual",
    headers: address,
    body: new URLSearchParams({ intent: "add", productId }),
  });
  await add.arrayBuffer();
  const cookie = (add.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  const html = await (
    await fetch(`${base}/checkout`, { headers: { ...address, Cookie: cookie } })
  ).text();
  const field = (name: string) =>
    new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1]?.replaceAll("&amp;", "&") ?? "";
  const response = await fetch(`${base}/checkout`, {
    method: "POST",
    redirect: "manual",
    headers: { ...address, Cookie: cookie },
    body: new URLSearchParams({
      name: "Asha Rao",
      email: `asha${n}@example.com`,
      phone: `98450${String(10_000 + n).slice(-5)}`,
      address: "12 MG Road",
      city: "Bengaluru",
      state: "Karnataka",
      pinCode: "560001",
      idempotencyKey: field("idempotencyKey"),
      shownLines: field("shownLines"),
    }),
  });
  await response.arrayBuffer();
  const token = /^\/orders\/([^/]+)\/placed$/.exec(response.headers.get("location") ?? "")?.[1];
  return response.status === 303 && token ? token : null;
}

test("db:backup under a write load, db:restore into a new DATA_DIR, start: every acknowledged order is there", async ({
  dataDir,
}) => {
  const restoredDir = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-restored-"));
  const backupFile = path.join(dataDir, "backups", "under-load.tar.gz");
  let server: ServerProcess | undefined = await startServerProcess(dataDir, {
    LOG_LEVEL: "warn",
    TRUST_PROXY: "loopback",
  });
  let restored: ServerProcess | undefined;
  try {
    const ids = await productIds(server.base);
    expect(ids.length).toBeGreaterThan(3);
    const acknowledged: string[] = [];
    let stop = false;
    let n = 0;
    const base = server.base;
    const load = Promise.all(
      Array.from({ length: SHOPPERS }, async () => {
        while (!stop) {
          n += 1;
          const token = await placeOrder(base, ids[n % ids.length] as string, n);
          if (token) acknowledged.push(token);
        }
      }),
    );

    await expect.poll(() => acknowledged.length, { timeout: 60_000 }).toBeGreaterThan(5);
    const before = [...acknowledged];
    const backup = await runBackupCli("db-backup", [backupFile], { DATA_DIR: dataDir });
    expect(backup.stderr).toBe("");
    expect(backup.stdout).toContain(`Backup written by the running server: ${backupFile}`);
    const after = acknowledged.length;
    await expect.poll(() => acknowledged.length, { timeout: 60_000 }).toBeGreaterThan(after + 3);
    stop = true;
    await load;
    await server.stop();
    server = undefined;

    const restore = await runBackupCli("db-restore", [backupFile], { DATA_DIR: restoredDir });
    expect(restore.stderr).toBe("");
    expect(restore.code).toBe(0);

    restored = await startServerProcess(restoredDir, { LOG_LEVEL: "warn" });
    for (const token of before) {
      const page = await fetch(`${restored.base}/orders/${token}`);
      expect({ token, status: page.status }).toEqual({ token, status: 200 });
    }
    // Orders placed after the backup finished are not in it: the restore is that moment.
    const late = acknowledged.slice(after);
    const lateStatuses = await Promise.all(
      late.map((token) => fetch(`${restored?.base}/orders/${token}`).then((r) => r.status)),
    );
    expect(lateStatuses.every((status) => status === 404)).toBe(true);
  } finally {
    await server?.stop();
    await restored?.stop();
    fs.rmSync(restoredDir, { recursive: true, force: true });
  }
});
