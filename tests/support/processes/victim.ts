/**
 * A child process to kill mid-way, for the crash tests (tests/integration/*-crash.test.ts,
 * privacy-retention.test.ts): `spawnVictim` runs one of tests/support/processes/*.ts with
 * `node --import tsx`, SCHEDULER_ID "victim" and LOG_LEVEL silent, collecting what it prints;
 * `killOnceItSays` waits until it printed a marker (the work it must have committed) and kills
 * it with SIGKILL.
 */
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { expect } from "vitest";
import { projectRoot } from "~/utils/project-root.server";

/** Polls `condition` every 50 ms. @throws Error naming `what` after `ms`. */
export async function until(
  condition: () => Promise<boolean> | boolean,
  what: string,
  ms = 60_000,
): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A running child: its process, everything it printed so far, and the signal it died of. */
export interface Victim {
  child: ChildProcess;
  output: () => string;
  exited: Promise<NodeJS.Signals | null>;
}

/** Starts tests/support/processes/`script` with `env` over this process's environment. */
export function spawnVictim(script: string, env: Record<string, string>): Victim {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", path.join("tests", "support", "processes", script)],
    {
      cwd: projectRoot(),
      env: { ...process.env, SCHEDULER_ID: "victim", LOG_LEVEL: "silent", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    child.once("exit", (_code, signal) => resolve(signal)),
  );
  return { child, output: () => output, exited };
}

/**
 * Waits until `victim` printed `marker` (what it must have done by then, named `what`), then
 * kills it with SIGKILL and checks it died of it.
 * @throws Error with its output when it exits first.
 */
export async function killOnceItSays(victim: Victim, marker: string, what: string): Promise<void> {
  await Promise.race([
    until(() => victim.output().includes(marker), what),
    victim.exited.then(() => {
      throw new Error(`the child process exited:\n${victim.output()}`);
    }),
  ]);
  victim.child.kill("SIGKILL");
  expect(await victim.exited).toBe("SIGKILL");
}
