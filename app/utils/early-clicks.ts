/**
 * Presses made before the page has hydrated are kept and replayed once it has (issue 15 item 4,
 * ADR 0017). On a slow phone the page shows well before its JavaScript has run, and in that
 * moment a button's React handler does not exist yet: the phone menu's button would do
 * nothing, and 'Add to cart' would be a plain form post (a reload) instead of the in-place
 * "Added to cart". The inline script in the document's head (which also sets the
 * `js` class on <html>) catches every click on a button in that moment, in the capture phase,
 * stops it and queues the button; `releaseEarlyClicks()`, called from the root layout's effect
 * once React has hydrated, presses the queued buttons again in order, now handled by React.
 * If the page has not hydrated 10 s after it started (the scripts failed to load), the queue
 * is released anyway and the presses do what they do without JavaScript (forms submit).
 * Links are never held: they work the same before hydration. Safe for the browser bundle.
 */

/** Source of the head's inline classic script (needs the page's CSP nonce). */
export const EARLY_CLICKS_SCRIPT = `(function () {
  var d = document;
  d.documentElement.classList.add("js");
  var queue = [];
  var released = false;
  function hold(event) {
    var target = event.target;
    var button = target && target.closest ? target.closest("button") : null;
    if (!button || button.disabled) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    queue.push(button);
  }
  d.addEventListener("click", hold, true);
  window.__releaseEarlyClicks = function () {
    if (released) return;
    released = true;
    d.removeEventListener("click", hold, true);
    queue.splice(0).forEach(function (button) {
      if (button.isConnected) button.click();
    });
  };
  setTimeout(window.__releaseEarlyClicks, 10000);
})();`;

/**
 * Replays the presses held since the page started (see the module doc); a second call does
 * nothing. Call it once React has hydrated (an effect of the root layout).
 */
export function releaseEarlyClicks(): void {
  const release = (window as { __releaseEarlyClicks?: () => void }).__releaseEarlyClicks;
  // After the effect: the replayed presses reach React outside its commit.
  if (release) setTimeout(release, 0);
}
