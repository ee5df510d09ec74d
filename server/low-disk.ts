/**
 * Writes refused while the embedded database's disk is nearly full
 * (docs/operations.md "Writes on a nearly full disk").
 *
 * PostgreSQL (and so PGlite) needs disk for every write: a full disk makes inserts fail with
 * SQLSTATE 53100 only once a file must grow, so some writes still succeed and others fail
 * half-way through a form, and a WAL write that cannot be made stops the database. Below
 * HEALTH_MIN_FREE_MB free in DATA_DIR (the same threshold at which /healthz answers 503) this
 * middleware answers every state-changing request (POST, PUT, PATCH, DELETE) with 503,
 * `Retry-After: 60` and one clear sentence in the page's language (`diskFullResponse`, the same
 * answer app/entry.server.tsx gives when a write fails for lack of space), before anything is
 * read or written; reads go on.
 * Once space is freed, the next write is accepted (while refusing, every write looks again).
 * Only for the embedded database: a PostgreSQL server's disk is its operator's to watch.
 */
import fs from "node:fs";
import type { RequestHandler } from "express";
import { langFromPath } from "~/i18n/languages";
import { DISK_FULL_RETRY_SECONDS, diskFullMessage } from "~/utils/disk-full.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** How long one free-space reading is reused, ms: a statfs per write would be cheap but pointless. */
const CHECK_EVERY_MS = 1_000;
/**
 * @param dataDir DATA_DIR (absolute).
 * @param minFreeBytes refuse writes below this many free bytes (HEALTH_MIN_FREE_MB × 2^20).
 * @param shopPhone the number named in the message (site config).
 * @param freeBytes reads the free bytes of `dataDir` (statfs by default; tests pass their own).
 */
export function refuseWritesOnLowDisk(options: {
  dataDir: string;
  minFreeBytes: number;
  shopPhone: string;
  freeBytes?: (dataDir: string) => number;
}): RequestHandler {
  const read =
    options.freeBytes ??
    ((dir: string) => {
      const stats = fs.statfsSync(dir);
      return stats.bavail * stats.bsize;
    });
  let checkedAt = Number.NEGATIVE_INFINITY;
  let low = false;
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const now = Date.now();
    // While writes are refused every request looks again, so they resume as soon as space is
    // freed; while there is room one reading a second is enough.
    if (low || now - checkedAt >= CHECK_EVERY_MS) {
      checkedAt = now;
      try {
        low = read(options.dataDir) < options.minFreeBytes;
      } catch {
        // An unreadable DATA_DIR is /healthz's to report; the write itself will say more.
        low = false;
      }
    }
    if (!low) return next();
    // Plain text (the form's page is one Back away), in the language of the page posted to.
    res
      .status(503)
      .set("Retry-After", String(DISK_FULL_RETRY_SECONDS))
      .type("text/plain")
      .send(diskFullMessage(langFromPath(req.path.replace(/\.data$/, "")), options.shopPhone));
  };
}
