/**
 * The page store: pages that are the same for everyone are made once (docs/operations.md
 * "Page store"; ADR 0018).
 *
 * The public catalogue pages — `/`, `/plant` (each search and filter), `/supplies`,
 * `/ratelist`, `/faq`, `/privacy-policy`, `/terms-of-use` and their single-fetch `.data`
 * requests — look the same to every visitor whose cart is empty, and differ for the others
 * only by the count in 'Cart (N)' (the root loader's one value). A page is rendered once per
 * item count — 0 for no cart or an empty one — from a request built here (the site's PUBLIC_URL, no cookies, no client
 * headers: nothing a visitor sends can end up in a stored page), and kept with its gzip and
 * brotli bodies until:
 * - something it shows changes: any invalidation of app/db/cache-invalidation.server.ts
 *   (`catalogue`: a staff edit or stock crossing zero; `rates`; `reviews`; `impact`), on this
 *   server at once and on every other server on the same PostgreSQL within milliseconds
 *   (LISTEN/NOTIFY), or
 * - it is older than `maxAgeSeconds`, or
 * - the store is over `maxBytes` (least recently used pages go first; a flood of distinct
 *   query strings therefore cannot grow memory past the limit).
 *
 * A render that started before an invalidation is served to the requests that waited for it
 * but never stored (a generation counter). Concurrent requests for a page not yet stored share
 * one render.
 *
 * The CSP nonce stays unique per response: a page is rendered with a placeholder nonce, and
 * each response gets its own (server/security.ts) put in — into the plain body by a copy, into
 * the gzip body without compressing anything per response (server/nonce-template.ts). The
 * brotli body cannot be assembled that way, so it is stored without nonce attributes and its
 * inline scripts and styles are allowed by their CSP hashes (server/csp-hashes.ts), added to
 * the response's own policy; it is sent only to a client that names br before gzip in
 * Accept-Encoding (browsers today list gzip first and get gzip).
 *
 * Headers: stored pages say `Cache-Control: public, max-age=0, s-maxage=<shared>` with a weak
 * ETag per encoding (If-None-Match → 304) and `Vary: Accept-Encoding, Cookie`, so a browser
 * revalidates every visit and a CDN may serve them to visitors without cookies for `shared`
 * seconds. A visitor with N items in the cart gets the entry for N, which holds nothing but that
 * count, with `Cache-Control: private, no-cache` and the same Vary, so no shared cache ever
 * keeps it.
 */
import crypto from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Request as ExpressRequest, RequestHandler } from "express";
import { LRUCache } from "lru-cache";
import { Counter, Gauge } from "prom-client";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { type CacheName, onAnyCacheInvalidated } from "~/db/cache-invalidation.server";
import { metricsRegistry } from "~/utils/metrics.server";
import {
  clientAddressContext,
  cspNonceContext,
  type MatchedRoute,
  matchedRouteContext,
  requestIdContext,
  storedCartCountContext,
} from "~/utils/request-context";
import { type InlineHashes, inlineHashes, withInlineHashes } from "./csp-hashes";
import { markRouted } from "./metrics";
import {
  gzipPartsWithNonce,
  type NonceTemplate,
  nonceTemplate,
  plainPartsWithNonce,
  plainWithNonce,
  templateBytes,
} from "./nonce-template";

/** Brotli quality of a page's first stored body: ≈ 3 ms for the 90 KB /plant page. */
const QUICK_BROTLI_QUALITY = 6;
const brotli = promisify(zlib.brotliCompress);

/** English document paths whose pages the store keeps. */
const ENGLISH_STORED_PATHS = [
  "/",
  "/plant",
  "/supplies",
  "/ratelist",
  "/faq",
  "/privacy-policy",
  "/terms-of-use",
] as const;

/** Document paths whose pages the store keeps: the English ones and the same in Hindi and Kannada. */
export const STORED_PAGE_PATHS: readonly string[] = [
  ...ENGLISH_STORED_PATHS,
  ...["/hi", "/kn"].flatMap((prefix) =>
    ENGLISH_STORED_PATHS.map((path) => (path === "/" ? prefix : `${prefix}${path}`)),
  ),
];

/** The `.data` path React Router's client fetches for a document path (`/` → `/_.data`). */
export function dataPathOf(pathname: string): string {
  return pathname === "/" ? "/_.data" : `${pathname}.data`;
}

const STORED_PATHS = new Set<string>([...STORED_PAGE_PATHS, ...STORED_PAGE_PATHS.map(dataPathOf)]);

/** True when `pathname` (no query) is a stored page or its `.data` request. */
export function isStoredPagePath(pathname: string): boolean {
  return STORED_PATHS.has(pathname);
}

/** `Cache-Control` of a stored page; `sharedSeconds` is how long a CDN may keep it. */
export function publicCacheControl(sharedSeconds: number): string {
  return `public, max-age=0, s-maxage=${sharedSeconds}`;
}

/** `Cache-Control` of a public page rendered for a visitor with items in the cart. */
export const PERSONALISED_PUBLIC_CACHE_CONTROL = "private, no-cache";

/** What responses of stored paths vary on: the encoding, and the cart cookie. */
export const STORED_PAGE_VARY = "Accept-Encoding, Cookie";

/** One rendered page with its three encodings. Sizes in bytes. */
export interface StoredPage {
  status: number;
  /** Response headers of the render other than those this module sets. */
  headers: [string, string][];
  /** Plain and gzip body, split at the nonce placeholders. */
  template: NonceTemplate;
  /** Brotli body, without nonce attributes (allowed by `hashes`). */
  br: Buffer;
  /** Base of the ETag; the sent tag adds the encoding (`W/"<base>-br"`). */
  etag: string;
  /** CSP hashes of the brotli body's inline scripts and styles. */
  hashes: InlineHashes;
  /** Items in the cart the page was rendered for (its 'Cart (N)'); 0 for no cart. */
  cartItems: number;
  /** The route pattern React Router matched when rendering it, for the metrics' label. */
  pattern: string | null;
}

export interface PageStoreOptions {
  /** The server build, or (under `npm run dev`) a function that returns it as it is now. */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Upper bound of the stored bodies (all three encodings), bytes; 0 turns the store off. */
  maxBytes: number;
  /** A page is rendered again at the latest this long after it was stored. */
  maxAgeSeconds: number;
  /** The site's address (PUBLIC_URL): stored pages are rendered for this origin. */
  publicUrl: string;
  /** How many items the request's cart holds (0 without a cart or with an invalid cookie). */
  cartItemCount: (cookieHeader: string) => Promise<number>;
  mode?: string;
}

let currentStore: PageStore | undefined;
let storeMetrics: { requests: Counter<"result"> } | undefined;

/**
 * `page_store_bytes`, `page_store_pages` (read from the newest store at scrape time) and
 * `page_store_requests_total{result="hit|miss|cart"}` on the metrics registry (GET /metrics).
 */
function registerStoreMetrics(): { requests: Counter<"result"> } {
  if (storeMetrics) return storeMetrics;
  new Gauge({
    name: "page_store_bytes",
    help: "Bytes the public page store holds (identity, gzip and brotli bodies).",
    registers: [metricsRegistry],
    collect() {
      if (currentStore) this.set(currentStore.size().bytes);
    },
  });
  new Gauge({
    name: "page_store_pages",
    help: "Pages (path and query) the public page store holds.",
    registers: [metricsRegistry],
    collect() {
      if (currentStore) this.set(currentStore.size().pages);
    },
  });
  storeMetrics = {
    requests: new Counter({
      name: "page_store_requests_total",
      help: "Requests for stored public pages: served from the store (hit), rendered for it (miss); cart-hit and cart-miss for visitors with items in the cart (one entry per item count).",
      labelNames: ["result"] as const,
      registers: [metricsRegistry],
    }),
  };
  return storeMetrics;
}

/** Headers this module sets itself; the render's own values for them are not kept. */
const OWN_HEADERS = new Set([
  "cache-control",
  "content-encoding",
  "content-length",
  "content-security-policy",
  "date",
  "etag",
  "set-cookie",
  "transfer-encoding",
  "vary",
]);

export interface PageStore {
  /** Express middleware: serves stored pages, fills the store, marks cart visitors' copies. */
  middleware: RequestHandler;
  /** Bytes held (all encodings) and pages held: for the metrics endpoint and tests. */
  size(): { bytes: number; pages: number };
  /** Drops every stored page (an invalidation does this). */
  clear(): void;
}

/**
 * Creates the page store and registers it for every cache invalidation.
 * The middleware must run after the CSP header is set (server/security.ts) and before the
 * React Router handler; responses it does not serve fall through with `next()`.
 */
export function createPageStore(options: PageStoreOptions): PageStore {
  const render = createRequestHandler(options.build, options.mode);
  const enabled = options.maxBytes > 0;
  const pages = new LRUCache<string, StoredPage>({
    maxSize: Math.max(options.maxBytes, 1),
    sizeCalculation: (page) => templateBytes(page.template) + page.br.length + 512,
    ttl: options.maxAgeSeconds * 1000,
    ttlAutopurge: false,
  });
  const inFlight = new Map<string, Promise<StoredPage>>();
  const { requests } = registerStoreMetrics();
  // Rendered in place of the nonce; as long as a real one (16 random bytes in base64).
  const placeholder = crypto.randomBytes(16).toString("base64");
  let generation = 0;

  const clear = (_name?: CacheName) => {
    generation += 1;
    pages.clear();
    inFlight.clear();
  };
  onAnyCacheInvalidated(clear);

  const renderPage = async (key: string, url: string, cartItems: number): Promise<StoredPage> => {
    const startedAt = generation;
    const context = new RouterContextProvider();
    context.set(cspNonceContext, placeholder);
    context.set(requestIdContext, "page-store");
    context.set(clientAddressContext, "page-store");
    context.set(storedCartCountContext, cartItems);
    const matched: MatchedRoute = { pattern: null };
    context.set(matchedRouteContext, matched);
    const response = await render(new Request(options.publicUrl + url), context);
    const identity = Buffer.from(await response.arrayBuffer());
    const contentType = response.headers.get("content-type") ?? "";
    const isHtml = contentType.startsWith("text/html");
    const withoutNonce = isHtml ? stripNonce(identity, placeholder) : identity;
    const brotlied = await brotli(withoutNonce, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: QUICK_BROTLI_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: withoutNonce.length,
      },
    });
    const headers: [string, string][] = [];
    response.headers.forEach((value, name) => {
      if (!OWN_HEADERS.has(name)) headers.push([name, value]);
    });
    const page: StoredPage = {
      status: response.status,
      headers,
      template: nonceTemplate(identity, placeholder),
      br: brotlied,
      etag: crypto.createHash("sha256").update(identity).digest("base64url").slice(0, 27),
      hashes: isHtml ? inlineHashes(withoutNonce.toString("utf8")) : { script: [], style: [] },
      cartItems,
      pattern: matched.pattern,
    };
    const storable = response.status === 200 && !response.headers.has("set-cookie");
    if (storable && generation === startedAt) {
      pages.set(key, page);
      if (!key.includes("?")) polishBrotli(key, page, withoutNonce);
    }
    return page;
  };

  // Pages without a query (the fixed catalogue pages every visitor opens) get brotli's best
  // compression (≈ 10 % smaller, ≈ 0.2 s of CPU in the thread pool) after they are stored;
  // searches keep the quick one, so a flood of distinct queries costs little CPU.
  const polishBrotli = (key: string, page: StoredPage, plain: Buffer) => {
    brotli(plain, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: plain.length,
      },
    }).then(
      (best) => {
        if (pages.peek(key) !== page || best.length >= page.br.length) return;
        pages.set(key, { ...page, br: best }, { noUpdateTTL: true });
      },
      () => {},
    );
  };

  const pageFor = (url: string, cartItems: number): Promise<StoredPage> => {
    // The page for a cart of N items is the same for every such cart (the count is all the
    // root loader adds): one entry per count, never shared with another count.
    const key = cartItems > 0 ? `${url}#cart=${cartItems}` : url;
    const stored = pages.get(key);
    if (stored) {
      requests.inc({ result: cartItems > 0 ? "cart-hit" : "hit" });
      return Promise.resolve(stored);
    }
    requests.inc({ result: cartItems > 0 ? "cart-miss" : "miss" });
    let pending = inFlight.get(key);
    if (!pending) {
      pending = renderPage(key, url, cartItems).finally(() => {
        if (inFlight.get(key) === pending) inFlight.delete(key);
      });
      inFlight.set(key, pending);
    }
    return pending;
  };

  const middleware: RequestHandler = (req, res, next) => {
    if (!enabled || (req.method !== "GET" && req.method !== "HEAD")) return next();
    if (!isStoredPagePath(req.path)) return next();
    const cookie = req.headers.cookie;
    const hasCart = cookie !== undefined && /(?:^|;\s*)cart=/.test(cookie);
    const cartCheck = hasCart ? options.cartItemCount(cookie) : Promise.resolve(0);
    cartCheck
      .then(async (items) => {
        const page = await pageFor(requestKey(req), items);
        send(req, res, page);
      })
      .catch((error: unknown) => {
        // The database or a render failed: React Router answers this request itself (its
        // error page), as without the store.
        req.log?.warn({ err: error }, "page store could not serve this page");
        if (!res.headersSent) next();
      });
  };

  const send = (req: ExpressRequest, res: Parameters<RequestHandler>[1], page: StoredPage) => {
    const nonce = String(res.locals.cspNonce ?? "");
    markRouted(res, page.pattern);
    const encoding = page.status === 200 ? chooseEncoding(req) : "identity";
    for (const [name, value] of page.headers) res.setHeader(name, value);
    res.setHeader("Vary", STORED_PAGE_VARY);
    if (page.status !== 200) {
      const body = plainWithNonce(page.template, nonce);
      res.setHeader("Cache-Control", "no-store");
      res.status(page.status);
      res.setHeader("Content-Length", body.length);
      res.end(req.method === "HEAD" ? undefined : body);
      return;
    }
    res.setHeader(
      "Cache-Control",
      page.cartItems > 0
        ? PERSONALISED_PUBLIC_CACHE_CONTROL
        : publicCacheControl(options.maxAgeSeconds),
    );
    res.setHeader("ETag", `W/"${page.etag}${encoding === "identity" ? "" : `-${encoding}`}"`);
    if (matchesETag(req.headers["if-none-match"], page.etag)) {
      // The browser keeps the body it has, with the nonce of its first response: a new policy
      // here would replace the stored one and block that body's scripts.
      res.removeHeader("Content-Security-Policy");
      res.status(304).end();
      return;
    }
    let parts: Buffer[];
    if (encoding === "br") {
      parts = [page.br];
      const policy = res.getHeader("Content-Security-Policy");
      if (typeof policy === "string") {
        res.setHeader("Content-Security-Policy", withInlineHashes(policy, page.hashes));
      }
    } else if (encoding === "gzip") {
      parts = gzipPartsWithNonce(page.template, nonce);
    } else {
      parts = plainPartsWithNonce(page.template, nonce);
    }
    if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
    let length = 0;
    for (const part of parts) length += part.length;
    res.setHeader("Content-Length", length);
    res.status(200);
    if (req.method === "HEAD") {
      res.end();
      return;
    }
    // One writev for headers and every part: no copy of the stored segments.
    res.cork();
    for (const part of parts) res.write(part);
    res.end();
    res.uncork();
  };

  const store: PageStore = {
    middleware,
    size: () => ({ bytes: pages.calculatedSize ?? 0, pages: pages.size }),
    clear: () => clear(),
  };
  currentStore = store;
  return store;
}

/** Path and query as sent (the store keeps each distinct query apart; see the module doc). */
function requestKey(req: ExpressRequest): string {
  const url = req.originalUrl;
  const query = url.indexOf("?");
  return query === -1 ? req.path : req.path + url.slice(query);
}

/**
 * The coding the request's Accept-Encoding prefers among gzip, br and identity (q-values, then
 * the client's order: browsers list gzip first). No Accept-Encoding header: identity.
 */
function chooseEncoding(req: ExpressRequest): "br" | "gzip" | "identity" {
  if (!req.headers["accept-encoding"]) return "identity";
  const chosen = req.acceptsEncodings("gzip", "br", "identity");
  return chosen === "br" || chosen === "gzip" ? chosen : "identity";
}

/** `html` without the ` nonce="<placeholder>"` attributes (the brotli body's form). */
function stripNonce(html: Buffer, placeholder: string): Buffer {
  return Buffer.from(html.toString("utf8").replaceAll(` nonce="${placeholder}"`, ""), "utf8");
}

/** Whether an If-None-Match header names the page's tag in any encoding (or is `*`). */
function matchesETag(header: string | undefined, base: string): boolean {
  if (!header) return false;
  return header.split(",").some((raw) => {
    const tag = raw.trim().replace(/^W\//, "");
    if (tag === "*") return true;
    const value = tag.replace(/^"|"$/g, "");
    return value === base || value === `${base}-br` || value === `${base}-gzip`;
  });
}
