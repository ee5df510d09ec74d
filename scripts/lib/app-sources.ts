/**
 * What the repository checks in `scripts/` share (docs/layout.md): reading the TypeScript
 * sources under `app/`, and running a check as a command that prints one line per finding.
 */
import fs from "node:fs";
import path from "node:path";

export interface SourceFile {
  /** Path relative to the repository root, with forward slashes, e.g. "app/features/cart/x.ts". */
  path: string;
  source: string;
}

const isTest = (name: string) => /\.(test|spec)\.(ts|tsx|mts)$/.test(name);

/**
 * The TypeScript sources (.ts, .tsx, .mts) under `root/app`, sorted by path; with
 * `tests: false` without the test files (*.test.*, *.spec.*).
 */
export function readAppSources(root: string, { tests = true } = {}): SourceFile[] {
  const files: SourceFile[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(ts|tsx|mts)$/.test(entry.name) && (tests || !isTest(entry.name))) {
        const relative = path.relative(root, full).split(path.sep).join("/");
        files.push({ path: relative, source: fs.readFileSync(full, "utf8") });
      }
    }
  };
  walk(path.join(root, "app"));
  return files.sort((a, b) => a.path.localeCompare(b.path));
}

/**
 * When `moduleFile` (the caller's `import.meta.filename`) is the script node was started with,
 * runs `check` on the repository root (`process.argv[2]`, default the parent of `scripts/`),
 * prints the lines it returns and exits 1 when there are any, 0 otherwise. Imported (by its
 * test), it does nothing.
 */
export function runCheckWhenMain(moduleFile: string, check: (root: string) => string[]): void {
  const started = process.argv[1];
  if (!started || path.resolve(started) !== path.resolve(moduleFile)) return;
  const root = path.resolve(process.argv[2] ?? path.join(path.dirname(moduleFile), ".."));
  const findings = check(root);
  for (const line of findings) console.log(line);
  process.exit(findings.length > 0 ? 1 : 0);
}
