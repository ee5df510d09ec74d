/**
 * The embedded database's memory settings (docs/operations.md "Memory",
 * docs/decisions/0019-embedded-postgres-memory.md): the server's PGlite runs with a 16MB buffer
 * pool, so its WebAssembly memory stays at PGlite's initial 128 MiB instead of growing to ~189 MiB
 * at start, while initdb's postgresql.conf (time zone, locale) still applies.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../tests/support/processes/test-database";
import { type DatabaseHandle, openDatabase } from "./client.server";

const MIB = 1024 * 1024;
let dataDir = "";
let handle: DatabaseHandle;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "embedded-memory-"));
  handle = await openDatabase({ dataDir });
}, 180_000); // initdb and every migration: slow on a busy machine

afterAll(async () => {
  await handle?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("the embedded database's memory", () => {
  it("runs with a 16MB buffer pool and keeps initdb's other settings", async () => {
    const rows = await queryRows<{ name: string; setting: string }>(
      handle.db,
      sql`select name, current_setting(name) as setting from unnest(array['shared_buffers', 'TimeZone', 'lc_messages', 'search_path']) as name`,
    );
    expect(Object.fromEntries(rows.map((row) => [row.name, row.setting]))).toEqual({
      shared_buffers: "16MB",
      TimeZone: "UTC",
      lc_messages: "C",
      search_path: "public",
    });
  });

  it("keeps its WebAssembly memory at PGlite's initial 128 MiB after opening and migrating", async () => {
    const memory = handle.embedded?.Module.HEAPU8.buffer.byteLength ?? 0;
    expect(memory).toBeGreaterThan(0);
    expect(memory / MIB).toBeLessThanOrEqual(128);
  });

  it("answers queries over the migrated schema", async () => {
    const [row] = await queryRows<{ tables: number }>(
      handle.db,
      sql`select count(*)::int as tables from information_schema.tables where table_schema = 'public'`,
    );
    expect(row?.tables).toBeGreaterThan(10);
  });
});
