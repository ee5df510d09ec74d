/**
 * The text of a PDF as a reader would copy it, for tests that check what a bill says: pdf.js
 * (pdfjs-dist) extracts each page's text items; items on one line (same baseline, within 2 pt)
 * are joined with spaces, lines with newlines, top to bottom. Pure JavaScript, so it runs
 * wherever the tests do. pdf.js does not read ActualText, so Hindi and Kannada runs come out in
 * display order: tests look for Latin fields (numbers, HSN codes, amounts) only (ADR 0043).
 */
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

/** Every page's lines of text, pages separated by a form feed. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const task = getDocument({ data: new Uint8Array(bytes), useSystemFonts: false });
  const pdf = await task.promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    const content = await page.getTextContent();
    const lines: { y: number; items: { x: number; text: string }[] }[] = [];
    for (const item of content.items) {
      if (!("str" in item) || item.str === "") continue;
      const [, , , , x, y] = item.transform as number[];
      const line = lines.find((candidate) => Math.abs(candidate.y - (y ?? 0)) <= 2);
      if (line) line.items.push({ x: x ?? 0, text: item.str });
      else lines.push({ y: y ?? 0, items: [{ x: x ?? 0, text: item.str }] });
    }
    lines.sort((a, b) => b.y - a.y);
    pages.push(
      lines
        .map((line) =>
          line.items
            .sort((a, b) => a.x - b.x)
            .map((item) => item.text)
            .join(" ")
            .replace(/\s+/g, " ")
            .trim(),
        )
        .join("\n"),
    );
  }
  await task.destroy();
  return pages.join("\f");
}
