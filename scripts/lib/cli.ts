/**
 * Small shared pieces of the operator commands in scripts/ (db:backup, db:restore).
 */
import path from "node:path";

/**
 * A FILE argument relative to where the operator typed the command: `npm run` changes to the
 * project root and leaves the original directory in INIT_CWD (npm's, not an app setting).
 */
export function fromCallerDirectory(file: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
}

/** Writes `message` as one line to stderr and exits 1. */
export function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}
