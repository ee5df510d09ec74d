import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirLockedError, processStartTime } from "./data-dir-lock.server";

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
    expect(JSON.parse(fs.readFileSync(lockFile, "utf8"))).toEqual({
      pid: process.pid,
      started: processStartTime(process.pid),
    });
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(lockFile).mode & 0o777).toBe(0o600);
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
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, "server.lock"), "utf8")).pid).toBe(
      process.pid,
    );
    expect(fs.existsSync(path.join(pgData, "postmaster.pid"))).toBe(false);
    release();
  });

  it("refuses a lock naming a live process with its start time", () => {
    const dataDir = tempDir();
    fs.mkdirSync(dataDir, { recursive: true });
    const owner = { pid: process.ppid, started: processStartTime(process.ppid) };
    expect(owner.started).not.toBeNull();
    fs.writeFileSync(path.join(dataDir, "server.lock"), JSON.stringify(owner));
    expect(() => acquireDataDirLock(dataDir, path.join(dataDir, "pgdata"))).toThrow(
      new RegExp(`in use by another server process \\(pid ${process.ppid}\\)`),
    );
  });

  it("takes over a lock whose pid now belongs to an unrelated process started later", async () => {
    const dataDir = tempDir();
    const pgData = path.join(dataDir, "pgdata");
    fs.mkdirSync(pgData, { recursive: true });
    // The server that wrote the lock is gone; its pid was reused by this `sleep`.
    const unrelated = spawn("sleep", ["30"], { stdio: "ignore" });
    try {
      const pid = unrelated.pid as number;
      expect(processStartTime(pid)).not.toBeNull();
      fs.writeFileSync(path.join(dataDir, "server.lock"), JSON.stringify({ pid, started: "1" }));
      fs.writeFileSync(path.join(pgData, "postmaster.pid"), "-42\n/tmp/pglite/base\n");
      const release = acquireDataDirLock(dataDir, pgData);
      expect(JSON.parse(fs.readFileSync(path.join(dataDir, "server.lock"), "utf8")).pid).toBe(
        process.pid,
      );
      expect(fs.existsSync(path.join(pgData, "postmaster.pid"))).toBe(false);
      expect(unrelated.exitCode).toBeNull();
      release();
    } finally {
      unrelated.kill();
    }
  });

  it("tightens a data directory an earlier version left readable by others", () => {
    const dataDir = tempDir();
    const pgData = path.join(dataDir, "pgdata");
    fs.mkdirSync(pgData, { recursive: true, mode: 0o755 });
    fs.chmodSync(dataDir, 0o755);
    fs.writeFileSync(path.join(pgData, "PG_VERSION"), "17\n", { mode: 0o644 });
    const release = acquireDataDirLock(dataDir, pgData);
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(pgData).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(pgData, "PG_VERSION")).mode & 0o777).toBe(0o600);
    release();
  });
});
