/**
 * The document body between React's server renderer and the HTTP response, made for a cheaper
 * render.
 *
 * React's `renderToPipeableStream` writes a page as dozens of 4 KB views and long strings, and
 * calls `destination.flush()` after each batch it completes (the shell, then each late part
 * such as React Router's hydration data). Passing every small write through a PassThrough, the
 * modulepreload Transform and a web-stream pump costs more CPU than rendering the cards on
 * /plant (measured with a CPU profile). This sink gathers the writes of one batch and
 * hands the batch on as one chunk, rewritten by `createAfterPaintRewriter` (React Router's
 * scripts made inert until after the largest contentful paint, ADR 0017), to a web
 * ReadableStream the Response streams. Streaming is kept: nothing waits for later batches.
 *
 * Cancelling the body (the visitor went away) destroys the sink, which makes React abort the
 * render, as with the PassThrough before.
 */
import { Writable } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { type AfterPaintRewriter, createAfterPaintRewriter } from "./after-paint-scripts.server";

export interface HtmlBody {
  /** Where React pipes (`pipe(sink)`); it has the `flush()` React calls after each batch. */
  sink: Writable;
  /** The response body: one chunk per batch React flushed, the scripts made inert. */
  body: ReadableStream<Uint8Array>;
}

/**
 * Creates the sink/body pair for one document response whose inline scripts carry `nonce`
 * ("" for none); `onFinish` runs once React has written everything (the caller clears its
 * abort timer there). `afterPaint: false` passes the HTML through unchanged, so the page
 * loads its scripts the ordinary way (with React Router's HMR runtime, under `npm run dev`:
 * ADR 0023).
 */
export function createHtmlBody(
  nonce: string,
  onFinish: () => void,
  { afterPaint = true }: { afterPaint?: boolean } = {},
): HtmlBody {
  const rewriter = afterPaint ? createAfterPaintRewriter(nonce) : unchanged();
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  let pending: Buffer[] = [];

  const emit = (last: boolean) => {
    if (!controller) return;
    const batch = pending.length === 1 ? pending[0] : Buffer.concat(pending);
    pending = [];
    const text =
      (batch && batch.length > 0 ? rewriter.write(batch) : "") + (last ? rewriter.end() : "");
    if (text) controller.enqueue(Buffer.from(text));
  };

  const sink = new Writable({
    // React waits for 'drain' whenever write() returns false; a page is far below this.
    highWaterMark: 4 * 1024 * 1024,
    write(chunk: Buffer, _encoding, callback) {
      pending.push(chunk);
      callback();
    },
    final(callback) {
      emit(true);
      controller?.close();
      controller = null;
      onFinish();
      callback();
    },
    destroy(error, callback) {
      pending = [];
      if (controller) {
        if (error) controller.error(error);
        else controller.close();
        controller = null;
      }
      callback(error);
    },
  });
  // React calls flush() after each batch of completed work (react-dom/server, Node build).
  Object.assign(sink, { flush: () => emit(false) });

  const body = new ReadableStream<Uint8Array>({
    start(streamController) {
      controller = streamController;
    },
    cancel(reason) {
      controller = null;
      sink.destroy(reason instanceof Error ? reason : undefined);
    },
  });
  return { sink, body };
}

/** A rewriter that changes nothing: decodes the bytes, multi-byte characters split across pieces too. */
function unchanged(): AfterPaintRewriter {
  const decoder = new StringDecoder("utf8");
  return { write: (chunk) => decoder.write(chunk), end: () => decoder.end() };
}
