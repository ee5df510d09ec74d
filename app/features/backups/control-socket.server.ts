/**
 * The running server's control socket (docs/operations.md "Backups and restore"): a unix socket
 * `DATA_DIR/control.sock`, mode 0600, through which `npm run db:backup` asks a running server
 * to take the backup (the embedded database is one process: the command cannot open it while
 * the server holds it). Only the embedded database listens; with DATABASE_URL the commands
 * use pg_dump/pg_restore directly.
 *
 * Protocol: one JSON line each way.
 *   → {"op":"ping"}                      ← {"ok":true,"pid":1234}
 *   → {"op":"backup","file":"/abs/path"} ← {"ok":true,"file":…,"sizeBytes":…,"seconds":…}
 *                                          or {"ok":false,"error":"one line"}
 *
 * A socket file left by a killed server is removed at start (the server holds the data
 * directory lock then, so no live server can own it); the socket is removed on shutdown.
 */
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

/** Unix socket paths longer than this fail on Linux (108 bytes with the terminating NUL). */
const MAX_SOCKET_PATH = 107;
const MAX_REQUEST_BYTES = 16 * 1024;

/** `DATA_DIR/control.sock`. */
export function controlSocketPath(dataDir: string): string {
  return path.join(dataDir, "control.sock");
}

export type ControlRequest = { op: "ping" } | { op: "backup"; file: string };

export type ControlAnswer =
  | { ok: true; pid: number }
  | { ok: true; file: string; sizeBytes: number; seconds: number }
  | { ok: false; error: string };

/** What the server does for a backup request: writes `file`, returns its size in bytes. */
export type BackupHandler = (file: string) => Promise<{ file: string; sizeBytes: number }>;

async function answer(line: string, onBackup: BackupHandler): Promise<ControlAnswer> {
  let request: unknown;
  try {
    request = JSON.parse(line);
  } catch {
    return { ok: false, error: "Bad request: not JSON" };
  }
  const op = (request as { op?: unknown })?.op;
  if (op === "ping") return { ok: true, pid: process.pid };
  const file = (request as { file?: unknown })?.file;
  if (op === "backup" && typeof file === "string" && path.isAbsolute(file)) {
    const started = performance.now();
    try {
      const written = await onBackup(file);
      return { ok: true, ...written, seconds: (performance.now() - started) / 1000 };
    } catch (error) {
      return { ok: false, error: String((error as Error).message).split("\n")[0] ?? "failed" };
    }
  }
  return { ok: false, error: "Bad request: expected ping or backup with an absolute file" };
}

/**
 * Listens on `DATA_DIR/control.sock` (mode 0600). Call only while holding the data directory
 * lock.
 * @returns a function that closes the socket and removes its file, or null when the path is
 *   too long for a unix socket (the caller logs it; `db:backup` then asks to stop the server).
 */
export async function startControlSocket(
  dataDir: string,
  onBackup: BackupHandler,
): Promise<(() => Promise<void>) | null> {
  const socketPath = controlSocketPath(dataDir);
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH) return null;
  fs.rmSync(socketPath, { force: true });
  const server = net.createServer((connection) => {
    let buffered = "";
    connection.setEncoding("utf8");
    connection.on("error", () => {});
    connection.on("data", (chunk: string) => {
      buffered += chunk;
      if (buffered.length > MAX_REQUEST_BYTES) {
        connection.end(`${JSON.stringify({ ok: false, error: "Bad request: too long" })}\n`);
        return;
      }
      const newline = buffered.indexOf("\n");
      if (newline < 0) return;
      connection.pause();
      void answer(buffered.slice(0, newline), onBackup).then((reply) => {
        connection.end(`${JSON.stringify(reply)}\n`);
      });
    });
  });
  // Connecting needs write permission on the socket: with the usual umask (022) nobody else
  // has it from the start, and 0600 then makes it explicit.
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => resolve());
  });
  fs.chmodSync(socketPath, 0o600);
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    fs.rmSync(socketPath, { force: true });
  };
}

/**
 * Sends one request to the server on `dataDir`.
 * @returns its answer, or null when no server listens (no socket file, or a stale one).
 * @throws Error when the server accepts but does not answer within `timeoutMs`.
 */
export function sendControlRequest(
  dataDir: string,
  request: ControlRequest,
  timeoutMs = 30 * 60_000,
): Promise<ControlAnswer | null> {
  const socketPath = controlSocketPath(dataDir);
  return new Promise((resolve, reject) => {
    if (!fs.existsSync(socketPath)) return resolve(null);
    const connection = net.createConnection(socketPath);
    let received = "";
    let connected = false;
    const timer = setTimeout(() => {
      connection.destroy();
      reject(new Error(`The server on ${dataDir} did not answer within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    connection.setEncoding("utf8");
    connection.on("connect", () => {
      connected = true;
      connection.write(`${JSON.stringify(request)}\n`);
    });
    connection.on("data", (chunk: string) => {
      received += chunk;
    });
    connection.on("error", (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      if (!connected && ["ECONNREFUSED", "ENOENT", "ENOTSOCK"].includes(error.code ?? "")) {
        resolve(null);
      } else {
        reject(error);
      }
    });
    connection.on("end", () => {
      clearTimeout(timer);
      try {
        resolve(JSON.parse(received.trim()) as ControlAnswer);
      } catch {
        reject(new Error(`The server on ${dataDir} sent an unreadable answer`));
      }
    });
  });
}
