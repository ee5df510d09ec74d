/**
 * Server render (React Router's Node entry) with the per-request CSP nonce from the HTTP
 * server (server/app.ts) passed to every inline script React Router writes.
 */
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { NonceProvider } from "~/components/ui/nonce";
import { createHtmlBody } from "~/utils/html-body.server";
import { logger } from "~/utils/logger.server";
import { recordMatchedRoute } from "~/utils/metrics.server";
import { cspNonceContext, requestIdContext } from "~/utils/request-context";

export const streamTimeout = 5_000;

/** React Router's instrumentation: the matched route pattern for the HTTP metrics' labels. */
export const instrumentations = [recordMatchedRoute];

/**
 * Errors from loaders, actions and rendering go to the JSON log with the request id.
 * A visitor's own mistakes (4xx such as a POST to a page without a form) and requests the
 * visitor aborted are not errors of ours and are not logged as such.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  let requestId = "";
  try {
    requestId = context.get(requestIdContext);
  } catch {}
  logger().error(
    { err: error, reqId: requestId, url: new URL(request.url).pathname },
    "request failed",
  );
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  let nonce = "";
  try {
    nonce = loadContext.get(cspNonceContext);
  } catch {
    nonce = "";
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce: nonce || undefined,
        [readyOption]() {
          shellRendered = true;
          // One chunk per batch React flushes, scripts inert until after the LCP
          // (html-body.server.ts, ADR 0017). Not with React Router's HMR runtime (`npm run
          // dev`): its module script must run before the route modules, which the after-paint
          // loader would evaluate first (ADR 0023).
          const { sink, body } = createHtmlBody(
            nonce,
            () => {
              clearTimeout(timeoutId);
              timeoutId = undefined;
            },
            { afterPaint: !routerContext.manifest.hmr },
          );
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(sink);
          resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) logger().error({ err: error }, "streaming render failed");
        },
      },
    );
  });
}
