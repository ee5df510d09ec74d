/**
 * Comments that cite an issue or a pull request, checked by `npm run lint` (docs/layout.md
 * "Comments"): a newcomer has only the repository, so a comment points to the page under
 * `docs/`, the ADR (`docs/decisions/`) or the test that explains a rule, never to an issue or a
 * pull request by its number. The forms caught are listed at {@link citationPattern}, and
 * `scripts/check-comments.test.ts` shows what is caught and what is not.
 *
 * Only comments are read: in .ts, .tsx, .mts, .cts, .js, .jsx, .mjs and .cjs files the
 * TypeScript parser finds them (so strings, template literals, regular expressions and JSX text
 * are never mistaken for comments); in .sh files and `.env.example` a comment is a `#` at the
 * start of a line or after a blank outside quotes (the `#!` line excepted); in .css files it is
 * a block comment. A Markdown page is documentation through and through: all of it is read.
 * Consecutive `//` comments count as one comment, so a citation wrapped onto the next line is
 * found too. Words that merely end in "issue" ("tissue 5") do not match.
 *
 * Usage: `tsx scripts/check-comments.ts [ROOT]` (default: the repository) reads `app/`,
 * `server/`, `scripts/`, `tests/`, `bench/` and `docs/` under ROOT, and the files at ROOT itself
 * (configuration modules, `server.js`, `README.md`, `.env.example`). Exit 0 with no output when
 * clean; exit 1 with one line per citation otherwise, `path:line: the comment line`.
 */
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { runCheckWhenMain } from "./lib/app-sources";

export interface CommentCitation {
  /** Path relative to the repository root, with forward slashes. */
  file: string;
  /** 1-based line on which the citation starts. */
  line: number;
  /** That line of the file, trimmed. */
  text: string;
}

/** The folders the check reads, relative to the repository root. */
export const checkedFolders = ["app", "server", "scripts", "tests", "bench", "docs"] as const;

const scriptExtensions = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
const checkedExtensions = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs|sh|css|md)$/;
/** A file read as a shell script whatever its name says. */
const envExample = ".env.example";

/**
 * A citation: the word issue, issues, PR, PRs or pull request(s), in any case, followed by a
 * number (which may have a `#`, "no." or "number" in front; the word and the number may be split
 * by blanks, a line break, a JSDoc `*` or `//`); "GH-" and a number; a `#` and digits (a colour
 * written as digits only matches too: name it, or write it with `rgb()`); or a GitHub issue or
 * pull-request URL. Examples are in `scripts/check-comments.test.ts`.
 */
const citationPattern =
  /\b(?:issues?|PRs?|pull\s+requests?)[\s*/]*(?:#|no\.?\s*|number\s+)?\d+\b|\bGH-\d+\b|(?<![\w&#])#\d+\b|github\.com\/[^\s)]+\/(?:issues|pull)\/\d+/gi;

/**
 * The same forms in a Markdown page, except a link to an issue of another project: an ADR may
 * name a public tracker page as the source of a fact about a library (ADR 0013 does), which a
 * reader can open; a bare number cannot be followed. So the "/issues/" and number at the end
 * of such a URL is not a citation, and the word and the number may be split by blanks only.
 */
const pageCitationPattern =
  /(?<!\/)\b(?:issues?|PRs?|pull\s+requests?)\s*(?:#|no\.?\s*|number\s+)?\d+\b|\bGH-\d+\b|(?<![\w&#/])#\d+\b/gi;

interface CommentSpan {
  /** Offset of the comment's first character in the file. */
  start: number;
  /** Offset just past its last character. */
  end: number;
}

/** The comments of a TypeScript or JavaScript module, in order, found by the TypeScript parser. */
function scriptComments(fileName: string, source: string): CommentSpan[] {
  const sourceFile = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found = new Map<number, CommentSpan>();
  // JSX text has no trivia: a "//" in it is text on the page, not a comment.
  const jsxTexts: CommentSpan[] = [];
  const add = (ranges: ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) found.set(range.pos, { start: range.pos, end: range.end });
  };
  const visit = (node: ts.Node) => {
    const children = node.getChildren(sourceFile);
    for (const child of children) visit(child);
    if (children.length > 0) return;
    if (node.kind === ts.SyntaxKind.JsxText) {
      jsxTexts.push({ start: node.getFullStart(), end: node.getEnd() });
      return;
    }
    // Leading ranges skip a comment on the line the previous token ends on; trailing ones
    // return exactly those.
    add(ts.getLeadingCommentRanges(source, node.getFullStart()));
    add(ts.getTrailingCommentRanges(source, node.getEnd()));
  };
  visit(sourceFile);
  return [...found.values()]
    .filter((c) => !jsxTexts.some((text) => c.start >= text.start && c.start < text.end))
    .sort((a, b) => a.start - b.start);
}

/** The comments of a shell script: from an unquoted `#` after a blank to the end of the line. */
function shellComments(source: string): CommentSpan[] {
  const comments: CommentSpan[] = [];
  let lineStart = 0;
  for (const line of source.split("\n")) {
    let quote: string | null = null;
    for (let i = 0; i < line.length; i++) {
      const char = line[i];
      if (quote !== null) {
        if (char === "\\" && quote === '"') i++;
        else if (char === quote) quote = null;
      } else if (char === "\\") {
        i++;
      } else if (char === "'" || char === '"') {
        quote = char;
      } else if (char === "#" && (i === 0 || /\s/.test(line[i - 1] ?? ""))) {
        if (!(lineStart === 0 && i === 0 && line.startsWith("#!"))) {
          comments.push({ start: lineStart + i, end: lineStart + line.length });
        }
        break;
      }
    }
    lineStart += line.length + 1;
  }
  return comments;
}

/** The block comments of a stylesheet, skipping quoted strings. */
function cssComments(source: string): CommentSpan[] {
  const comments: CommentSpan[] = [];
  const pattern = /"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|\/\*[\s\S]*?(?:\*\/|$)/g;
  for (const match of source.matchAll(pattern)) {
    if (match[0].startsWith("/*")) {
      comments.push({ start: match.index, end: match.index + match[0].length });
    }
  }
  return comments;
}

/** Joins comments separated only by blanks (a run of `//` lines reads as one comment). */
function joinAdjacent(source: string, comments: CommentSpan[]): CommentSpan[] {
  const joined: CommentSpan[] = [];
  for (const comment of comments) {
    const last = joined.at(-1);
    if (last && /^\s*$/.test(source.slice(last.end, comment.start))) last.end = comment.end;
    else joined.push({ ...comment });
  }
  return joined;
}

/** The comments of `source`, by its file name's extension; none for other files. */
function commentsOf(fileName: string, source: string): CommentSpan[] {
  if (scriptExtensions.test(fileName)) return scriptComments(fileName, source);
  if (fileName.endsWith(".sh") || path.basename(fileName) === envExample) {
    return shellComments(source);
  }
  if (fileName.endsWith(".css")) return cssComments(source);
  if (fileName.endsWith(".md")) return [{ start: 0, end: source.length }];
  return [];
}

/**
 * Every citation of an issue or pull request in the comments of one file (`file` is its path
 * relative to the repository, used for the extension and the report), in line order.
 */
export function findCommentCitations(file: string, source: string): CommentCitation[] {
  const lines = source.split("\n");
  const citations: CommentCitation[] = [];
  const pattern = file.endsWith(".md") ? pageCitationPattern : citationPattern;
  for (const comment of joinAdjacent(source, commentsOf(file, source))) {
    const text = source.slice(comment.start, comment.end);
    for (const match of text.matchAll(pattern)) {
      const offset = comment.start + match.index;
      const line = source.slice(0, offset).split("\n").length;
      if (citations.at(-1)?.line === line) continue;
      citations.push({ file, line, text: (lines[line - 1] ?? "").trim() });
    }
  }
  return citations;
}

/**
 * The checked files under `root` (see {@link checkedFolders}) and at `root` itself, relative
 * paths, sorted.
 */
export function checkedFiles(root: string): string[] {
  const files: string[] = [];
  for (const entry of fs.readdirSync(root, { withFileTypes: true })) {
    if (!entry.isFile()) continue;
    if (
      entry.name === envExample ||
      (!entry.name.startsWith(".") && checkedExtensions.test(entry.name))
    ) {
      files.push(entry.name);
    }
  }
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith(".") || entry.name === "node_modules") continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (checkedExtensions.test(entry.name)) {
        files.push(path.relative(root, full).split(path.sep).join("/"));
      }
    }
  };
  for (const folder of checkedFolders) walk(path.join(root, folder));
  return files.sort();
}

/** The report for the repository at `root`: one line per citation, as `path:line: …`. */
export function checkComments(root: string): string[] {
  const report: string[] = [];
  for (const file of checkedFiles(root)) {
    const citations = findCommentCitations(file, fs.readFileSync(path.join(root, file), "utf8"));
    for (const c of citations)
      report.push(`${c.file}:${c.line}: comment cites an issue: ${c.text}`);
  }
  return report;
}

runCheckWhenMain(import.meta.filename, checkComments);
