import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { findCommentCitations } from "./check-comments";

const repoRoot = path.resolve(import.meta.dirname, "..");
const script = path.join(repoRoot, "scripts/check-comments.ts");
const tsx = path.join(repoRoot, "node_modules/.bin/tsx");

const linesOf = (file: string, source: string) =>
  findCommentCitations(file, source).map((c) => c.line);

describe("comments that cite issues", () => {
  it("finds a citation in a line comment and in a block comment, with its line", () => {
    const source = ["const a = 1; // see issue 12", "/* (issue 16) */", "export const b = a;"].join(
      "\n",
    );
    expect(findCommentCitations("app/x.ts", source)).toEqual([
      { file: "app/x.ts", line: 1, text: "const a = 1; // see issue 12" },
      { file: "app/x.ts", line: 2, text: "/* (issue 16) */" },
    ]);
  });

  it("finds every form: plural, item numbers, #, PR, pull request, GH-, URLs", () => {
    const source = [
      "/**",
      " * Issue 14 part 4 says so.",
      " * As issues 15 and 16 did.",
      " * Fixed in #123.",
      " * See issue #7, PR 8, pull request 9 and GH-10.",
      " * https://github.com/shop/repo/issues/11 and https://github.com/shop/repo/pull/12",
      " */",
      "export const c = 1;",
    ].join("\n");
    expect(linesOf("server/x.ts", source)).toEqual([2, 3, 4, 5, 6]);
  });

  it("finds a citation whose number wrapped onto the next line of a doc or line comment", () => {
    const doc = ["/**", " * The page store (issue", " * 15 item 2).", " */", "export {};"];
    expect(linesOf("app/x.ts", doc.join("\n"))).toEqual([2]);
    const lines = ["// The cap (issue", "// 14) holds.", "export {};"];
    expect(linesOf("app/x.ts", lines.join("\n"))).toEqual([1]);
  });

  it("ignores words ending in 'issue', issues without a number and text outside comments", () => {
    const source = [
      "// A tissue 5 cm wide; an issue with no number; HTML &#39; entity.",
      'const s = "issue 3";',
      "const t = `see issue 4 // not a comment`;",
      "const r = /issue 5/;",
      "const u = 'PR 6'; const n = 10 / 2; // plain",
      "export const v = [s, t, r, u, n];",
    ].join("\n");
    expect(linesOf("app/x.ts", source)).toEqual([]);
  });

  it("ignores JSX text and finds JSX comments", () => {
    const source = [
      "export const A = () => (",
      "  <p>",
      "    Read // issue 3 on the page",
      "    {/* issue 4 */}",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: JSX source as text
      "    <b>// issue 5</b> {`${/* issue 6 */ 1}`}",
      "  </p>",
      "); // issue 7",
    ].join("\n");
    expect(linesOf("app/a.tsx", source)).toEqual([4, 5, 7]);
  });

  it("reads shell comments but not the #! line, a quoted #, $# or a length", () => {
    const source = [
      "#!/bin/sh",
      "# Installs Chromium (issue 12).",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: shell source as text
      "echo \"# issue 13\" '# issue 14' $# ${#x} # see PR 15",
      "exit 0",
    ].join("\n");
    expect(linesOf("scripts/x.sh", source)).toEqual([2, 3]);
    expect(findCommentCitations("scripts/x.sh", source)[1]?.text).toContain("# see PR 15");
  });

  it("reads stylesheet comments, not strings", () => {
    const source = ['a::after { content: "issue 3"; }', "/* The switch (issue", "   16). */"];
    expect(linesOf("app/x.css", source.join("\n"))).toEqual([2]);
  });

  it("exits 1 printing path:line and the comment for a planted citation, 0 when clean", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "check-comments-"));
    try {
      fs.mkdirSync(path.join(root, "server"), { recursive: true });
      const file = path.join(root, "server/x.ts");
      fs.writeFileSync(file, "export const a = 1;\n/* (issue 16) */\n");
      const failing = spawnSync(tsx, [script, root], { encoding: "utf8" });
      expect(failing.status).toBe(1);
      expect(failing.stdout).toBe("server/x.ts:2: comment cites an issue: /* (issue 16) */\n");
      fs.writeFileSync(file, "export const a = 1;\n/* docs/languages.md */\n");
      const passing = spawnSync(tsx, [script, root], { encoding: "utf8" });
      expect(passing.status).toBe(0);
      expect(passing.stdout).toBe("");
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
