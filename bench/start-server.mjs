/**
 * Starts the production build for a benchmark on a free loopback port with a temporary
 * DATA_DIR (logs at warn), and removes the directory when stopped. Needs `npm run build`.
 * With DATABASE_URL in `extraEnv` (PostgreSQL) and no SESSION_SECRET, a random 64-hex-character
 * one is generated: the server refuses to start on PostgreSQL without it (docs/operations.md).
 * Returns `{ base, pid, output(), stop() }`: `pid` is the server's own process (`node
 * server.js`), whose /proc/<pid>/status VmRSS is the server's resident memory.
 *
 * PRODUCT_PHOTOS=<count|all> (embedded database only): before the server starts, the first
 * `count` plants and fertilisers (or all) get a photo (bench/product-photos.ts), so a benchmark
 * measures the catalogue with photos instead of the drawn art (docs/uploads.md).
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startServerProcess } from "../tests/support/processes/server.ts";

export async function startServer(extraEnv = {}) {
  if (!fs.existsSync("build/server/index.js")) throw new Error("Run `npm run build` first.");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-data-"));
  const env = { LOG_LEVEL: "warn", ...extraEnv };
  if (env.DATABASE_URL && !env.SESSION_SECRET) env.SESSION_SECRET = randomBytes(32).toString("hex");
  const photos = process.env.PRODUCT_PHOTOS;
  if (photos && !env.DATABASE_URL) {
    execFileSync("npx", ["tsx", "bench/product-photos.ts", dataDir, photos], {
      stdio: ["ignore", "inherit", "inherit"],
    });
  }
  const server = await startServerProcess(dataDir, env);
  return {
    base: server.base,
    pid: server.child.pid,
    output: server.output,
    async stop() {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
