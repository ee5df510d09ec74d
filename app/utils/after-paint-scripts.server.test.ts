import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { INERT_MODULE_TYPE, INERT_PRELOAD_REL } from "./after-paint-scripts";
import { afterPaintModuleScripts } from "./after-paint-scripts.server";

async function run(chunks: Buffer[], nonce = "n0+/="): Promise<string> {
  return text(Readable.from(chunks).pipe(afterPaintModuleScripts(nonce)));
}

// The shape React Router 8 writes (hoisted preloads in <head>, the inline module script and
// the data scripts at the end of <body>), with a multi-byte character to split.
const html =
  '<head><link rel="modulepreload" href="/assets/a.js" nonce="n0+/="/><link rel="icon" href="/f.svg"/>' +
  '<link rel="modulepreload" href="/assets/b.js" nonce="n0+/="/></head><body>₹50 plants' +
  '<script nonce="n0+/=">window.x = 1</script>' +
  '<script nonce="n0+/=" type="module" async="">import * as route0 from "/assets/a.js";</script>' +
  '<script nonce="other" type="module" async="">import "/x.js";</script></body>';
const expected = html
  .replaceAll('rel="modulepreload"', `rel="${INERT_PRELOAD_REL}"`)
  .replace(
    '<script nonce="n0+/=" type="module" async="">',
    `<script nonce="n0+/=" type="${INERT_MODULE_TYPE}">`,
  );

describe("afterPaintModuleScripts", () => {
  it("makes the module preloads and the page's own module script inert, nothing else", async () => {
    const out = await run([Buffer.from(html)]);
    expect(out).toBe(expected);
    expect(out).not.toContain('rel="modulepreload"');
    // A module script without this response's nonce (not React Router's) is left alone.
    expect(out).toContain('<script nonce="other" type="module" async="">');
    expect(out).toContain('<script nonce="n0+/=">window.x = 1</script>');
  });

  it("rewrites a page without a nonce", async () => {
    const plain = '<script type="module" async="">import "/a.js";</script>';
    expect(await run([Buffer.from(plain)], "")).toBe(
      `<script type="${INERT_MODULE_TYPE}">import "/a.js";</script>`,
    );
  });

  it("gives the same result however the bytes are split, multi-byte characters included", async () => {
    const bytes = Buffer.from(html);
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(fc.integer({ min: 1, max: bytes.length - 1 }), { maxLength: 12 }),
        async (cuts) => {
          const points = [0, ...cuts.sort((a, b) => a - b), bytes.length];
          const chunks = points.slice(1).map((end, i) => bytes.subarray(points[i], end));
          expect(await run(chunks)).toBe(expected);
        },
      ),
    );
  });
});
