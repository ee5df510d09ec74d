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
    pathOf(req) === PAYMENT_PAGE_PATH ? payment(req, res, next) : strict(req, res, next);
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

/** 413 above MAX_BODY_BYTES; 411 for a body sent without Content-Length (chunked). */
export function limitBodySize(maxBytes = MAX_BODY_BYTES): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
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
    if (bytes > maxBytes) {
      res.status(413).type("text/plain").send("The form you sent is too large.");
      return;
    }
    next();
  };
}
