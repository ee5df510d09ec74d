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

/**
 * A Transform stream (bytes in, utf-8 out) that rewrites every needle, also one split across
 * chunks. The needle has a single '<', at its start, so occurrences never overlap the carried
 * partial prefix.
 */
export function lowPriorityModulePreloads(): Transform {
  const decoder = new StringDecoder("utf8");
  let carry = "";
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      const text = carry + (typeof chunk === "string" ? chunk : decoder.write(chunk));
      const keep = partialNeedleAtEnd(text);
      carry = text.slice(text.length - keep);
      callback(null, text.slice(0, text.length - keep).replaceAll(NEEDLE, REPLACEMENT));
    },
    flush(callback) {
      const rest = carry + decoder.end();
      carry = "";
      callback(null, rest.replaceAll(NEEDLE, REPLACEMENT));
    },
  });
}
