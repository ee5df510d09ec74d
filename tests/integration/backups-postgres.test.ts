/**
 * Backups on PostgreSQL (docs/operations.md "Backups and restore"): `npm run db:backup` runs
 * pg_dump -Fc and `npm run db:restore` pg_restore into an empty database, round-tripping the
 * orders; a non-empty target, a truncated dump and a dump from a newer schema are refused with
 * one line and the target database unchanged. Runs only with TEST_DATABASE_URL.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "~/db/client.server";
import { seedDatabase } from "~/db/seed.server";
import { knownMigrations } from "~/features/backups/restore.server";
import { placeOrder } from "~/features/orders/orders.server";
import { idempotencyKey } from "~/utils/codes.server";
import {
  cartWith,
  newShopper,
  productBySlug,
  setStock,
} from "../support/factories/carts-and-addresses";
import { runBackupCli } from "../support/processes/backup-cli";
import { createScratchDatabase, queryRows } from "../support/processes/test-database";

const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)("PostgreSQL backups through pg_dump and pg_restore", () => {
  const drops: (() => Promise<void>)[] = [];
  let work: string;
  let source: { url: string };
  let handle: DatabaseHandle;
  const references: string[] = [];

  beforeAll(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), "backups-pg-"));
    const scratch = await createScratchDatabase(adminUrl as string, "backup_src");
    drops.push(scratch.drop);
    source = scratch;
    handle = await openDatabase({ databaseUrl: scratch.url, poolSize: 4 });
    await seedDatabase(handle.db);
    const product = await productBySlug(handle.db, "tulsi");
    await setStock(handle.db, product.id, 1000);
    for (let i = 0; i < 5; i++) {
      const cart = await cartWith(handle.db, [{ productId: product.id, quantity: 1 }]);
      const order = await placeOrder(handle.db, {
        ...cart,
        idempotencyKey: idempotencyKey(),
        shipping: newShopper(),
      });
      references.push(order.reference);
    }
  });

  afterAll(async () => {
    await handle?.close();
    for (const drop of drops.reverse()) await drop();
    fs.rmSync(work, { recursive: true, force: true });
  });

  async function emptyDatabase(): Promise<string> {
    const scratch = await createScratchDatabase(adminUrl as string, "backup_dst");
    drops.push(scratch.drop);
    return scratch.url;
  }

  async function orderReferences(url: string): Promise<string[]> {
    const target = await openDatabase({ databaseUrl: url, poolSize: 1 });
    try {
      const rows = await queryRows<{ reference: string }>(
        target.db,
        sql`select reference from orders order by reference`,
      );
      return rows.map((row) => row.reference);
    } finally {
      await target.close();
    }
  }

  it("round-trips the orders through db:backup and db:restore", async () => {
    const file = path.join(work, "shop.dump");
    const backup = await runBackupCli("db-backup", [file], {
      DATABASE_URL: source.url,
      DATA_DIR: work,
    });
    expect(backup.stderr).toBe("");
    expect(backup.stdout).toMatch(/^Backup written: .*shop\.dump \(.*pg_dump\)\n$/);
    expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe("PGDMP");

    const target = await emptyDatabase();
    const restore = await runBackupCli("db-restore", [file], { DATABASE_URL: target });
    expect(restore.stderr).toBe("");
    expect(restore.code).toBe(0);
    expect(await orderReferences(target)).toEqual([...references].sort());

    // A second restore into the now non-empty database is refused, unless --force.
    const again = await runBackupCli("db-restore", [file], { DATABASE_URL: target });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^The database at DATABASE_URL already has \d+ table\(s\)/);
    const forced = await runBackupCli("db-restore", [file, "--force"], { DATABASE_URL: target });
    expect(forced.stderr).toBe("");
    expect(await orderReferences(target)).toEqual([...references].sort());
  }, 120_000);

  it("refuses a truncated dump and one from a newer schema, leaving the database empty", async () => {
    const file = path.join(work, "good.dump");
    await runBackupCli("db-backup", [file], { DATABASE_URL: source.url, DATA_DIR: work });
    const whole = fs.readFileSync(file);
    fs.writeFileSync(path.join(work, "truncated.dump"), whole.subarray(0, whole.length - 2000));

    const newest = Math.max(...knownMigrations().map((m) => m.folderMillis));
    await handle.db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('future', ${newest + 1})`,
    );
    await runBackupCli("db-backup", [path.join(work, "newer.dump")], {
      DATABASE_URL: source.url,
      DATA_DIR: work,
    });
    await handle.db.execute(sql`delete from drizzle.__drizzle_migrations where hash = 'future'`);

    const target = await emptyDatabase();
    for (const [name, message] of [
      ["truncated.dump", /^truncated\.dump is truncated or damaged/],
      ["newer.dump", /^newer\.dump comes from a newer version of Scrap & Sprout/],
    ] as const) {
      const result = await runBackupCli("db-restore", [path.join(work, name)], {
        DATABASE_URL: target,
      });
      expect(result.code).toBe(1);
      expect(result.stderr.trimEnd().split("\n")).toHaveLength(1);
      expect(result.stderr).toMatch(message);
    }
    const probe = await import("pg").then(
      (pg) => new pg.default.Client({ connectionString: target }),
    );
    await probe.connect();
    const { rows } = await probe.query(
      "select count(*)::int as n from information_schema.tables where table_schema in ('public', 'drizzle')",
    );
    await probe.end();
    expect(rows[0]?.n).toBe(0);
  }, 120_000);
});
