import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirLockedError } from "./data-dir-lock.server";

const dirs: string[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lock-test-"));
  dirs.push(dir);
  return path.join(dir, "data");
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A pid that existed and has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"]);
  return Number(child.stdout.toString());
}

describe("acquireDataDirLock", () => {
  it("creates the directory, writes our pid, and removes the lock on release", () => {
    const dataDir = tempDir();
    const release = acquireDataDirLock(dataDir, path.join(dataDir, "pgdata"));
    const lockFile = path.join(dataDir, "server.lock");
    expect(fs.readFileSync(lockFile, "utf8")).toBe(String(process.pid));
    release();
    expect(fs.existsSync(lockFile)).toBe(false);
  });

  it("refuses a directory held by another live process, naming it", () => {
    const dataDir = tempDir();
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(path.join(dataDir, "server.lock"), String(process.ppid));
    expect(() => acquireDataDirLock(dataDir, path.join(dataDir, "pgdata"))).toThrow(
      DataDirLockedError,
    );
    expect(() => acquireDataDirLock(dataDir, path.join(dataDir, "pgdata"))).toThrow(
      new RegExp(`in use by another server process \\(pid ${process.ppid}\\)`),
    );
    expect(fs.readFileSync(path.join(dataDir, "server.lock"), "utf8")).toBe(String(process.ppid));
  });

  it("takes over a lock left by a killed process and removes its stale postmaster.pid", () => {
    const dataDir = tempDir();
    const pgData = path.join(dataDir, "pgdata");
    fs.mkdirSync(pgData, { recursive: true });
    fs.writeFileSync(path.join(dataDir, "server.lock"), String(deadPid()));
    fs.writeFileSync(path.join(pgData, "postmaster.pid"), "-42\n/tmp/pglite/base\n");
    const release = acquireDataDirLock(dataDir, pgData);
    expect(fs.readFileSync(path.join(dataDir, "server.lock"), "utf8")).toBe(String(process.pid));
    expect(fs.existsSync(path.join(pgData, "postmaster.pid"))).toBe(false);
    release();
  });
});
