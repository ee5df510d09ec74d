/**
 * Backups of the embedded database (docs/operations.md "Backups and restore"): a backup taken
 * while orders are being placed restores every order acknowledged before it started; restore
 * refuses bad files and a running server's directory with one line and leaves DATA_DIR byte
 * for byte as it was; the nightly job keeps BACKUP_KEEP nightly files.
 * The restores run `npm run db:restore` as a child process, as an operator would.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "~/db/client.server";
import { backups } from "~/db/schema/operations";
import { orders } from "~/db/schema/shop";
import { seedDatabase } from "~/db/seed.server";
import {
  backupOpenPglite,
  takeServerBackup,
  writeFileAtomically,
} from "~/features/backups/backup.server";
import { startControlSocket } from "~/features/backups/control-socket.server";
import { nightlyBackupJob } from "~/features/backups/nightly.server";
import { knownMigrations } from "~/features/backups/restore.server";
import { placeOrder } from "~/features/orders/orders.server";
import { idempotencyKey } from "~/utils/codes.server";
import {
  cartWith,
  newShopper,
  productBySlug,
  setStock,
} from "../support/factories/carts-and-addresses";
import { fingerprint, runBackupCli } from "../support/processes/backup-cli";
import { queryRows } from "../support/processes/test-database";

const embeddedOnly = Boolean(process.env.TEST_DATABASE_URL);
const WORKERS = 8;

describe.skipIf(embeddedOnly)("embedded database backups", () => {
  let work: string;
  let sourceDir: string;
  let restoredDir: string;
  let handle: DatabaseHandle;
  let goodBackup: string;

  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), "backups-test-"));
    sourceDir = path.join(work, "source");
    restoredDir = path.join(work, "restored");
    handle = await openDatabase({ dataDir: sourceDir });
    await seedDatabase(handle.db);
  }, 120_000);

  afterAll(async () => {
    await handle?.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it("a backup taken under a write load restores every order acknowledged before it started", async () => {
    const product = await productBySlug(handle.db, "tulsi");
    await setStock(handle.db, product.id, 1_000_000);
    // Shoppers fill a cart and place the order, WORKERS at a time, until told to stop.
    const acknowledged: string[] = [];
    let stop = false;
    const load = Promise.all(
      Array.from({ length: WORKERS }, async () => {
        while (!stop) {
          const cart = await cartWith(handle.db, [{ productId: product.id, quantity: 1 }]);
          const order = await placeOrder(handle.db, {
            ...cart,
            idempotencyKey: idempotencyKey(),
            shipping: newShopper(),
          });
          acknowledged.push(order.reference);
          // Requests arrive through I/O: without this the all-microtask PGlite calls would
          // starve timers (the polls below) for good.
          await new Promise((resolve) => setImmediate(resolve));
        }
      }),
    );
    await expect.poll(() => acknowledged.length, { timeout: 60_000 }).toBeGreaterThan(20);

    const before = [...acknowledged];
    goodBackup = path.join(work, "during-load.tar.gz");
    const result = await takeServerBackup(handle, { kind: "manual", file: goodBackup });
    const after = acknowledged.length;
    // Orders keep coming after the backup: these cannot be in it.
    await expect.poll(() => acknowledged.length, { timeout: 60_000 }).toBeGreaterThan(after + 10);
    stop = true;
    await load;
    const placedAfterBackup = acknowledged.slice(after);

    expect(result.sizeBytes).toBe(fs.statSync(goodBackup).size);
    const [recorded] = await handle.db.select().from(backups).where(eq(backups.file, goodBackup));
    expect(recorded).toMatchObject({
      kind: "manual",
      driver: "pglite",
      sizeBytes: result.sizeBytes,
    });
    expect((fs.statSync(goodBackup).mode & 0o777).toString(8)).toBe("600");

    const restore = await runBackupCli("db-restore", [goodBackup], { DATA_DIR: restoredDir });
    expect(restore.stderr).toBe("");
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain(`Restored ${goodBackup}`);
    // Owner-only at once, before any server opens it (PGlite unpacks with 0666 files).
    const readableByOthers: string[] = [];
    const visit = (entry: string) => {
      const stat = fs.lstatSync(entry);
      if (stat.isSymbolicLink()) return;
      if ((stat.mode & 0o077) !== 0) readableByOthers.push(entry);
      if (stat.isDirectory())
        for (const name of fs.readdirSync(entry)) visit(path.join(entry, name));
    };
    visit(path.join(restoredDir, "pgdata"));
    expect(readableByOthers).toEqual([]);

    const restored = await openDatabase({ dataDir: restoredDir });
    try {
      const rows = await restored.db.select({ reference: orders.reference }).from(orders);
      const references = new Set(rows.map((row) => row.reference));
      const missing = before.filter((reference) => !references.has(reference));
      expect(missing).toEqual([]);
      // A point in time: nothing placed after the backup finished, nothing never placed.
      expect(placedAfterBackup.filter((reference) => references.has(reference))).toEqual([]);
      const placed = new Set(acknowledged);
      expect([...references].filter((reference) => !placed.has(reference))).toEqual([]);
      // The trigram extension's index and functions work in the restored database.
      const [match] = await queryRows<{ score: number }>(
        restored.db,
        sql`select similarity('tulsi', 'tulasi')::float as score`,
      );
      expect(Number(match?.score)).toBeGreaterThan(0);
    } finally {
      await restored.close();
    }
  }, 300_000);

  it("refuses bad files with one line and leaves a stopped DATA_DIR untouched", async () => {
    const bad = path.join(work, "bad");
    fs.mkdirSync(bad);
    const whole = fs.readFileSync(goodBackup);
    fs.writeFileSync(path.join(bad, "truncated.tar.gz"), whole.subarray(0, whole.length / 2));
    fs.writeFileSync(
      path.join(bad, "random.bin"),
      Buffer.from(crypto.getRandomValues(new Uint8Array(65_536))),
    );
    fs.mkdirSync(path.join(bad, "photos"));
    fs.writeFileSync(path.join(bad, "photos", "holiday.txt"), "not a database\n");
    execFileSync("tar", ["-czf", path.join(bad, "photos.tar.gz"), "-C", bad, "photos"]);

    // Another product's embedded database: a PGlite data directory without our tables.
    const other = await PGlite.create();
    await other.exec("create table notes (id serial primary key, body text)");
    await writeFileAtomically(
      path.join(bad, "other-product.tar.gz"),
      await other.dumpDataDir("gzip"),
    );
    await other.close();

    // A backup from a newer version: one migration this build does not have.
    const newest = Math.max(...knownMigrations().map((m) => m.folderMillis));
    await handle.db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('future', ${newest + 86_400_000})`,
    );
    await backupOpenPglite(handle.embedded as PGlite, path.join(bad, "newer.tar.gz"));
    await handle.db.execute(sql`delete from drizzle.__drizzle_migrations where hash = 'future'`);

    const cases: [string, RegExp][] = [
      ["truncated.tar.gz", /^truncated\.tar\.gz is truncated or damaged/],
      ["random.bin", /^random\.bin is not a Scrap & Sprout backup/],
      [
        "photos.tar.gz",
        /^photos\.tar\.gz is not a Scrap & Sprout backup: the archive holds no database/,
      ],
      [
        "other-product.tar.gz",
        /^other-product\.tar\.gz is not a Scrap & Sprout backup: its database has no orders table/,
      ],
      ["newer.tar.gz", /^newer\.tar\.gz comes from a newer version of Scrap & Sprout/],
      ["missing.tar.gz", /^No such file: /],
    ];
    const untouched = fingerprint(restoredDir);
    expect(untouched.some((line) => line.startsWith("pgdata/PG_VERSION"))).toBe(true);
    for (const [name, message] of cases) {
      const result = await runBackupCli("db-restore", [path.join(bad, name)], {
        DATA_DIR: restoredDir,
      });
      expect({ name, code: result.code, stdout: result.stdout }).toEqual({
        name,
        code: 1,
        stdout: "",
      });
      expect(result.stderr.trimEnd().split("\n")).toHaveLength(1);
      expect(result.stderr).toMatch(message);
      expect(fingerprint(restoredDir)).toEqual(untouched);
    }
  }, 300_000);

  it("refuses to restore into a running server's directory, with or without its control socket", async () => {
    const stopSocket = await startControlSocket(sourceDir, async () => {
      throw new Error("not expected");
    });
    const untouched = fingerprint(sourceDir);
    try {
      const answered = await runBackupCli("db-restore", [goodBackup], { DATA_DIR: sourceDir });
      expect(answered.code).toBe(1);
      expect(answered.stderr).toBe(
        `Data directory ${sourceDir} is in use by a running server (pid ${process.pid}): stop it before restoring\n`,
      );
      expect(fingerprint(sourceDir)).toEqual(untouched);
    } finally {
      await stopSocket?.();
    }
    const withoutSocket = fingerprint(sourceDir);
    const locked = await runBackupCli("db-restore", [goodBackup], { DATA_DIR: sourceDir });
    expect(locked.code).toBe(1);
    expect(locked.stderr).toMatch(
      new RegExp(
        `^Data directory ${sourceDir} is in use by another server process \\(pid ${process.pid}\\): stop it before restoring\\n$`,
      ),
    );
    expect(fingerprint(sourceDir)).toEqual(withoutSocket);
  }, 120_000);

  it("db:backup asks the running server through its control socket", async () => {
    const stopSocket = await startControlSocket(sourceDir, (file) =>
      takeServerBackup(handle, { kind: "manual", file }),
    );
    try {
      const target = path.join(work, "via-socket.tar.gz");
      const result = await runBackupCli("db-backup", [target], { DATA_DIR: sourceDir });
      expect(result.stderr).toBe("");
      expect(result.stdout).toMatch(
        /^Backup written by the running server: .*via-socket\.tar\.gz \(/,
      );
      expect(fs.statSync(target).size).toBeGreaterThan(0);
      const rows = await handle.db.select().from(backups).where(eq(backups.file, target));
      expect(rows).toHaveLength(1);
    } finally {
      await stopSocket?.();
    }
    expect(fs.existsSync(path.join(sourceDir, "control.sock"))).toBe(false);
  }, 120_000);

  it("the nightly job writes the window's backup and keeps the newest BACKUP_KEEP nightly files", async () => {
    const dir = path.join(sourceDir, "backups");
    fs.mkdirSync(dir, { recursive: true });
    for (const day of ["10", "11", "12", "13", "14"]) {
      fs.writeFileSync(path.join(dir, `nightly-2026-11-${day}.tar.gz`), "old");
    }
    fs.writeFileSync(path.join(dir, "manual-20261101-101010.tar.gz"), "manual");
    const job = nightlyBackupJob({ handle: async () => handle, dataDir: sourceDir, keep: 3 });
    const now = new Date("2026-11-19T21:00:00Z"); // 02:30 on 20 Nov, Asia/Kolkata
    expect(job.name).toBe("nightly-backup");
    const windowKey = job.windowOf(now);
    expect(windowKey).toBe("2026-11-20");
    const detail = await job.run({ now, windowKey: windowKey as string });
    expect(detail).toMatch(
      /^nightly-2026-11-20\.tar\.gz, [\d.]+ MB in [\d.]+ s; 3 old nightly backups removed$/,
    );
    expect(
      fs
        .readdirSync(dir)
        .filter((name) => /^(nightly|manual-2026)/.test(name))
        .sort(),
    ).toEqual([
      "manual-20261101-101010.tar.gz",
      "nightly-2026-11-13.tar.gz",
      "nightly-2026-11-14.tar.gz",
      "nightly-2026-11-20.tar.gz",
    ]);
    const [row] = await handle.db
      .select()
      .from(backups)
      .where(eq(backups.file, path.join(dir, "nightly-2026-11-20.tar.gz")));
    expect(row?.kind).toBe("nightly");
  }, 120_000);
});
