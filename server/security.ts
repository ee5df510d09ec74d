/**
 * Security middleware for the HTTP server (DESIGN §4 "Security"):
 * - helmet headers with an enforced CSP using a per-request nonce, frame-ancestors 'none',
 *   nosniff, Referrer-Policy, HSTS in production;
 * - refusal (403) of state-changing requests from another site (Origin / Sec-Fetch-Site),
 *   because anonymous forms carry no cookie to tie them to a session;
 * - a request body size limit (413), and 411 for bodies without a Content-Length.
 */
import crypto from "node:crypto";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import helmet from "helmet";

/** Largest request body accepted, bytes. Forms are small; 1 MiB leaves room for long text. */
export const MAX_BODY_BYTES = 1024 * 1024;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Sets `res.locals.cspNonce` to 128 random bits, base64. */
export const cspNonce: RequestHandler = (_req, res, next) => {
  res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
  next();
};

/** helmet with our CSP; `production` adds HSTS (two years, subdomains). */
export function securityHeaders(production: boolean): RequestHandler {
  const nonce = (_req: unknown, res: unknown) =>
    `'nonce-${(res as Response).locals.cspNonce as string}'`;
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", nonce],
        styleSrc: ["'self'", nonce],
        imgSrc: ["'self'", "data:"],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
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
      if (req.get("transfer-encoding")) {
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
