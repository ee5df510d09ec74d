/**
 * The secret that signs cookies (carts and staff sessions). SESSION_SECRET when set;
 * otherwise a random secret generated once and kept in `<DATA_DIR>/session-secret` (mode 0600),
 * so a single-machine shop runs from a fresh clone and keeps carts across restarts.
 * Several servers behind a load balancer must share SESSION_SECRET: env.server.ts requires it
 * in production with DATABASE_URL. See docs/decisions/0002-production-mode-and-secrets.md.
 *
 * The file is written atomically (temporary file in the same directory, fsync, link into
 * place, fsync the directory), so a crash or a full disk never leaves a partial secret behind.
 * On reading, the file must hold exactly the 43 base64url characters of 32 random bytes:
 * - an empty file (what earlier versions left after a full disk) never signed anything, so it is
 *   replaced by a new secret, with a warning;
 * - anything else is refused with {@link SecretFileError}, because replacing a secret that did
 *   sign cookies would silently sign every shopper and staff member out.
 * The rules are described in docs/operations.md "Faults and recovery".
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { env } from "./env.server";
import { logger } from "./logger.server";

/** The secret file's content: base64url of 32 random bytes, no padding. */
const SECRET_FORMAT = /^[A-Za-z0-9_-]{43}$/;

/** The session secret file cannot be read, written or trusted. Message is one line. */
export class SecretFileError extends Error {
  override name = "SecretFileError";
}

let cached: string | undefined;

/**
 * @returns the signing secret (≥ 32 characters), read once and then kept in memory.
 * @throws SecretFileError when `<DATA_DIR>/session-secret` holds something other than a secret
 *   this module wrote, or cannot be created (e.g. the disk is full); the message says what to do.
 */
export function sessionSecret(): string {
  if (cached) return cached;
  const config = env();
  if (config.SESSION_SECRET) {
    cached = config.SESSION_SECRET;
    return cached;
  }
  cached = readOrCreateSecretFile(path.join(config.dataDir, "session-secret"));
  return cached;
}

/**
 * Reads the secret at `file`, creating it when missing or empty.
 * @throws SecretFileError (see {@link sessionSecret}).
 */
export function readOrCreateSecretFile(file: string): string {
  const existing = readIfPresent(file);
  if (existing !== null && existing.trim() !== "") return validSecret(file, existing);
  const replaceEmpty = existing !== null;
  if (replaceEmpty) logger().warn({ file }, "session secret file is empty; writing a new secret");
  try {
    writeSecretAtomically(file, crypto.randomBytes(32).toString("base64url"), replaceEmpty);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? "";
    throw new SecretFileError(
      `Could not write ${file} (${code || (error as Error).message}): ${
        code === "ENOSPC" ? "free disk space" : "make DATA_DIR writable"
      } or set SESSION_SECRET`,
    );
  }
  // Another process may have linked its secret first: the file's content is the one to use.
  return validSecret(file, readIfPresent(file) ?? "");
}

function validSecret(file: string, content: string): string {
  const secret = content.trim();
  if (SECRET_FORMAT.test(secret)) return secret;
  throw new SecretFileError(
    `${file} does not hold a valid session secret (${Buffer.byteLength(content)} bytes, expected 43 base64url characters): restore it from a backup, or delete it to generate a new one (this signs everyone out and empties carts), or set SESSION_SECRET`,
  );
}

function readIfPresent(file: string): string | null {
  try {
    return fs.readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw new SecretFileError(
      `Could not read ${file} (${(error as NodeJS.ErrnoException).code}): fix its permissions or set SESSION_SECRET`,
    );
  }
}

/**
 * Temporary file in the same directory, write, fsync, then link (create-if-absent, so two
 * processes starting together agree on one secret) or rename (to replace an empty file), then
 * fsync the directory so the new name survives a power cut.
 */
function writeSecretAtomically(file: string, secret: string, replace: boolean): void {
  const dir = path.dirname(file);
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.${crypto.randomBytes(4).toString("hex")}.tmp`;
  try {
    const fd = fs.openSync(temporary, "wx", 0o600);
    try {
      fs.writeFileSync(fd, secret);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    if (replace) {
      fs.renameSync(temporary, file);
    } else {
      try {
        fs.linkSync(temporary, file);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        // Filesystems without hard links: rename, which is atomic too.
        if (code === "EPERM" || code === "ENOTSUP" || code === "ENOSYS")
          fs.renameSync(temporary, file);
        else if (code !== "EEXIST") throw error;
      }
    }
  } finally {
    fs.rmSync(temporary, { force: true });
  }
  const dirFd = fs.openSync(dir, "r");
  try {
    fs.fsyncSync(dirFd);
  } finally {
    fs.closeSync(dirFd);
  }
}
