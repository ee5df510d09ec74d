/**
 * Starts the production build for a benchmark on a free loopback port with a temporary
 * DATA_DIR (logs at warn), and removes the directory when stopped. Needs `npm run build`.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startServerProcess } from "../tests/support/server-process.ts";

export async function startServer(extraEnv = {}) {
  if (!fs.existsSync("build/server/index.js")) throw new Error("Run `npm run build` first.");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-data-"));
  const server = await startServerProcess(dataDir, { LOG_LEVEL: "warn", ...extraEnv });
  return {
    base: server.base,
    async stop() {
      await server.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
