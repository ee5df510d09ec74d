/**
 * Finds the project root (the folder holding package.json and drizzle/) from this module's
 * location, so the same code works from app/ in tests and from build/server/ in production.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

let cached: string | undefined;

/** @returns absolute path of the project root. @throws Error when none is found. */
export function projectRoot(): string {
  if (cached) return cached;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (fs.existsSync(path.join(dir, "drizzle", "meta", "_journal.json"))) {
      cached = dir;
      return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  const fromCwd = process.cwd();
  if (fs.existsSync(path.join(fromCwd, "drizzle"))) {
    cached = fromCwd;
    return fromCwd;
  }
  throw new Error("Cannot find the project root (a folder with drizzle/meta/_journal.json)");
}
