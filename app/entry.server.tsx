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
import { isDatabaseUnavailable } from "~/db/client.server";
import { siteConfig } from "~/features/site/site-config";
import { langOf, refusalText } from "~/i18n/i18n.server";
import { diskFullResponse, isDiskFull } from "~/utils/disk-full.server";
import { createHtmlBody } from "~/utils/html-body.server";
import { logger } from "~/utils/logger.server";
import { recordMatchedRoute } from "~/utils/metrics.server";
import { message } from "~/utils/refusal";
import { cspNonceContext, requestIdContext } from "~/utils/request-context";

export const streamTimeout = 5_000;

/** React Router's instrumentation: the matched route pattern for the HTTP metrics' labels. */
export const instrumentations = [recordMatchedRoute];

/** Seconds a visitor is asked to wait when the database went away during their request. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * Requests (by their load context) whose loader or action failed because the database went
 * away (a PostgreSQL restart, failover or `pg_terminate_backend`; `isDatabaseUnavailable`):
 * answered 503 with Retry-After instead of 500 (docs/operations.md "Faults and recovery"), since
 * trying again in a moment works, and with one sentence in the page's language as plain text
 * (`databaseUnavailableResponse`), as a full disk is: React Router's error page would lack the
 * root loader's messages after a failed action (it runs no loader at or below the boundary).
 */
const databaseUnavailable = new WeakSet<object>();

/**
 * The answer to a request the database failed (document and `.data` alike): 503,
 * `Retry-After: DATABASE_RETRY_AFTER_SECONDS`, the sentence `errors.databaseUnavailable` in the
 * page's language as plain text (the root error boundary shows it for a `.data` request).
 */
function databaseUnavailableResponse(request: Request): Response {
  const head = request.method.toUpperCase() === "HEAD";
  const text = refusalText(
    langOf(request),
    message("errors.databaseUnavailable", { phone: siteConfig.phoneDisplay }),
  );
  return new Response(head ? null : text, {
    status: 503,
    statusText: "Service Unavailable",
    headers: {
      "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS),
      "Content-Type": "text/plain; charset=utf-8",
    },
  });
}

/**
 * Requests (by their load context) whose loader or action failed because the disk is full
 * (`isDiskFull`: SQLSTATE 53100 from the database, ENOSPC from the file system). They get the
 * low-disk guard's answer instead of an error page (docs/operations.md "A full disk"): 503,
 * `Retry-After: 60`, one sentence in the page's language (`diskFullResponse`).
 */
const diskFull = new WeakSet<object>();

/**
 * `.data` requests (navigations and form posts with JavaScript): the same 503 + Retry-After
 * as the document's error page when the database failed the request, and the low-disk answer
 * when the disk was full.
 */
export function handleDataRequest(
  response: Response,
  { request, context }: { request: Request; context: RouterContextProvider | undefined },
): Response {
  if (context && diskFull.has(context)) {
    return diskFullResponse(langOf(request), siteConfig.phoneDisplay);
  }
  if (response.status >= 500 && context && databaseUnavailable.has(context)) {
    return databaseUnavailableResponse(request);
  }
  return response;
}

/**
 * Errors from loaders, actions and rendering go to the JSON log with the request id.
 * A visitor's own mistakes (4xx such as a POST to a page without a form) and requests the
 * visitor aborted are not errors of ours and are not logged as such.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  if (isDiskFull(error)) {
    if (context) diskFull.add(context);
    logger().error(
      { err: error, url: new URL(request.url).pathname },
      "request failed: no space left on the disk (DATA_DIR's or the database server's); answered 503",
    );
    return;
  }
  if (isDatabaseUnavailable(error)) {
    if (context) databaseUnavailable.add(context);
    logger().warn(
      { err: error, url: new URL(request.url).pathname },
      "request failed: the database is unavailable; answered 503",
    );
    return;
  }
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
  if (diskFull.has(loadContext)) {
    const head = request.method.toUpperCase() === "HEAD";
    return diskFullResponse(langOf(request), siteConfig.phoneDisplay, head);
  }
  if (responseStatusCode >= 500 && databaseUnavailable.has(loadContext)) {
    return databaseUnavailableResponse(request);
  }
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
