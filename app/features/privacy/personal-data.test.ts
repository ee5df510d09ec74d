/**
 * The map of personal data stays complete: every column of app/db/schema/*.ts whose name looks
 * personal is in it, every entry names a real column, and the table of docs/accounts.md
 * "Personal data and erasure" lists exactly the map's columns.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { is } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { PERSONAL_LOOKING_COLUMN, personalDataMap } from "./personal-data";

const root = path.resolve(import.meta.dirname, "../../..");
const schemaDir = path.join(root, "app/db/schema");

async function schemaColumns(): Promise<string[]> {
  const columns: string[] = [];
  for (const file of readdirSync(schemaDir).filter((name) => name.endsWith(".ts"))) {
    const module: Record<string, unknown> = await import(path.join(schemaDir, file));
    for (const value of Object.values(module)) {
      if (!is(value, PgTable)) continue;
      const config = getTableConfig(value);
      for (const column of config.columns) columns.push(`${config.name}.${column.name}`);
    }
  }
  return columns;
}

/** `table.column` of each row of the docs table (first two cells, in backticks). */
function documentedColumns(): string[] {
  const docs = readFileSync(path.join(root, "docs/accounts.md"), "utf8");
  const start = docs.indexOf("## Personal data and erasure");
  expect(start).toBeGreaterThanOrEqual(0);
  const section = docs.slice(start, docs.indexOf("\n## ", start + 3));
  return section
    .split("\n")
    .map((line) => /^\| `([a-z_]+)` \| `([a-z_0-9]+)` \|/.exec(line))
    .filter((match) => match !== null)
    .map((match) => `${match[1]}.${match[2]}`);
}

const mapped = personalDataMap.map((entry) => `${entry.table}.${entry.column}`);

describe("the map of personal data", () => {
  it("has every schema column whose name looks personal", async () => {
    const looksPersonal = (await schemaColumns()).filter((name) =>
      PERSONAL_LOOKING_COLUMN.test(name.split(".")[1] ?? ""),
    );
    expect(looksPersonal.filter((name) => !mapped.includes(name))).toEqual([]);
  });

  it("names only real columns, each once", async () => {
    const columns = await schemaColumns();
    expect(mapped.filter((name) => !columns.includes(name))).toEqual([]);
    expect(new Set(mapped).size).toBe(mapped.length);
  });

  it("is the table of docs/accounts.md", () => {
    expect([...documentedColumns()].sort()).toEqual([...mapped].sort());
  });
});
