/**
 * Function length in `app/`: every function declaration, function expression, arrow function,
 * method, constructor and accessor in `app/**\/*.ts(x)` (tests excluded) is measured from the
 * line it starts on (its `export`/`async` keyword, name or parameter list; a doc comment above
 * it does not count) to the line of its closing brace (or, for an arrow with an expression
 * body, the last line of that expression), both lines included. A function longer than
 * {@link maxFunctionLines} lines should be split into named steps or sub-components
 * (docs/architecture.md). Nested functions are measured on their own and also count towards
 * the function around them.
 *
 * Why both this check and Biome's `complexity/noExcessiveLinesPerFunction` (biome.json, same
 * limit): Biome reports in the editor while one types, but it counts fewer lines than a reader
 * sees. It counts the body only (not the signature), and it does not count the line breaks
 * between JSX children at all (to its parser they are JSX text, not line breaks), so a
 * component of 170 lines, mostly markup, passes it with room to spare. This script counts what
 * the limit means (first line to closing brace) with the TypeScript parser, and its unit test
 * (`scripts/function-length.test.ts`, run by `npx vitest`) is the precise check.
 *
 * Usage: `tsx scripts/function-length.ts [ROOT]` (default: the repository). Exit 0 with no
 * output when every function fits; exit 1 with one line per longer function otherwise,
 * `path:line: name is N lines (limit 100)`.
 */
import ts from "typescript";
import { readAppSources, runCheckWhenMain, type SourceFile } from "./lib/app-sources";

/** The limit, in lines from a function's first line to its closing brace, both included. */
export const maxFunctionLines = 100;

export interface FunctionLength {
  /** Path relative to the repository root, with forward slashes. */
  file: string;
  /** A readable name: the declared name, the variable or property it is assigned to, or
   * `<anonymous>` (with the enclosing function's name when there is one, e.g. `Cart › <anonymous>`). */
  name: string;
  /** 1-based line of the function's first token. */
  line: number;
  /** Lines from the first token to the last, both included. */
  lines: number;
}

function propertyNameText(name: ts.PropertyName): string {
  if (ts.isIdentifier(name) || ts.isPrivateIdentifier(name)) return name.text;
  if (ts.isStringLiteral(name) || ts.isNumericLiteral(name)) return name.text;
  return "<computed>";
}

/** The name a reader would use for a function node, or null when it has none of its own. */
function ownName(node: ts.FunctionLikeDeclaration): string | null {
  if (ts.isConstructorDeclaration(node)) return "constructor";
  if (node.name !== undefined) return propertyNameText(node.name);
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) {
    return propertyNameText(parent.name);
  }
  if (ts.isExportAssignment(parent)) return "default";
  return null;
}

function isMeasured(node: ts.Node): node is ts.FunctionLikeDeclaration {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isFunctionExpression(node) ||
    ts.isArrowFunction(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isConstructorDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node)
  );
}

/** The length of every function in one module, in source order. */
export function measureFunctions(file: string, source: string): FunctionLength[] {
  const kind = file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, kind);
  const found: FunctionLength[] = [];
  const lineOf = (position: number) => sourceFile.getLineAndCharacterOfPosition(position).line;
  const visit = (node: ts.Node, enclosing: string | null) => {
    let inner = enclosing;
    if (isMeasured(node) && node.body !== undefined) {
      const own = ownName(node);
      const name = own ?? (enclosing === null ? "<anonymous>" : `${enclosing} › <anonymous>`);
      const first = lineOf(node.getStart(sourceFile));
      const last = lineOf(node.getEnd());
      found.push({ file, name, line: first + 1, lines: last - first + 1 });
      inner = own ?? enclosing;
    }
    ts.forEachChild(node, (child) => visit(child, inner));
  };
  visit(sourceFile, null);
  return found;
}

/** The functions longer than `limit` lines, longest first. */
export function findLongFunctions(
  files: readonly SourceFile[],
  limit = maxFunctionLines,
): FunctionLength[] {
  return files
    .flatMap((file) => measureFunctions(file.path, file.source))
    .filter((fn) => fn.lines > limit)
    .sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file) || a.line - b.line);
}

/** One report line, e.g. `app/routes/cart.tsx:12: Cart is 120 lines (limit 100)`. */
export function formatLongFunction(fn: FunctionLength, limit = maxFunctionLines): string {
  return `${fn.file}:${fn.line}: ${fn.name} is ${fn.lines} lines (limit ${limit})`;
}

/** The non-test TypeScript sources under `root/app`, as repository-relative paths. */
export function readAppModules(root: string): SourceFile[] {
  return readAppSources(root, { tests: false });
}

runCheckWhenMain(import.meta.filename, (root) =>
  findLongFunctions(readAppModules(root)).map((fn) => formatLongFunction(fn)),
);
