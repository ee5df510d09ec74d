import crypto from "node:crypto";
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { gzipWithNonce, nonceTemplate, plainWithNonce } from "./nonce-template";

const PLACEHOLDER = crypto.randomBytes(16).toString("base64");
const nonce = () => crypto.randomBytes(16).toString("base64");

/** An HTML-like body with `count` placeholders, about `size` bytes, repetitive like a page. */
function page(count: number, size: number): string {
  const card = (i: number) =>
    `<li class="product-card"><h2>Money plant ${i % 7}</h2><p>₹${(i % 9) * 50} · पौधा</p></li>`;
  const cards: string[] = [];
  for (let i = 0; cards.join("").length < size; i++) cards.push(card(i));
  const parts = [`<html><head><script nonce="${PLACEHOLDER}">a()</script></head><body>`];
  const per = Math.max(1, Math.floor(cards.length / Math.max(count, 1)));
  for (let i = 0; i < cards.length; i++) {
    parts.push(cards[i] as string);
    if (i % per === 0 && parts.join("").split(PLACEHOLDER).length - 1 < count) {
      parts.push(`<script nonce="${PLACEHOLDER}">window.x=${i}</script>`);
    }
  }
  return `${parts.join("")}</body></html>`;
}

describe("nonce template", () => {
  it("gives a gzip body that decompresses to the page with the nonce put in, for many shapes", () => {
    const bodies = [
      page(1, 2_000),
      page(12, 90_000), // the size of /plant, longer than the 32 KB window
      page(40, 300_000),
      `${PLACEHOLDER}${PLACEHOLDER}start and end${PLACEHOLDER}`,
      "no placeholder at all",
      "",
    ];
    for (const body of bodies) {
      const template = nonceTemplate(Buffer.from(body), PLACEHOLDER);
      for (let round = 0; round < 3; round++) {
        const value = nonce();
        const expected = body.split(PLACEHOLDER).join(value);
        expect(plainWithNonce(template, value).toString()).toBe(expected);
        expect(zlib.gunzipSync(gzipWithNonce(template, value)).toString()).toBe(expected);
      }
    }
  });

  it("each response carries its own nonce and no trace of the placeholder", () => {
    const template = nonceTemplate(Buffer.from(page(10, 50_000)), PLACEHOLDER);
    const first = nonce();
    const second = nonce();
    const a = zlib.gunzipSync(gzipWithNonce(template, first)).toString();
    const b = zlib.gunzipSync(gzipWithNonce(template, second)).toString();
    expect(a).toContain(`nonce="${first}"`);
    expect(b).toContain(`nonce="${second}"`);
    expect(a).not.toContain(second);
    expect(a + b).not.toContain(PLACEHOLDER);
  });

  it("compresses nearly as well as one gzip stream of the whole page (≤ 64 bytes a nonce)", () => {
    const body = Buffer.from(page(12, 90_000));
    const whole = zlib.gzipSync(body, { level: 9 }).length;
    const template = nonceTemplate(body, PLACEHOLDER);
    const ours = gzipWithNonce(template, nonce()).length;
    expect(ours).toBeLessThan(whole + 64 * template.segments.length);
  });

  it("refuses a nonce of another length", () => {
    const template = nonceTemplate(Buffer.from(page(2, 1_000)), PLACEHOLDER);
    expect(() => gzipWithNonce(template, "short")).toThrow(RangeError);
    expect(() => plainWithNonce(template, `${nonce()}x`)).toThrow(RangeError);
  });
});
