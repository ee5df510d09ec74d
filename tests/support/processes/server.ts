/**
 * Runs the production build (`node server.js`) as a child process on a free loopback port,
 * for the browser tests and the benchmarks; or the development server as `npm run dev` runs it
 * (tests/integration/dev-server.test.ts). Plain erasable TypeScript, so Node 24 can load it
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

/**
 * How `npm run dev` runs the server (package.json "dev": `node <arguments>`, e.g.
 * `node --conditions=development server.js --dev`): the arguments after `node`. Read from
 * package.json in the working directory.
 * @throws Error when the script does not start with `node`.
 */
export function devCommand(): string[] {
  const dev: string = JSON.parse(fs.readFileSync("package.json", "utf8")).scripts?.dev ?? "";
  const [program, ...args] = dev.trim().split(/\s+/);
  if (program !== "node") throw new Error(`package.json "dev" does not run node: ${dev}`);
  return args;
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

export interface ServerProcessOptions {
  /**
   * `start` (default): the production build, as `npm start` runs it. `dev`: the development
   * server, as `npm run dev` runs it, without the caller's NODE_ENV (so its own default,
   * development, applies as in a developer's shell).
   */
  script?: "start" | "dev";
  /** How long to wait for /healthz, ms (default 60 000). */
  readyTimeoutMs?: number;
}

/**
 * Starts `node server.js` (or `npm run dev`'s command) with HOST=127.0.0.1, a free PORT and the
 * given DATA_DIR, and waits (≤ 60 s unless `readyTimeoutMs`) until /healthz answers 200.
 * @throws Error with the server's output when it exits or does not become healthy.
 */
export async function startServerProcess(
  dataDir: string,
  extraEnv: Record<string, string> = {},
  options: ServerProcessOptions = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const dev = options.script === "dev";
  const command = dev ? { env: {}, args: devCommand() } : productionArgs();
  const readyTimeoutMs = options.readyTimeoutMs ?? 60_000;
  const child = spawn(process.execPath, command.args, {
    env: {
      ...command.env,
      ...process.env,
      ...(dev ? { NODE_ENV: undefined } : {}),
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
  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${output}`);
    const status = await fetch(`${base}/healthz`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) break;
    if (Date.now() > deadline) {
      throw new Error(`server not healthy after ${readyTimeoutMs / 1000} s: ${output}`);
    }
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

/** `npm start`'s environment assignments, and its Node flags before server.js. */
function productionArgs(): { env: Record<string, string>; args: string[] } {
  const command = startCommand();
  return { env: command.env, args: [...command.flags, "server.js"] };
}
