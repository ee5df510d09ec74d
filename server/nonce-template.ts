/**
 * A stored page body with its CSP nonce put in per response, in plain and gzip form, without
 * compressing anything per response, so that the nonce stays unique per response while the
 * page is rendered once (docs/operations.md "Page store"; ADR 0018).
 *
 * The page is rendered once with a placeholder nonce (the same length as a real one: 16 random
 * bytes in base64, 24 characters). The body is split at every placeholder into segments, and
 * each segment is compressed once as raw DEFLATE (RFC 1951):
 * - with everything before it as the preset dictionary, so it may refer back to earlier text
 *   like one continuous stream would — but with each nonce's bytes replaced by zero bytes, which
 *   never occur in our HTML, so no back-reference can ever point into a nonce;
 * - ending with a sync flush (byte-aligned, not final), the last one finished.
 * Per response, the gzip body (RFC 1952) is the concatenation: header, segment 0, the nonce as a
 * stored (uncompressed) block, segment 1, …, and the CRC-32 and length of the plain text. A
 * decoder's window then holds the real nonce where the compressor saw zeros, which is harmless
 * because nothing refers to those bytes. Cost per response: one CRC-32 pass and a copy.
 */
import zlib from "node:zlib";

/** A body split at its nonce placeholders, each segment also compressed (see module doc). */
export interface NonceTemplate {
  /** The plain text between placeholders: n + 1 segments for n placeholders. */
  segments: Buffer[];
  /** Raw DEFLATE of each segment (all but the last end with a sync flush). */
  deflated: Buffer[];
  /** Length of the placeholder and of every nonce put in, bytes. */
  nonceLength: number;
}

const WINDOW = 32 * 1024;
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/**
 * Splits `body` at every occurrence of `placeholder` (ASCII) and compresses the segments.
 * @throws RangeError when the placeholder is empty or longer than a stored block (65535).
 */
export function nonceTemplate(body: Buffer, placeholder: string, level = 9): NonceTemplate {
  const mark = Buffer.from(placeholder, "latin1");
  if (mark.length === 0 || mark.length > 0xffff) throw new RangeError("bad placeholder length");
  const segments: Buffer[] = [];
  let start = 0;
  for (let at = body.indexOf(mark, start); at !== -1; at = body.indexOf(mark, start)) {
    segments.push(body.subarray(start, at));
    start = at + mark.length;
  }
  segments.push(body.subarray(start));

  const zeros = Buffer.alloc(mark.length);
  const deflated: Buffer[] = [];
  let window = Buffer.alloc(0);
  segments.forEach((segment, index) => {
    const last = index === segments.length - 1;
    deflated.push(
      zlib.deflateRawSync(segment, {
        level,
        ...(window.length > 0 ? { dictionary: window } : {}),
        finishFlush: last ? zlib.constants.Z_FINISH : zlib.constants.Z_SYNC_FLUSH,
      }),
    );
    if (!last) {
      const grown = Buffer.concat([window, segment, zeros]);
      window = grown.length > WINDOW ? grown.subarray(grown.length - WINDOW) : grown;
    }
  });
  return { segments: segments.map((s) => Buffer.from(s)), deflated, nonceLength: mark.length };
}

function checkNonce(template: NonceTemplate, nonce: string): Buffer {
  const bytes = Buffer.from(nonce, "latin1");
  if (bytes.length !== template.nonceLength) {
    throw new RangeError(`nonce must be ${template.nonceLength} bytes`);
  }
  return bytes;
}

/**
 * The plain body with `nonce` in every placeholder's place, as the list of its parts (the
 * stored segments and the nonce between them; written to the socket without copying).
 * @throws RangeError when `nonce` is not as long as the placeholder.
 */
export function plainPartsWithNonce(template: NonceTemplate, nonce: string): Buffer[] {
  const bytes = checkNonce(template, nonce);
  const parts: Buffer[] = [];
  template.segments.forEach((segment, index) => {
    if (index > 0) parts.push(bytes);
    parts.push(segment);
  });
  return parts;
}

/** `plainPartsWithNonce` as one buffer. */
export function plainWithNonce(template: NonceTemplate, nonce: string): Buffer {
  return Buffer.concat(plainPartsWithNonce(template, nonce));
}

/** `gzipPartsWithNonce` as one buffer. */
export function gzipWithNonce(template: NonceTemplate, nonce: string): Buffer {
  return Buffer.concat(gzipPartsWithNonce(template, nonce));
}

/**
 * The gzip body of `plainWithNonce(template, nonce)`, built from the stored segments, as the
 * list of its parts.
 * @throws RangeError when `nonce` is not as long as the placeholder.
 */
export function gzipPartsWithNonce(template: NonceTemplate, nonce: string): Buffer[] {
  const bytes = checkNonce(template, nonce);
  const storedBlock = Buffer.alloc(5 + bytes.length);
  storedBlock[0] = 0; // BFINAL 0, BTYPE 00 (stored), padded to the byte boundary.
  storedBlock.writeUInt16LE(bytes.length, 1);
  storedBlock.writeUInt16LE(~bytes.length & 0xffff, 3);
  bytes.copy(storedBlock, 5);

  const parts: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  template.segments.forEach((segment, index) => {
    if (index > 0) {
      parts.push(storedBlock);
      crc = zlib.crc32(bytes, crc);
      size += bytes.length;
    }
    parts.push(template.deflated[index] as Buffer);
    crc = zlib.crc32(segment, crc);
    size += segment.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  parts.push(trailer);
  return parts;
}

/** Bytes a template holds (segments and their compressed form). */
export function templateBytes(template: NonceTemplate): number {
  let bytes = 0;
  for (const segment of template.segments) bytes += segment.length;
  for (const part of template.deflated) bytes += part.length;
  return bytes;
}
