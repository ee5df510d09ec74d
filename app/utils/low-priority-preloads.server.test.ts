import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lowPriorityModulePreloads } from "./low-priority-preloads.server";

async function run(chunks: Buffer[]): Promise<string> {
  return text(Readable.from(chunks).pipe(lowPriorityModulePreloads()));
}

const html =
  '<head><link rel="modulepreload" href="/assets/a.js"/><link rel="icon" href="/f.svg"/>' +
  '<link rel="modulepreload" href="/assets/b.js" nonce="n"/></head><body>₹50 plants</body>';
const expected = html.replaceAll('rel="modulepreload"', 'rel="modulepreload" fetchpriority="low"');

describe("lowPriorityModulePreloads", () => {
  it("marks every modulepreload link low priority and leaves the rest alone", async () => {
    expect(await run([Buffer.from(html)])).toBe(expected);
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
