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

  it("reads a Markdown page whole, but not a link to another project's issue", () => {
    const source = [
      "# Languages",
      "",
      "Issue 16 asked for it; the `#` heading above is no citation.",
      "Upstream: (https://github.com/timgit/pg-boss/issues/563).",
      "As PR 8 and #123 did.",
    ];
    expect(linesOf("docs/x.md", source.join("\n"))).toEqual([3, 5]);
  });

  it("reads .env.example as a shell file: comments only", () => {
    const source = ["# Messages (issue 13)", 'MAIL_FROM="Shop #1 <a@b.example>"'];
    expect(linesOf(".env.example", source.join("\n"))).toEqual([1]);
  });

  it("reads tests, benchmarks, docs and the files at the root, not node_modules", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), "check-comments-"));
    try {
      const plant = (file: string, text: string) => {
        fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
        fs.writeFileSync(path.join(root, file), text);
      };
      plant("tests/e2e/a.spec.ts", "// issue 1\n");
      plant("bench/b.mjs", "// issue 2\n");
      plant("docs/c.md", "Issue 3.\n");
      plant("README.md", "Issue 4.\n");
      plant(".env.example", "# issue 5\n");
      plant("vite.config.ts", "// issue 6\n");
      plant("node_modules/x/index.js", "// issue 7\n");
      plant("notes.txt", "issue 8\n");
      const failing = spawnSync(tsx, [script, root], { encoding: "utf8" });
      expect(failing.status).toBe(1);
      expect(
        failing.stdout
          .split("\n")
          .filter(Boolean)
          .map((line) => line.split(":")[0]),
      ).toEqual([
        ".env.example",
        "README.md",
        "bench/b.mjs",
        "docs/c.md",
        "tests/e2e/a.spec.ts",
        "vite.config.ts",
      ]);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
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
