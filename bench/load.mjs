/**
 * `npm run bench:load` (docs/budgets.md): public pages of the production build under CONNECTIONS
 * (default 50) keep-alive connections, DURATION s each (default 10) after a 3 s warm-up, next
 * to a plain Node static server sending the same bytes: the ceiling for a page that costs
 * nothing to produce.
 *
 * Rows, each measured twice: without Accept-Encoding (autocannon's default; identity bodies)
 * and with `Accept-Encoding: gzip, br` (what browsers send; the app's `compression` then
 * answers brotli at quality 4, per response):
 * - anonymous `/`, `/plant`, `/plant?q=tulsi` (a search that matches), `/ratelist`;
 * - `/plant` with a cart cookie (a real cart: one POST /cart intent=add of an in-stock plant,
 *   as the plant card's form sends it, with an Origin header like a browser's);
 * - `static /plant`: node:http answering every request with the body of anonymous /plant
 *   captured once, from memory, same Content-Type. Its compressed bodies are made once at
 *   start (brotli quality 4 like the app, and gzip): it sends br when asked for br, else gzip
 *   when asked for gzip, else identity. So in the identity pair both sides send the same
 *   bytes; in the compressed pair both send brotli, the static server without compressing per
 *   response (a page store's best case).
 *
 * Per row: req/s (mean), latency p50/p99 (ms), non-2xx, errors (incl. timeouts), body bytes of
 * one response as sent (compressed when compressed), and req/s as a share of the static server
 * in the same encoding. Runs on the embedded database, then on PostgreSQL when
 * BENCH_DATABASE_URL is set (an empty, disposable database; the server gets a generated
 * SESSION_SECRET), and prints a summary table of both at the end. Loopback only; the machine's
 * load average is printed with each database because figures on a shared machine are noisy
 * upper bounds. Prints figures; never fails a build. Needs `npm run build`.
 */
import http from "node:http";
import os from "node:os";
import zlib from "node:zlib";
import autocannon from "autocannon";
import { startServer } from "./start-server.mjs";

const duration = Number(process.env.DURATION ?? 10);
const connections = Number(process.env.CONNECTIONS ?? 50);
const WARM_UP_SECONDS = 3;
const SEARCH = "/plant?q=tulsi";
const encodings = [
  { name: "identity", headers: {} },
  { name: "gzip, br", headers: { "accept-encoding": "gzip, br" } },
];

const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" ");

/**
 * One GET with exactly `headers` (like autocannon, no User-Agent or Accept: the app's answer
 * depends on them), the body as sent on the wire (not decompressed).
 */
function probe(url, headers) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks = [];
        response.on("data", (chunk) => chunks.push(chunk));
        response.on("end", () => {
          const body = Buffer.concat(chunks);
          resolve({
            body,
            bytes: body.length,
            contentType: response.headers["content-type"],
            encoding: response.headers["content-encoding"],
          });
        });
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

/** One autocannon run after a warm-up; the figures of a row. */
async function measure(label, url, headers) {
  await autocannon({ url, connections, duration: WARM_UP_SECONDS, headers });
  const result = await autocannon({ url, connections, duration, headers });
  const sample = await probe(url, headers);
  return {
    label,
    "req/s": Math.round(result.requests.total / result.duration),
    "p50 ms": result.latency.p50,
    "p99 ms": result.latency.p99,
    "non-2xx": result.non2xx,
    errors: result.errors + result.timeouts,
    "bytes/resp": sample.bytes,
    sent: sample.encoding ?? "identity",
  };
}

/** A plain node:http server sending `body` from memory (see the module comment). */
async function startStaticServer(body, contentType) {
  const br = zlib.brotliCompressSync(body, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 },
  });
  const gzip = zlib.gzipSync(body);
  const server = http.createServer((request, response) => {
    const accepted = String(request.headers["accept-encoding"] ?? "");
    const [encoding, bytes] = /\bbr\b/.test(accepted)
      ? ["br", br]
      : /\bgzip\b/.test(accepted)
        ? ["gzip", gzip]
        : [undefined, body];
    response.writeHead(200, {
      "Content-Type": contentType,
      "Content-Length": bytes.length,
      Vary: "Accept-Encoding",
      ...(encoding ? { "Content-Encoding": encoding } : {}),
    });
    response.end(bytes);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    base: `http://127.0.0.1:${server.address().port}`,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  };
}

/** A cart holding one in-stock plant; returns its `cart=…` cookie. */
async function makeCart(base) {
  const html = await (await fetch(base + SEARCH)).text();
  const productId = /name="productId" value="(\d+)"/.exec(html)?.[1];
  if (!productId) throw new Error(`No add-to-cart form on ${SEARCH}`);
  const response = await fetch(`${base}/cart`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: base },
    body: new URLSearchParams({ intent: "add", productId, redirectTo: "/plant" }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => c?.startsWith("cart="));
  if (response.status >= 400 || !cookie) {
    throw new Error(`POST /cart answered ${response.status} without a cart cookie`);
  }
  return cookie;
}

async function run(database, extraEnv) {
  console.log(
    `\n${database}: ${connections} connections, ${duration} s per row after ${WARM_UP_SECONDS} s warm-up; load average ${loadAverage()}`,
  );
  const server = await startServer(extraEnv);
  const rows = [];
  try {
    // The bytes autocannon gets for anonymous /plant (no Accept-Encoding: identity).
    const page = await probe(`${server.base}/plant`, {});
    const body = page.body;
    const contentType = page.contentType ?? "text/html; charset=utf-8";
    const cartCookie = await makeCart(server.base);
    const staticServer = await startStaticServer(body, contentType);
    try {
      for (const encoding of encodings) {
        const measured = [
          await measure("/", `${server.base}/`, encoding.headers),
          await measure("/plant", `${server.base}/plant`, encoding.headers),
          await measure(SEARCH, server.base + SEARCH, encoding.headers),
          await measure("/ratelist", `${server.base}/ratelist`, encoding.headers),
          await measure("/plant with cart", `${server.base}/plant`, {
            ...encoding.headers,
            cookie: cartCookie,
          }),
          await measure("static /plant", `${staticServer.base}/plant`, encoding.headers),
        ];
        const ceiling = measured.at(-1)["req/s"];
        for (const row of measured) {
          rows.push({
            database,
            "accept-encoding": encoding.name,
            ...row,
            "vs static": (row["req/s"] / ceiling).toFixed(3),
          });
        }
        console.table(rows.filter((row) => row["accept-encoding"] === encoding.name));
      }
    } finally {
      await staticServer.stop();
    }
  } finally {
    await server.stop();
  }
  console.log(`${database} done; load average ${loadAverage()}`);
  return rows;
}

const summary = [...(await run("PGlite", {}))];
if (process.env.BENCH_DATABASE_URL) {
  summary.push(...(await run("PostgreSQL", { DATABASE_URL: process.env.BENCH_DATABASE_URL })));
}
console.log("\nSummary (vs static: req/s ÷ the static server's, same database run and encoding)");
console.table(summary);
