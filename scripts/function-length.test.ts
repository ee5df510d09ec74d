import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  findLongFunctions,
  formatLongFunction,
  maxFunctionLines,
  measureFunctions,
  readAppModules,
} from "./function-length";

const repoRoot = path.resolve(import.meta.dirname, "..");

describe("function length", () => {
  it("measures every kind of function from its first line to its closing brace", () => {
    const source = [
      "/** A doc comment is not counted. */", // 1
      "export async function load(", // 2
      "  a: number,", // 3
      ") {", // 4
      "  const inner = () => {", // 5
      "    return a;", // 6
      "  };", // 7
      "  return inner();", // 8
      "}", // 9
      "export const Page = () => (", // 10
      "  <main>", // 11
      "    <p>hi</p>", // 12
      "  </main>", // 13
      ");", // 14
      "class Store {", // 15
      "  constructor() {}", // 16
      "  get size() {", // 17
      "    return 1;", // 18
      "  }", // 19
      "  save() {", // 20
      "    [1].map(function (n) {", // 21
      "      return n;", // 22
      "    });", // 23
      "  }", // 24
      "}", // 25
      "const handlers = { submit: (x: number) => x };", // 26
      "export default function () {}", // 27
    ].join("\n");
    expect(measureFunctions("app/x.tsx", source)).toEqual([
      { file: "app/x.tsx", name: "load", line: 2, lines: 8 },
      { file: "app/x.tsx", name: "inner", line: 5, lines: 3 },
      { file: "app/x.tsx", name: "Page", line: 10, lines: 5 },
      { file: "app/x.tsx", name: "constructor", line: 16, lines: 1 },
      { file: "app/x.tsx", name: "size", line: 17, lines: 3 },
      { file: "app/x.tsx", name: "save", line: 20, lines: 5 },
      { file: "app/x.tsx", name: "save › <anonymous>", line: 21, lines: 3 },
      { file: "app/x.tsx", name: "submit", line: 26, lines: 1 },
      { file: "app/x.tsx", name: "<anonymous>", line: 27, lines: 1 },
    ]);
  });

  it("reports the functions over the limit, longest first, and skips type-only signatures", () => {
    const body = (n: number) => Array.from({ length: n - 2 }, () => "  work();").join("\n");
    const files = [
      { path: "app/a.ts", source: `function fits() {\n${body(100)}\n}` },
      { path: "app/b.ts", source: `function over() {\n${body(101)}\n}` },
      {
        path: "app/c.ts",
        source: `declare function f(): void;\nconst far = () => {\n${body(150)}\n};`,
      },
    ];
    expect(findLongFunctions(files).map((fn) => formatLongFunction(fn))).toEqual([
      "app/c.ts:2: far is 150 lines (limit 100)",
      "app/b.ts:1: over is 101 lines (limit 100)",
    ]);
  });

  it("reads app/ without its tests", () => {
    const paths = readAppModules(repoRoot).map((file) => file.path);
    expect(paths).toContain("app/root.tsx");
    expect(paths.filter((p) => /\.test\.tsx?$/.test(p))).toEqual([]);
  });

  it(`keeps every function in app/ at ${maxFunctionLines} lines or fewer`, () => {
    const long = findLongFunctions(readAppModules(repoRoot)).map((fn) => formatLongFunction(fn));
    expect(long, "split these into named steps or sub-components").toEqual([]);
  });
});
