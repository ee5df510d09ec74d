/**
 * Streams HTML with `fetchpriority="low"` added to every `<link rel="modulepreload">`.
 *
 * Why: React Router hoists modulepreload links for ~110 KB (gzip) of JavaScript into <head>.
 * At High priority they compete with the document and the first images on slow mobile
 * networks and push the first paint back (Lighthouse mobile LCP 2.2 s with them, 0.75 s
 * without). At low priority the page paints first and hydrates right after.
 * See docs/decisions/0005-low-priority-module-preloads.md.
 */
import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

const NEEDLE = '<link rel="modulepreload"';
const REPLACEMENT = '<link rel="modulepreload" fetchpriority="low"';

/** Length of the longest proper prefix of NEEDLE that `text` ends with. */
function partialNeedleAtEnd(text: string): number {
  for (let k = Math.min(NEEDLE.length - 1, text.length); k > 0; k--) {
    if (text.endsWith(NEEDLE.slice(0, k))) return k;
  }
  return 0;
}

/** Rewrites a byte stream given in pieces; see createPreloadRewriter. */
export interface PreloadRewriter {
  /** The rewritten text of `chunk`, less a trailing partial needle kept for the next call. */
  write(chunk: Buffer): string;
  /** The rest: the kept partial needle and any incomplete utf-8 sequence. */
  end(): string;
}

/**
 * Rewrites every needle in bytes given in pieces, also one split across pieces and multi-byte
 * characters split across pieces. The needle has a single '<', at its start, so occurrences
 * never overlap the carried partial prefix.
 */
export function createPreloadRewriter(): PreloadRewriter {
  const decoder = new StringDecoder("utf8");
  let carry = "";
  return {
    write(chunk) {
      const text = carry + decoder.write(chunk);
      const keep = partialNeedleAtEnd(text);
      carry = text.slice(text.length - keep);
      return text.slice(0, text.length - keep).replaceAll(NEEDLE, REPLACEMENT);
    },
    end() {
      const rest = carry + decoder.end();
      carry = "";
      return rest.replaceAll(NEEDLE, REPLACEMENT);
    },
  };
}

/** A Transform stream (bytes in, utf-8 out) applying createPreloadRewriter. */
export function lowPriorityModulePreloads(): Transform {
  const rewriter = createPreloadRewriter();
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      callback(null, rewriter.write(typeof chunk === "string" ? Buffer.from(chunk) : chunk));
    },
    flush(callback) {
      callback(null, rewriter.end());
    },
  });
}
