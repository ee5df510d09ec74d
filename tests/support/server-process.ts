/**
 * Runs the production build (`node server.js`) as a child process on a free loopback port,
 * for the browser tests and the benchmarks. Plain erasable TypeScript, so Node 24 can load it
 * directly from the .mjs benchmarks too.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";

/**
 * How `npm start` runs the server (package.json "start":
 * `[NAME=value …] node <flags> server.js`): its environment assignments (MALLOC_ARENA_MAX) and
 * Node flags (heap limits), so the browser tests and benchmarks run the server the way
 * production does (docs/operations.md "Memory", ADR 0019). Read from package.json in the
 * working directory.
 */
export function startCommand(): { env: Record<string, string>; flags: string[] } {
  const start: string =
    JSON.parse(fs.readFileSync("package.json", "utf8")).scripts?.start ?? "node server.js";
  const words = start.trim().split(/\s+/);
  const node = words.indexOf("node");
  const end = words.indexOf("server.js");
  const env = Object.fromEntries(
    words
      .slice(0, Math.max(node, 0))
      .map((word) => /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(word))
      .flatMap((match) => (match ? [[match[1], match[2]]] : [])),
  );
  const flags = words.slice(node + 1, end < 0 ? node + 1 : end).filter((w) => w.startsWith("--"));
  return { env, flags };
}

/** A TCP port that was free on 127.0.0.1 a moment ago. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  base: string;
  /** Everything the server wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code and signal once the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<void>;
}

/**
 * Starts `node server.js` with HOST=127.0.0.1, a free PORT and the given DATA_DIR, and waits
 * (≤ 60 s) until /healthz answers 200.
 * @throws Error with the server's output when it exits or does not become healthy.
 */
export async function startServerProcess(
  dataDir: string,
  extraEnv: Record<string, string> = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const command = startCommand();
  const child = spawn(process.execPath, [...command.flags, "server.js"], {
    env: {
      ...command.env,
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      LOG_LEVEL: "info",
      ...extraEnv,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${output}`);
    const status = await fetch(`${base}/healthz`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) break;
    if (Date.now() > deadline) throw new Error(`server not healthy after 60 s: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    child,
    base,
    output: () => output,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}
