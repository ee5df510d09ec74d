/**
 * Short secrets sealed for a while in a table that must not hold them in the clear: a one-time
 * code travelling in its outbox row (docs/accounts.md "Signing in"; ADR 0037). AES-256-GCM with
 * a key derived from the session secret (HKDF-SHA-256, label `sealed-values`), so a copy of the
 * database alone does not reveal the code; the message renderer unseals it when it sends.
 * Sealed text: `v1.<iv>.<ciphertext>.<tag>`, base64url parts.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { sessionSecret } from "./secrets.server";

function key(): Buffer {
  return Buffer.from(hkdfSync("sha256", sessionSecret(), "", "sealed-values", 32));
}

/** `text` sealed with the session secret's derived key (a new random IV each call). */
export function sealText(text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key(), iv);
  const body = Buffer.concat([cipher.update(text, "utf8"), cipher.final()]);
  const parts = [iv, body, cipher.getAuthTag()].map((part) => part.toString("base64url"));
  return `v1.${parts.join(".")}`;
}

/**
 * The text `sealText` sealed.
 * @throws Error when `sealed` is malformed, was altered or was sealed under another secret.
 */
export function unsealText(sealed: string): string {
  const [version, iv, body, tag] = sealed.split(".");
  if (version !== "v1" || !iv || body === undefined || !tag) {
    throw new Error("Not a sealed value");
  }
  const decipher = createDecipheriv("aes-256-gcm", key(), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  const plain = Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]);
  return plain.toString("utf8");
}
