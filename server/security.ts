/**
 * Security middleware for the HTTP server (docs/budgets.md "Security"):
 * - helmet headers with an enforced CSP using a per-request nonce, frame-ancestors 'none',
 *   nosniff, Referrer-Policy, HSTS in production; only /payment's CSP also allows Razorpay's
 *   payment window (docs/payments.md);
 * - refusal (403) of state-changing requests from another site (Origin / Sec-Fetch-Site),
 *   because anonymous forms carry no cookie to tie them to a session;
 * - a request body size limit (413), and 411 for bodies without a Content-Length (except the
 *   Razorpay webhook, which caps its own body while reading it).
 */
import crypto from "node:crypto";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import helmet from "helmet";

/** Largest request body accepted, bytes. Forms are small; 1 MiB leaves room for long text. */
export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * Largest body of a form that carries photos (docs/uploads.md): three photos of at most 10 MB
 * and the fields, 32 MiB. Its route reads it as it streams (app/utils/photo-form.server.ts).
 */
export const MAX_UPLOAD_BODY_BYTES = 32 * 1024 * 1024;

/**
 * The paths whose forms carry photos: a claim for a damaged plant (docs/claims.md), and a
 * product's photo on the dashboard (docs/uploads.md "Product photos").
 */
const PHOTO_FORM_PATHS = [
  /^\/(?:(?:hi|kn)\/)?orders\/[A-Za-z0-9_-]{16,64}\/claim$/,
  /^\/dashboard\/catalogue\/[1-9]\d{0,8}\/photos$/,
];

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The page whose documents may run Razorpay's Standard Checkout (docs/payments.md). */
export const PAYMENT_PAGE_PATH = "/payment";

/** Razorpay's webhook endpoint (a server-to-server POST; see app/routes/razorpay-webhook.ts). */
export const RAZORPAY_WEBHOOK_PATH = "/payments/razorpay/webhook";

/**
 * Origins Razorpay's Standard Checkout needs, as Razorpay lists them for its own Magento
 * module's CSP (razorpay/razorpay-magento etc/csp_whitelist.xml): checkout.js and its risk
 * script, the payment window's frame, its logging endpoints and images.
 */
export const RAZORPAY_CSP = {
  scriptSrc: ["https://checkout.razorpay.com", "https://cdn.razorpay.com"],
  frameSrc: ["https://api.razorpay.com"],
  connectSrc: [
    "https://api.razorpay.com",
    "https://lumberjack.razorpay.com",
    "https://lumberjack-metrics.razorpay.com",
  ],
  imgSrc: ["https://cdn.razorpay.com"],
} as const;

function pathOf(req: Request): string {
  return req.path.length > 1 ? req.path.replace(/\/+$/, "") : req.path;
}

/** Sets `res.locals.cspNonce` to 128 random bits, base64. */
export const cspNonce: RequestHandler = (_req, res, next) => {
  res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
  next();
};

/**
 * helmet with our CSP; `production` adds HSTS (two years, subdomains). Documents at
 * PAYMENT_PAGE_PATH also allow RAZORPAY_CSP's origins; every other page keeps the strict policy.
 */
export function securityHeaders(production: boolean): RequestHandler {
  const strict = helmetWith(production, false);
  const payment = helmetWith(production, true);
  return (req, res, next) =>
    isPaymentPage(pathOf(req)) ? payment(req, res, next) : strict(req, res, next);
}

/** The payment page in any language (`/payment`, `/hi/payment`, `/kn/payment`). */
function isPaymentPage(pathname: string): boolean {
  return pathname === PAYMENT_PAGE_PATH || /^\/(hi|kn)\/payment$/.test(pathname);
}

function helmetWith(production: boolean, razorpay: boolean): RequestHandler {
  const nonce = (_req: unknown, res: unknown) =>
    `'nonce-${(res as Response).locals.cspNonce as string}'`;
  const extra = (origins: readonly string[]) => (razorpay ? origins : []);
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", nonce, ...extra(RAZORPAY_CSP.scriptSrc)],
        styleSrc: ["'self'", nonce],
        imgSrc: ["'self'", "data:", ...extra(RAZORPAY_CSP.imgSrc)],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...extra(RAZORPAY_CSP.connectSrc)],
        ...(razorpay ? { frameSrc: ["'self'", ...RAZORPAY_CSP.frameSrc] } : {}),
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        baseUri: ["'none'"],
        objectSrc: ["'none'"],
        manifestSrc: ["'self'"],
      },
    },
    strictTransportSecurity: production ? { maxAge: 63_072_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
    // Razorpay opens bank and wallet pages in pop-ups that report back to this window.
    crossOriginOpenerPolicy: { policy: razorpay ? "same-origin-allow-popups" : "same-origin" },
    xFrameOptions: { action: "deny" },
  });
}

/**
 * 403 for a non-safe method whose Sec-Fetch-Site is cross-site / same-site, or whose Origin
 * differs from this server's origin. Requests without either header (curl, old browsers) pass:
 * a browser always sends Origin on a cross-origin POST.
 */
export const refuseCrossSitePosts: RequestHandler = (req, res, next) => {
  if (SAFE_METHODS.has(req.method)) return next();
  const fetchSite = req.get("sec-fetch-site");
  if (fetchSite && fetchSite !== "same-origin" && fetchSite !== "none") {
    return forbid(res);
  }
  const origin = req.get("origin");
  if (origin !== undefined) {
    const expected = `${req.protocol}://${req.get("host") ?? ""}`;
    if (origin !== expected) return forbid(res);
  }
  next();
};

function forbid(res: Response) {
  res
    .status(403)
    .type("text/plain")
    .send(
      "This form was sent from another site, so it was refused. Please use the form on our own pages.",
    );
}

/**
 * 413 above `maxBytes` (MAX_BODY_BYTES), or above `maxUploadBytes` (MAX_UPLOAD_BODY_BYTES) on a
 * path whose form carries photos; 411 for a body sent without Content-Length (chunked).
 */
export function limitBodySize(
  maxBytes = MAX_BODY_BYTES,
  maxUploadBytes = MAX_UPLOAD_BODY_BYTES,
): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const limit = PHOTO_FORM_PATHS.some((path) => path.test(pathOf(req)))
      ? maxUploadBytes
      : maxBytes;
    const length = req.get("content-length");
    if (length === undefined) {
      if (req.get("transfer-encoding") && pathOf(req) !== RAZORPAY_WEBHOOK_PATH) {
        res.status(411).type("text/plain").send("A Content-Length header is required.");
        return;
      }
      return next();
    }
    const bytes = Number(length);
    if (!Number.isSafeInteger(bytes) || bytes < 0) {
      res.status(400).type("text/plain").send("Invalid Content-Length.");
      return;
    }
    if (bytes > limit) {
      res.status(413).type("text/plain").send("The form you sent is too large.");
      return;
    }
    next();
  };
}

/**
 * Rewrites an absolute-form request line (`GET http://host/path HTTP/1.1`, RFC 9112 §3.2.2,
 * sent by proxies and scanners) to its origin-form path, taking the host from it as the RFC
 * asks; React Router would otherwise build an invalid URL from it and answer 500. Any other
 * target that is not a path (`*`, a bare authority) gets 400, and so does a target holding `#`:
 * browsers never send a fragment, and the page store and React Router read the rest of such a
 * target differently (`/plant?q=fern#cart=3` was stored under another visitor's key). Runs
 * first, before logging.
 */
export const normalizeRequestTarget: RequestHandler = (req, res, next) => {
  const target = req.url;
  if (target.includes("#")) {
    res.status(400).type("text/plain").send("Bad request target.");
    return;
  }
  if (target.startsWith("/")) return next();
  let url: URL | undefined;
  try {
    if (/^https?:\/\//i.test(target)) url = new URL(target);
  } catch {}
  if (!url?.host) {
    res.status(400).type("text/plain").send("Bad request target.");
    return;
  }
  req.url = `${url.pathname}${url.search}`;
  req.originalUrl = req.url;
  req.headers.host = url.host;
  next();
};

/** Methods refused with 405: TRACE/TRACK echo requests (cross-site tracing) and are not served. */
const UNSUPPORTED_METHODS = new Set(["TRACE", "TRACK"]);

/** 405 with `Allow` for TRACE and TRACK (which would otherwise reach React Router and 500). */
export const refuseUnsupportedMethods: RequestHandler = (req, res, next) => {
  if (!UNSUPPORTED_METHODS.has(req.method)) return next();
  res
    .status(405)
    .set("Allow", "GET, HEAD, POST")
    .type("text/plain")
    .send("This method is not supported.");
};

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/**
 * 415 for a state-changing request to a page whose Content-Type is not a form's
 * (application/json, text/plain, or none: browsers and React Router always send one, even for
 * an empty form), 400 for multipart without a boundary: React Router's `request.formData()`
 * would throw and answer 500. Razorpay's webhook (JSON) is exempt. A multipart body that is
 * broken past its header is caught by `refuseUnreadableForms` (app/utils/form-body.server.ts).
 */
export const requireFormContentType: RequestHandler = (req, res, next) => {
  if (SAFE_METHODS.has(req.method) || pathOf(req) === RAZORPAY_WEBHOOK_PATH) return next();
  const [type = "", ...parameters] = (req.get("content-type") ?? "")
    .split(";")
    .map((part) => part.trim());
  if (!FORM_TYPES.has(type.toLowerCase())) {
    res
      .status(415)
      .type("text/plain")
      .send("Send the form as application/x-www-form-urlencoded or multipart/form-data.");
    return;
  }
  if (
    type.toLowerCase() === "multipart/form-data" &&
    !parameters.some((p) => /^boundary=./i.test(p))
  ) {
    res.status(400).type("text/plain").send("The form could not be read (no multipart boundary).");
    return;
  }
  next();
};
