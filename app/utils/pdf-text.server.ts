/**
 * Writing text into pdfkit documents in the shop's three scripts (ADR 0043): the shipped Noto
 * fonts (app/assets/fonts) registered as "latin", "latinBold", "devanagari" and "kannada";
 * `write` draws a text with each script run in its font, Indic runs marked with their text
 * (ActualText) so that copying and extraction read them. Used by the bills and by an
 * organisation's monthly documents. A4 geometry in points.
 */
import path from "node:path";
import { projectRoot } from "./project-root.server";

type FontName = "latin" | "latinBold" | "devanagari" | "kannada";

const fontFiles: Record<FontName, string> = {
  latin: "NotoSans-Regular.ttf",
  latinBold: "NotoSans-Bold.ttf",
  devanagari: "NotoSansDevanagari-Regular.ttf",
  kannada: "NotoSansKannada-Regular.ttf",
};

/** Runs of one script: Devanagari (U+0900–U+097F), Kannada (U+0C80–U+0CFF), else Latin. */
export function scriptRuns(text: string): { font: FontName; text: string }[] {
  const runs: { font: FontName; text: string }[] = [];
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    let font: FontName = "latin";
    if (code >= 0x900 && code <= 0x97f) font = "devanagari";
    else if (code >= 0xc80 && code <= 0xcff) font = "kannada";
    const last = runs.at(-1);
    // Spaces and punctuation stay in the run they are in (they are in every font).
    if (last && (last.font === font || (font === "latin" && /[\s,.\-()/]/.test(char)))) {
      last.text += char;
    } else {
      runs.push({ font, text: char });
    }
  }
  return runs;
}

export const MARGIN = 40;
export const PAGE_WIDTH = 595.28; // A4 in points
export const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;

export type Doc = PDFKit.PDFDocument;

/**
 * Writes `text` at (x, y) within `width`, each script in its font, Indic runs marked with their
 * text (ActualText); `bold` for Latin headings. One script: wrapped within `width`. Mixed
 * scripts (a Hindi name with a Latin PIN code): the runs side by side on one line, each drawn on
 * its own so that its marked span holds its glyphs (pdfkit's `continued` text is drawn later,
 * outside the span).
 */
export function write(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  width: number,
  size = 9,
  bold = false,
) {
  const runs = scriptRuns(text);
  doc.fontSize(size);
  const draw = (
    run: { font: FontName; text: string },
    at: number,
    options: PDFKit.Mixins.TextOptions,
  ) => {
    const font = run.font === "latin" && bold ? "latinBold" : run.font;
    doc.font(font);
    const indic = run.font === "devanagari" || run.font === "kannada";
    if (indic) doc.markContent("Span", { actual: run.text });
    doc.text(run.text, at, y + size, { baseline: "alphabetic", lineGap: 1, ...options });
    if (indic) doc.endMarkedContent();
    return doc.widthOfString(run.text);
  };
  const [only] = runs;
  if (runs.length === 1 && only) {
    draw(only, x, { width });
    return;
  }
  let at = x;
  for (const run of runs) {
    at += draw(run, at, { lineBreak: false });
  }
}

/** The height `text` takes in `width` at `size` (Latin metrics; Indic lines are as tall). */
export function heightOf(doc: Doc, text: string, width: number, size = 9): number {
  doc.font("latin").fontSize(size);
  return doc.heightOfString(text, { width, lineGap: 1 }) + 2;
}

/**
 * Registers the fonts on `doc` and collects its bytes.
 * @returns the whole PDF once `doc.end()` was called.
 * @throws Error when a font file is missing (app/assets/fonts).
 */
export function withFonts(doc: Doc): Promise<Buffer> {
  const fonts = path.join(projectRoot(), "app", "assets", "fonts");
  for (const [name, file] of Object.entries(fontFiles)) {
    doc.registerFont(name, path.join(fonts, file));
  }
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  return new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
}
