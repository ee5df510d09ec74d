/**
 * Inline scripts are written readable, with comments, in the source, and go out in every page
 * without them: `compactInlineScript` drops comment lines (a line whose first non-blank
 * characters are `//`) and each line's indentation. Nothing else changes, so a script must
 * not hold a multi-line string or template literal, and must not put code after `//` on a
 * line of its own. Browser-safe.
 */
export function compactInlineScript(source: string): string {
  return source
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("//"))
    .join("\n");
}
