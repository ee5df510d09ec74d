/**
 * What /healthz reports (docs/operations.md "Faults and recovery"): a database that answers but
 * cannot write, and a DATA_DIR short of space or full, are unhealthy.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../tests/support/processes/test-database";
import { type DatabaseHandle, openDatabase } from "./client.server";
import { healthProblem } from "./health.server";

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle.close();
});

const dirs: string[] = [];
const mounts: string[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "health-test-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of mounts.splice(0)) execFileSync("umount", [dir]);
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** The checks as the embedded database sees them, on `dataDir`. */
const embedded = (dataDir: string, minFreeBytes = 0) =>
  healthProblem({ ...handle, driver: "pglite" }, { dataDir, minFreeBytes });

describe("healthProblem", () => {
  it("is null for a writable database and a DATA_DIR with room, and leaves no file behind", async () => {
    const dataDir = tempDir();
    expect(await embedded(dataDir, 1024 * 1024)).toBeNull();
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  it("reports a DATA_DIR with less free space than the threshold", async () => {
    expect(await embedded(tempDir(), Number.MAX_SAFE_INTEGER)).toMatch(
      /^only \d+\.\d MB free in DATA_DIR, under HEALTH_MIN_FREE_MB \(\d+ MB\)$/,
    );
  });

  it("reports a full DATA_DIR even with no threshold", async (context) => {
    const dataDir = tempDir();
    try {
      execFileSync("mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", dataDir], { stdio: "pipe" });
    } catch (error) {
      context.skip(`cannot mount a tmpfs here: ${error}`);
    }
    mounts.push(dataDir);
    const fd = fs.openSync(path.join(dataDir, "filler"), "w");
    try {
      for (;;) fs.writeSync(fd, Buffer.alloc(4096));
    } catch {
      // full
    } finally {
      fs.closeSync(fd);
    }
    expect(await embedded(dataDir)).toBe("DATA_DIR cannot be written: ENOSPC");
    fs.rmSync(path.join(dataDir, "filler"));
    expect(await embedded(dataDir)).toBeNull();
  });

  // One pooled connection on PostgreSQL would not make the next query read-only.
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))(
    "reports a database that answers but is read-only",
    async () => {
      await handle.db.execute(sql`set default_transaction_read_only = on`);
      try {
        expect(await healthProblem(handle, { dataDir: tempDir(), minFreeBytes: 0 })).toBe(
          "the database cannot write: it is read-only",
        );
      } finally {
        await handle.db.execute(sql`set default_transaction_read_only = off`);
      }
    },
  );

  it("reports a database that does not answer", async () => {
    const closed = await openDatabase({ memory: true });
    await closed.close();
    expect(await healthProblem(closed, { dataDir: tempDir(), minFreeBytes: 0 })).toMatch(
      /^the database does not answer: /,
    );
  });
});
