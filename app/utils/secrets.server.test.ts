import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readOrCreateSecretFile, SecretFileError } from "./secrets.server";

const dirs: string[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "secret-test-"));
  dirs.push(dir);
  return dir;
}
const mounts: string[] = [];
afterEach(() => {
  for (const dir of mounts.splice(0)) execFileSync("umount", [dir]);
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A 1 MiB tmpfs, or null (with the reason printed) where mounting is not permitted. */
function tinyFilesystem(): string | null {
  const dir = tempDir();
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", dir], { stdio: "pipe" });
  } catch (error) {
    process.stdout.write(`skipping the full-disk case: cannot mount a tmpfs (${error})\n`);
    return null;
  }
  mounts.push(dir);
  return dir;
}

describe("readOrCreateSecretFile", () => {
  it("creates a 43-character base64url secret, owner-only, and leaves no temporary file", () => {
    const dir = path.join(tempDir(), "data");
    const file = path.join(dir, "session-secret");
    const secret = readOrCreateSecretFile(file);
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(fs.readFileSync(file, "utf8")).toBe(secret);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(dir)).toEqual(["session-secret"]);
    expect(readOrCreateSecretFile(file)).toBe(secret);
  });

  it("replaces an empty file, which never signed anything", () => {
    const file = path.join(tempDir(), "session-secret");
    fs.writeFileSync(file, "");
    const secret = readOrCreateSecretFile(file);
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(fs.readFileSync(file, "utf8")).toBe(secret);
  });

  it.each([
    ["truncated", "abc"],
    ["too long", "x".repeat(44)],
    ["not base64url", `${"+".repeat(43)}`],
  ])("refuses a %s secret in one line and leaves the file as it was", (_name, content) => {
    const file = path.join(tempDir(), "session-secret");
    fs.writeFileSync(file, content);
    expect(() => readOrCreateSecretFile(file)).toThrow(SecretFileError);
    try {
      readOrCreateSecretFile(file);
    } catch (error) {
      const message = (error as Error).message;
      expect(message).not.toContain("\n");
      expect(message).toContain("delete it to generate a new one");
      expect(message).toContain("SESSION_SECRET");
    }
    expect(fs.readFileSync(file, "utf8")).toBe(content);
  });

  it("on a full disk says so and leaves no file behind, then works once space is freed", () => {
    const mount = tinyFilesystem();
    if (!mount) return;
    const filler = path.join(mount, "filler");
    const fd = fs.openSync(filler, "w");
    try {
      for (;;) fs.writeSync(fd, Buffer.alloc(64 * 1024));
    } catch (error) {
      expect((error as NodeJS.ErrnoException).code).toBe("ENOSPC");
    } finally {
      fs.closeSync(fd);
    }
    const file = path.join(mount, "session-secret");
    expect(() => readOrCreateSecretFile(file)).toThrow(
      /ENOSPC\): free disk space or set SESSION_SECRET/,
    );
    expect(fs.readdirSync(mount)).toEqual(["filler"]);

    fs.rmSync(filler);
    expect(readOrCreateSecretFile(file)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
