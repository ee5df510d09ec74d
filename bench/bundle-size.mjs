/**
 * First-load JavaScript per public page, gzip (docs/budgets.md budget: ≤ 140 KB). Loads each page
 * from the production build and sums every script it references (src and modulepreload) and
 * its inline scripts, gzipped at level 9 like a CDN would, for every page in English, Hindi and
 * Kannada (LANGS=en,hi,kn). Prints figures; never fails.
 */
import { gzipSync } from "node:zlib";
import { startServer } from "./start-server.mjs";

const englishPages = [
  "/",
  "/plant",
  "/supplies",
  "/ratelist",
  "/faq",
  "/cart",
  "/checkout",
  "/payment",
  "/orderpage",
  "/account",
];
// Every page in each language (docs/languages.md): the same scripts, but each page's words travel in its
// inline loader data, so the inline column differs per language. LANGS=en limits the run.
const prefixes = { en: "", hi: "/hi", kn: "/kn" };
const pages = (process.env.LANGS ?? "en,hi,kn")
  .split(",")
  .flatMap((lang) =>
    englishPages.map((page) =>
      prefixes[lang] ? (page === "/" ? prefixes[lang] : prefixes[lang] + page) : page,
    ),
  );
const server = await startServer();
try {
  const rows = [];
  for (const page of pages) {
    const html = await (await fetch(server.base + page)).text();
    const urls = new Set();
    for (const match of html.matchAll(
      // Module preloads, also as the server writes them until after the LCP (ADR 0017).
      /<(?:script[^>]*\ssrc|link[^>]*rel="(?:x-after-paint-)?modulepreload"[^>]*\shref)="([^"]+)"/g,
    )) {
      urls.add(match[1]);
    }
    for (const match of html.matchAll(
      /import\("([^"]+\.js)"\)|import \* as \w+ from "([^"]+\.js)"/g,
    )) {
      urls.add(match[1] ?? match[2]);
    }
    let raw = 0;
    let gzip = 0;
    for (const url of urls) {
      const body = Buffer.from(await (await fetch(new URL(url, server.base))).arrayBuffer());
      raw += body.length;
      gzip += gzipSync(body, { level: 9 }).length;
    }
    const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)]
      .map((m) => m[1])
      .join("");
    const inlineGzip = gzipSync(Buffer.from(inline), { level: 9 }).length;
    rows.push({
      page,
      files: urls.size,
      "raw KB": (raw / 1024).toFixed(1),
      "gzip KB": (gzip / 1024).toFixed(1),
      "inline gzip KB": (inlineGzip / 1024).toFixed(1),
      "files + inline KB": ((gzip + inlineGzip) / 1024).toFixed(1),
      "html gzip KB": (gzipSync(Buffer.from(html), { level: 9 }).length / 1024).toFixed(1),
    });
  }
  console.table(rows);
} finally {
  await server.stop();
}
