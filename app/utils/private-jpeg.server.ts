/**
 * A stored JPEG (a claim's photo; docs/uploads.md) as a private answer: the browser may keep it an
 * hour, no shared cache may, and its type is never sniffed.
 */
export function privateJpegResponse(jpeg: Buffer): Response {
  return new Response(new Uint8Array(jpeg), {
    headers: {
      "Content-Type": "image/jpeg",
      "Content-Length": String(jpeg.byteLength),
      "Cache-Control": "private, max-age=3600",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
