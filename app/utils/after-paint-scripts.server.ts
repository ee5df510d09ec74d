/**
 * Streams HTML with React Router's module preloads and inline module script made inert, so
 * that the browser fetches no JavaScript until `AFTER_PAINT_LOADER` (after-paint-scripts.ts)
 * turns them back on one frame after the page's `load` event.
 *
 * Why: issue 15 item 4 (a steady Lighthouse LCP) and ADR 0017, which supersedes the
 * low-priority preloads of ADR 0005: at low priority the scripts still finished before the
 * first paint in some runs, and Lighthouse then counted them on the LCP's path (≈ 2.1 s
 * instead of ≈ 0.8 s for the same page).
 */
import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { INERT_MODULE_TYPE, INERT_PRELOAD_REL } from "./after-paint-scripts";

/**
 * The rewrites for a page whose inline scripts carry `nonce` ("" when there is none): React
 * Router writes `<link rel="modulepreload" …>` and `<script nonce="…" type="module" async="">`.
 * Each needle starts with its only '<', which is what lets the stream carry a partial one.
 */
export function afterPaintRewrites(nonce: string): Array<[needle: string, replacement: string]> {
  const nonceAttr = nonce ? ` nonce="${nonce}"` : "";
  return [
    ['<link rel="modulepreload"', `<link rel="${INERT_PRELOAD_REL}"`],
    [
      `<script${nonceAttr} type="module" async="">`,
      `<script${nonceAttr} type="${INERT_MODULE_TYPE}">`,
    ],
  ];
}

/** Length of the longest proper prefix of any needle that `text` ends with. */
function partialNeedleAtEnd(text: string, needles: string[]): number {
  let longest = 0;
  for (const needle of needles) {
    for (let k = Math.min(needle.length - 1, text.length); k > longest; k--) {
      if (text.endsWith(needle.slice(0, k))) {
        longest = k;
        break;
      }
    }
  }
  return longest;
}

/**
 * A Transform stream (bytes in, utf-8 out) that applies `afterPaintRewrites(nonce)` to the
 * whole document, also to a needle split across chunks. Since every needle has a single '<',
 * at its start, a completed needle never overlaps the carried partial prefix.
 */
export function afterPaintModuleScripts(nonce: string): Transform {
  const rewrites = afterPaintRewrites(nonce);
  const needles = rewrites.map(([needle]) => needle);
  const rewrite = (text: string) =>
    rewrites.reduce((out, [needle, replacement]) => out.replaceAll(needle, replacement), text);
  const decoder = new StringDecoder("utf8");
  let carry = "";
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      const text = carry + (typeof chunk === "string" ? chunk : decoder.write(chunk));
      const keep = partialNeedleAtEnd(text, needles);
      carry = text.slice(text.length - keep);
      callback(null, rewrite(text.slice(0, text.length - keep)));
    },
    flush(callback) {
      const rest = carry + decoder.end();
      carry = "";
      callback(null, rewrite(rest));
    },
  });
}
