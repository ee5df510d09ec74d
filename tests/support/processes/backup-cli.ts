/**
 * Runs `npm run db:backup` / `db:restore` as the operator would (a child process through tsx,
 * with its own environment), and fingerprints a directory so a test can show a refused restore
 * left DATA_DIR byte for byte as it was. Plain erasable TypeScript: Playwright loads it too.
 */
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..", "..", "..");
const tsxCli = path.join(root, "node_modules", "tsx", "dist", "cli.mjs");

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `scripts/<script>.ts` with `args`. DATABASE_URL is removed from the inherited
 * environment unless `env` sets it.
 */
export function runBackupCli(
  script: "db-backup" | "db-restore",
  args: string[],
  env: Record<string, string>,
): Promise<CliResult> {
  const inherited = { ...process.env };
  delete inherited.DATABASE_URL;
  delete inherited.DATA_DIR;
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [tsxCli, path.join(root, "scripts", `${script}.ts`), ...args],
      {
        cwd: root,
        env: { ...inherited, LOG_LEVEL: "warn", ...env },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** Every entry under `dir` with its mode, size and SHA-256 (files), sorted: equal means untouched. */
export function fingerprint(dir: string): string[] {
  if (!fs.existsSync(dir)) return ["(absent)"];
  const lines: string[] = [];
  const walk = (current: string) => {
    for (const name of fs.readdirSync(current).sort()) {
      const full = path.join(current, name);
      const stat = fs.lstatSync(full);
      const relative = path.relative(dir, full);
      if (stat.isDirectory()) {
        lines.push(`${relative}/ ${stat.mode.toString(8)}`);
        walk(full);
      } else {
        const hash = stat.isFile()
          ? crypto.createHash("sha256").update(fs.readFileSync(full)).digest("hex")
          : "-";
        lines.push(`${relative} ${stat.mode.toString(8)} ${stat.size} ${hash}`);
      }
    }
  };
  walk(dir);
  return lines;
}
