/**
 * Fetch the JavaScript only after the page has painted (ADR 0017).
 *
 * The server render (entry.server.tsx, `afterPaintModuleScripts()`) makes React Router's
 * module preloads and its inline module script inert: `<link rel="modulepreload">` becomes
 * `<link rel="${INERT_PRELOAD_REL}">` and `<script … type="module" async="">` becomes
 * `<script … type="${INERT_MODULE_TYPE}">`. `AFTER_PAINT_LOADER`, an inline classic script
 * the root layout renders after `<Scripts>`, waits for the window's `load` event (the
 * document and its eager images, so the LCP image too), one frame, and then until no new
 * largest-contentful-paint entry has come for `QUIET_MS` (a paint is reported only once it is
 * on screen, which can be after the frame's callbacks), then turns
 * the same elements back into real preloads and a real module script (same text, same nonce,
 * same DOM for React to hydrate). React Router then hydrates as before.
 *
 * Why: Lighthouse's simulated LCP puts on the LCP's path every script whose download ended
 * before the LCP was observed. On a fast connection that is a race the scripts sometimes won,
 * so the same page measured ≈ 0.8 s or ≈ 2.1 s. Scripts requested after the paint can never
 * be on that path, and on a slow network the document and the first images no longer share
 * the bandwidth with ≈ 110 KB of JavaScript.
 *
 * Without the rewrite (for example a React Router that writes different attributes), the
 * loader finds nothing inert and does nothing: the page loads its scripts the ordinary way.
 */

import { compactInlineScript } from "./inline-script";

/** `rel` of a modulepreload link made inert by the server. */
export const INERT_PRELOAD_REL = "x-after-paint-modulepreload";

/** `type` of React Router's inline module script made inert by the server. */
export const INERT_MODULE_TYPE = "text/x-after-paint-module";

/**
 * Milliseconds without a new largest-contentful-paint entry, after the first frame after
 * `load`, before the scripts are fetched: the delay hydration pays for a steady LCP.
 */
export const QUIET_MS = 100;

/**
 * Source of the inline classic script that activates the inert preloads and module script
 * after `load` and the LCP paint. After `load` (the document and its eager images are in) it
 * waits for the next frame, then until no new largest-contentful-paint entry has come for
 * `QUIET_MS`. A script that never ran (its type was unknown) runs when its text changes (HTML
 * "prepare the script element"), with its own nonce, so the DOM React hydrates stays the same. Needs the page's CSP nonce on its own `<script>`; the module script
 * keeps the nonce the server gave it.
 */
// Pure: the browser bundle, which never uses the text (root.tsx `inlineScript`), drops it.
export const AFTER_PAINT_LOADER = /* @__PURE__ */ compactInlineScript(`(function () {
  var d = document;
  var activated = false;
  // Runs fn in a task of its own, soon (a message, which unlike a nested timer is not
  // clamped to 4 ms), through one channel that the window holds, so that no collection of an
  // unreferenced channel can drop a message on its way.
  var queue = [];
  var channel = window.MessageChannel && (window.__afterPaintChannel = new MessageChannel());
  if (channel)
    channel.port1.onmessage = function () {
      queue.shift()();
    };
  function later(fn) {
    if (!channel) return setTimeout(fn, 0);
    queue.push(fn);
    channel.port2.postMessage(0);
  }
  function activate() {
    // Once: a largest-contentful-paint entry after the start must not start them "again".
    if (activated) return;
    activated = true;
    window.__scriptsStartedAt = performance.now();
    var links = d.querySelectorAll('link[rel="${INERT_PRELOAD_REL}"]');
    var scripts = d.querySelectorAll('script[type="${INERT_MODULE_TYPE}"]');
    var entries = [];
    scripts.forEach(function (script) {
      var found = script.textContent.match(/import\\("([^"]+)"\\)/g) || [];
      found.forEach(function (call) {
        entries.push(call.slice(8, -2));
      });
    });
    var chunks = [];
    links.forEach(function (link) {
      var href = link.getAttribute("href");
      if (href && entries.indexOf(href) === -1) chunks.push(href);
    });
    // Without a recognised entry, importing early could start hydration before React Router's
    // script has set its globals: then only the ordinary way.
    if (entries.length === 0) chunks = [];
    // Evaluate the shared chunks and route modules one per task, dependencies (listed after
    // the module that imports them) first, so that no single task evaluates them all; the
    // entry, which starts hydration, stays with React Router's own script.
    chunks.reverse();
    function next(i) {
      if (i >= chunks.length) return run();
      var step = function () {
        later(function () {
          next(i + 1);
        });
      };
      try {
        import(chunks[i]).then(step, step);
      } catch (error) {
        run();
      }
    }
    function run() {
      scripts.forEach(function (script) {
        script.type = "module";
        script.textContent = script.textContent;
      });
    }
    // The preloads start their downloads a few per task (starting one can take milliseconds),
    // all before the first import.
    var started = 0;
    function preload() {
      for (var end = started + 4; started < links.length && started < end; started++) {
        links[started].rel = "modulepreload";
      }
      if (started < links.length) later(preload);
      else next(0);
    }
    preload();
  }
  function afterPaint() {
    // The frame after load, or a second after it when no frame comes (a tab in the background).
    var framed = 0;
    function go() {
      if (framed++) return;
      var timer = setTimeout(activate, ${QUIET_MS});
      if (typeof PerformanceObserver === "undefined") return;
      try {
        var observer = new PerformanceObserver(function () {
          clearTimeout(timer);
          timer = setTimeout(function () {
            observer.disconnect();
            activate();
          }, ${QUIET_MS});
        });
        observer.observe({ type: "largest-contentful-paint", buffered: true });
      } catch (error) {}
    }
    requestAnimationFrame(go);
    setTimeout(go, 1000);
  }
  if (d.readyState === "complete") afterPaint();
  else addEventListener("load", afterPaint, { once: true });
})();`);
