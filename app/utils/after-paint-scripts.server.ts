/**
 * Streams HTML with React Router's module preloads and inline module script made inert, so
 * that the browser fetches no JavaScript until `AFTER_PAINT_LOADER` (after-paint-scripts.ts)
 * turns them back on one frame after the page's `load` event.
 *
 * Why: a steady Lighthouse LCP (docs/budgets.md) and ADR 0017, which supersedes the
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

/** Rewrites a byte stream given in pieces; see createAfterPaintRewriter. */
export interface AfterPaintRewriter {
  /** The rewritten text of `chunk`, less a trailing partial needle kept for the next call. */
  write(chunk: Buffer): string;
  /** The rest: the kept partial needle and any incomplete utf-8 sequence. */
  end(): string;
}

/**
 * Applies `afterPaintRewrites(nonce)` to bytes given in pieces, also to a needle split across
 * pieces and to multi-byte characters split across pieces. Since every needle has a single
 * '<', at its start, a completed needle never overlaps the carried partial prefix.
 */
export function createAfterPaintRewriter(nonce: string): AfterPaintRewriter {
  const rewrites = afterPaintRewrites(nonce);
  const needles = rewrites.map(([needle]) => needle);
  const rewrite = (text: string) =>
    rewrites.reduce((out, [needle, replacement]) => out.replaceAll(needle, replacement), text);
  const decoder = new StringDecoder("utf8");
  let carry = "";
  return {
    write(chunk) {
      const text = carry + decoder.write(chunk);
      const keep = partialNeedleAtEnd(text, needles);
      carry = text.slice(text.length - keep);
      return rewrite(text.slice(0, text.length - keep));
    },
    end() {
      const rest = carry + decoder.end();
      carry = "";
      return rewrite(rest);
    },
  };
}

/** A Transform stream (bytes in, utf-8 out) applying `createAfterPaintRewriter(nonce)`. */
export function afterPaintModuleScripts(nonce: string): Transform {
  const rewriter = createAfterPaintRewriter(nonce);
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      callback(null, rewriter.write(typeof chunk === "string" ? Buffer.from(chunk) : chunk));
    },
    flush(callback) {
      callback(null, rewriter.end());
    },
  });
}
