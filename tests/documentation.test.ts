/**
 * What a newcomer reads first stays true to the code:
 * - docs/configuration.md lists every variable the shop reads (the schema of
 *   app/utils/env.server.ts, and whatever `app/`, `server/` and `scripts/` read from the
 *   environment themselves), with the schema's defaults, and nothing that nobody reads;
 * - `.env.example` lists the same variables (the benchmarks', the test hooks' and the system's
 *   apart), commented, with values the schema accepts;
 * - the README keeps its two commands (docs/contracts.md "Run" and "Test") within its first 40
 *   lines, `.ci/run` runs its test command, its six settings are documented, and every page it
 *   links to exists.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseEnv, settingNames } from "~/utils/env.server";

const root = path.resolve(import.meta.dirname, "..");
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");

const NAME = /^[A-Z_][A-Z0-9_]*$/;
const codeFile = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
const testFile = /\.(test|spec)\.[cm]?[jt]sx?$/;

/** Files under `folder` (relative to the repository), recursively, without node_modules. */
function filesUnder(folder: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    if (!fs.existsSync(path.join(root, dir))) return;
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      if (entry.name.startsWith(".") || entry.name === "node_modules") continue;
      const file = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(file);
      else files.push(file);
    }
  };
  walk(folder);
  return files;
}

/** The code files at the repository's root (server.js, the tools' configuration modules). */
const rootCodeFiles = fs
  .readdirSync(root, { withFileTypes: true })
  .filter((entry) => entry.isFile() && codeFile.test(entry.name))
  .map((entry) => entry.name);

/**
 * Variables a JavaScript or TypeScript source reads from the environment: `process.env.NAME`,
 * `process.env["NAME"]` and names destructured from `process.env`.
 */
function codeReads(source: string): string[] {
  const names = new Set<string>();
  for (const match of source.matchAll(/process\.env\.([A-Za-z_][A-Za-z0-9_]*)/g)) {
    names.add(match[1] ?? "");
  }
  for (const match of source.matchAll(
    /process\.env\[\s*["'`]([A-Za-z_][A-Za-z0-9_]*)["'`]\s*\]/g,
  )) {
    names.add(match[1] ?? "");
  }
  for (const match of source.matchAll(/\{([^{}]*)\}\s*=\s*process\.env\b/g)) {
    for (const part of (match[1] ?? "").split(",")) {
      const name =
        part
          .replace(/^\s*\.\.\./, "")
          .split(":")[0]
          ?.trim() ?? "";
      if (NAME.test(name)) names.add(name);
    }
  }
  return [...names].filter((name) => NAME.test(name));
}

/** Variables a shell script reads with a default or a test: `${NAME:-…}`, `${NAME-…}`, `${NAME:+…}`. */
function shellReads(source: string): string[] {
  return [...source.matchAll(/\$\{([A-Z_][A-Z0-9_]*):?[-+=?]/g)].map((match) => match[1] ?? "");
}

function readsOf(files: string[]): Set<string> {
  const names = new Set<string>();
  for (const file of files) {
    const found =
      file.endsWith(".sh") || file === ".ci/run" ? shellReads(read(file)) : codeReads(read(file));
    for (const name of found) names.add(name);
  }
  return names;
}

const appFolders = ["app", "server", "scripts"];
const appCode = [
  ...appFolders.flatMap(filesUnder).filter((f) => codeFile.test(f) && !testFile.test(f)),
  "server.js",
];
const appShell = filesUnder("scripts").filter((f) => f.endsWith(".sh"));

/** Every variable the shop itself reads: these must be documented. */
const readByTheShop = new Set([...settingNames, ...readsOf([...appCode, ...appShell])]);

/** Every variable anything in the repository reads, tests and benchmarks included. */
const readByAnything = new Set([
  ...readByTheShop,
  ...readsOf([
    ...[...appFolders, "tests", "bench"]
      .flatMap(filesUnder)
      .filter((f) => codeFile.test(f) && f !== "tests/documentation.test.ts"),
    ...rootCodeFiles,
    ...appShell,
    ".ci/run",
  ]),
]);

interface DocumentedVariable {
  name: string;
  /** The `## ` heading the row is under. */
  section: string;
  /** The row's Default cell. */
  defaultCell: string;
}

/** The rows of the tables under `## ` headings whose first cell is one `VARIABLE`. */
function documentedVariables(markdown: string): DocumentedVariable[] {
  const rows: DocumentedVariable[] = [];
  let section = "";
  for (const line of markdown.split("\n")) {
    const heading = /^## (.+)$/.exec(line);
    if (heading) section = heading[1]?.trim() ?? "";
    const row = /^\|\s*`([A-Z_][A-Z0-9_]*)`\s*\|([^|]*)\|/.exec(line);
    if (row && section !== "") {
      rows.push({ name: row[1] ?? "", section, defaultCell: row[2]?.trim() ?? "" });
    }
  }
  return rows;
}

const configurationPage = read("docs/configuration.md");
const documented = documentedVariables(configurationPage);
const documentedNames = documented.map((row) => row.name);

/** Sections whose variables are given per run or by the system, not kept in a `.env`. */
const notInEnvExample = new Set(["Test hooks", "Benchmarks", "Set by the system"]);

/** `NAME=value` lines of an env file, commented (`# NAME=…`) or not. */
function envFileAssignments(text: string): { name: string; value: string; active: boolean }[] {
  const assignments: { name: string; value: string; active: boolean }[] = [];
  for (const line of text.split("\n")) {
    const match = /^(#\s*)?([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (match) {
      assignments.push({ name: match[2] ?? "", value: match[3] ?? "", active: !match[1] });
    }
  }
  return assignments;
}

/** The six settings a shop sets first, in the README's and docs/configuration.md's order. */
const FIRST_SETTINGS = [
  "PORT",
  "DATA_DIR",
  "DATABASE_URL",
  "PUBLIC_URL",
  "SMTP_URL",
  "SHOP_ALERT_EMAIL",
];

describe("docs/configuration.md", () => {
  it("documents every variable the shop reads", () => {
    const missing = [...readByTheShop].filter((name) => !documentedNames.includes(name));
    expect(missing, "read by the shop, missing from docs/configuration.md").toEqual([]);
  });

  it("documents no variable that nothing reads, and each once", () => {
    const unread = documentedNames.filter((name) => !readByAnything.has(name));
    expect(unread, "listed in docs/configuration.md, read by nothing").toEqual([]);
    const twice = documentedNames.filter((name, i) => documentedNames.indexOf(name) !== i);
    expect(twice).toEqual([]);
  });

  it("gives the schema's default for every setting", () => {
    const defaults = parseEnv({}) as unknown as Record<string, unknown>;
    for (const name of settingNames) {
      const row = documented.find((r) => r.name === name);
      const value = defaults[name];
      const hasDefault =
        typeof value === "string" || typeof value === "number" || typeof value === "boolean";
      if (hasDefault) {
        expect(row?.defaultCell, name).toContain(`\`${String(value)}\``);
      } else {
        expect(row?.defaultCell, name).toMatch(/^(unset|generated)/);
      }
    }
  });

  it("lists the six first settings, each documented below", () => {
    const intro = configurationPage.slice(0, configurationPage.indexOf("\n## "));
    const six = [...intro.matchAll(/^\|\s*`([A-Z_][A-Z0-9_]*)`/gm)].map((m) => m[1]);
    expect(six).toEqual(FIRST_SETTINGS);
    for (const name of six) expect(documentedNames).toContain(name);
  });
});

describe(".env.example", () => {
  const example = read(".env.example");
  const assignments = envFileAssignments(example);
  const listed = assignments.map((a) => a.name);

  it("lists every documented variable a shop may keep in a .env, and no other", () => {
    const expected = documented
      .filter((row) => !notInEnvExample.has(row.section))
      .map((r) => r.name);
    expect(
      expected.filter((name) => !listed.includes(name)),
      "missing",
    ).toEqual([]);
    expect(
      listed.filter((name) => !expected.includes(name)),
      "not documented",
    ).toEqual([]);
    expect(
      listed.filter((name, i) => listed.indexOf(name) !== i),
      "twice",
    ).toEqual([]);
  });

  it("sets only values the schema accepts, and holds no secret", () => {
    const active = Object.fromEntries(
      assignments.filter((a) => a.active).map((a) => [a.name, a.value.replace(/^"(.*)"$/, "$1")]),
    );
    expect(() => parseEnv(active)).not.toThrow();
    for (const name of [
      "SESSION_SECRET",
      "WHATSAPP_TOKEN",
      "RAZORPAY_KEY_SECRET",
      "RAZORPAY_WEBHOOK_SECRET",
      "METRICS_TOKEN",
    ]) {
      const assignment = assignments.find((a) => a.name === name);
      expect(assignment?.value, `${name} has no value in .env.example`).toBe("");
    }
  });

  it("is kept by git while .env is ignored", () => {
    const patterns = read(".gitignore")
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line !== "" && !line.startsWith("#"));
    expect(patterns).toContain(".env");
    expect(patterns.filter((p) => p !== ".env" && /env|\*\.example|^\.\*/.test(p))).toEqual([]);
  });
});

describe("README.md", () => {
  const readme = read("README.md");
  const commands = [...readme.matchAll(/^```sh\n([^\n]*)\n```$/gm)].map((m) => ({
    command: m[1],
    line: readme.slice(0, m.index).split("\n").length,
  }));

  it("opens with the two commands, within its first 40 lines", () => {
    expect(commands.slice(0, 2).map((c) => c.command)).toEqual([
      "npm ci && npm run build && npm start",
      "npm ci && npm test",
    ]);
    expect(commands[1]?.line).toBeLessThanOrEqual(40);
  });

  it("is the test command .ci/run runs", () => {
    const ciRun = read(".ci/run")
      .split("\n")
      .map((line) => line.replace(/ --no-audit| --no-fund/g, "").trim());
    expect(ciRun).toContain(commands[1]?.command);
  });

  it("lists the six first settings of docs/configuration.md", () => {
    const six = [...readme.matchAll(/^\|\s*`([A-Z_][A-Z0-9_]*)`/gm)].map((m) => m[1]);
    expect(six).toEqual(FIRST_SETTINGS);
  });

  it("links only to files that exist", () => {
    const links = [...readme.matchAll(/\]\(([^)#\s]+)(#[^)]*)?\)/g)]
      .map((m) => m[1] ?? "")
      .filter((link) => !/^[a-z]+:/.test(link));
    expect(links.length).toBeGreaterThan(5);
    expect(links.filter((link) => !fs.existsSync(path.join(root, link)))).toEqual([]);
  });
});
