/**
 * The secret that signs cookies (cart now, staff sessions later). SESSION_SECRET when set;
 * otherwise a random secret generated once and kept in `<DATA_DIR>/session-secret` (mode 0600),
 * so a single-machine shop runs from a fresh clone and keeps carts across restarts.
 * Several servers behind a load balancer must share SESSION_SECRET: env.server.ts requires it
 * in production with DATABASE_URL. See docs/decisions/0002-production-mode-and-secrets.md.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { env } from "./env.server";

let cached: string | undefined;

/** @returns the signing secret (≥ 32 chars). @throws filesystem errors when DATA_DIR is unwritable. */
export function sessionSecret(): string {
  if (cached) return cached;
  const config = env();
  if (config.SESSION_SECRET) {
    cached = config.SESSION_SECRET;
    return cached;
  }
  const file = path.join(config.dataDir, "session-secret");
  fs.mkdirSync(config.dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, crypto.randomBytes(32).toString("base64url"), {
      flag: "wx",
      mode: 0o600,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  cached = fs.readFileSync(file, "utf8").trim();
  return cached;
}
