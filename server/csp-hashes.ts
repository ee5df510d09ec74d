/**
 * CSP hashes for stored pages (docs/operations.md "Page store"; ADR 0018). A stored page is
 * rendered once without a nonce, so its inline `<script>` and `<style>` elements are allowed by
 * their SHA-256 hashes instead: each response still gets the fresh per-request nonce of
 * server/security.ts in its header, and the policy allows exactly the inline code the stored body
 * holds — nothing an attacker could add.
 */
import crypto from "node:crypto";

/** The `'sha256-…'` sources of a document's inline scripts and styles, without duplicates. */
export interface InlineHashes {
  script: string[];
  style: string[];
}

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const STYLE = /<style\b[^>]*>([\s\S]*?)<\/style\s*>/gi;
const SRC_ATTRIBUTE = /(?:^|\s)src\s*=/i;

function sha256Source(text: string): string {
  return `'sha256-${crypto.createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

/**
 * Hashes every inline script (a `<script>` without `src`) and every `<style>` element of
 * `html`, our own server-rendered output. The hash covers the element's text exactly as
 * sent, which is what browsers hash (CSP Level 3 "Does element match source list").
 */
export function inlineHashes(html: string): InlineHashes {
  const script = new Set<string>();
  const style = new Set<string>();
  for (const match of html.matchAll(SCRIPT)) {
    const [, attributes = "", text = ""] = match;
    if (SRC_ATTRIBUTE.test(attributes) || text.length === 0) continue;
    script.add(sha256Source(text));
  }
  for (const match of html.matchAll(STYLE)) {
    const [, text = ""] = match;
    if (text.length > 0) style.add(sha256Source(text));
  }
  return { script: [...script], style: [...style] };
}

/**
 * `policy` (a Content-Security-Policy header value, directives separated by `;`) with the
 * hashes appended to its `script-src` and `style-src` directives. Other directives, and a
 * policy without those directives, are returned unchanged (hashes never widen default-src).
 */
export function withInlineHashes(policy: string, hashes: InlineHashes): string {
  if (hashes.script.length === 0 && hashes.style.length === 0) return policy;
  return policy
    .split(";")
    .map((directive) => {
      const name = directive.trim().split(/\s+/, 1)[0]?.toLowerCase();
      if (name === "script-src" && hashes.script.length > 0) {
        return `${directive} ${hashes.script.join(" ")}`;
      }
      if (name === "style-src" && hashes.style.length > 0) {
        return `${directive} ${hashes.style.join(" ")}`;
      }
      return directive;
    })
    .join(";");
}
