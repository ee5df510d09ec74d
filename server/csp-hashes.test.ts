import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { inlineHashes, withInlineHashes } from "./csp-hashes";

const sha = (text: string) =>
  `'sha256-${crypto.createHash("sha256").update(text, "utf8").digest("base64")}'`;

describe("CSP hashes of stored pages", () => {
  const html = `<html><head><style>body{color:red}</style><script>a("ü")</script>
    <script type="module" src="/assets/x.js"></script><script async="" src="/y.js"></script>
    <script type="module">import "/assets/entry.js";</script><script>a("ü")</script></head></html>`;

  it("hashes each distinct inline script and style, never external scripts", () => {
    const hashes = inlineHashes(html);
    expect(hashes.script).toEqual([sha('a("ü")'), sha('import "/assets/entry.js";')]);
    expect(hashes.style).toEqual([sha("body{color:red}")]);
  });

  it("adds them to script-src and style-src only", () => {
    const policy =
      "default-src 'self';script-src 'self' 'nonce-abc';style-src 'self' 'nonce-abc';img-src 'self' data:";
    const hashes = inlineHashes(html);
    const out = withInlineHashes(policy, hashes);
    expect(out).toBe(
      `default-src 'self';script-src 'self' 'nonce-abc' ${hashes.script.join(" ")};style-src 'self' 'nonce-abc' ${hashes.style[0]};img-src 'self' data:`,
    );
    expect(withInlineHashes(policy, { script: [], style: [] })).toBe(policy);
  });
});
