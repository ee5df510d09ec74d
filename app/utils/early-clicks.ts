/**
 * Presses made before the page has hydrated are kept and replayed once it has
 * (ADR 0017). The JavaScript starts only after the largest contentful paint, so for a moment
 * after the page appears a button's React handler does not exist yet: the phone menu's button
 * would do nothing, and 'Add to cart' would be a plain form post (a reload) instead of the
 * in-place "Added to cart". The inline script in the document's head (which also sets the
 * `js` class on <html>) catches every click on a button in that moment, in the capture phase,
 * stops it and queues the button; `releaseEarlyClicks()`, called from the root layout's effect
 * once React has hydrated, presses the queued buttons again in order, now handled by React —
 * each button once, however often it was tapped while the page did not answer.
 * If the page has not hydrated 10 s after it started (the scripts failed to load), the queue
 * is released anyway and the presses do what they do without JavaScript (forms submit).
 * Links are never held: they work the same before hydration.
 *
 * Typing before hydration is kept too. A field React controls keeps its own (server) value in
 * state, and its first render after hydration writes that back over the typing. So the same
 * script remembers every field typed into or chosen in before hydration (capture-phase `input`
 * and `change`), and the release, before the presses, reports each to React as the visitor's
 * input: another value through the element's own `value` setter (the one React watches), the
 * typed value through the prototype's setter (which React does not), then `input` (`change`
 * for lists, `click` for check boxes and radio buttons), what a keystroke or a choice
 * dispatches, so React's `onChange` runs and its state holds the typed value. Safe for the
 * browser bundle.
 */

import { compactInlineScript } from "./inline-script";

/** Source of the head's inline classic script (needs the page's CSP nonce). */
// Pure: the browser bundle, which never uses the text (root.tsx `inlineScript`), drops it.
export const EARLY_CLICKS_SCRIPT = /* @__PURE__ */ compactInlineScript(`(function () {
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
    // A second tap on the same button is "nothing happened, again", not a second press: the
    // menu must not open and close, nor a product go in twice.
    if (queue.indexOf(button) === -1) queue.push(button);
  }
  d.addEventListener("click", hold, true);
  // Fields typed into (or chosen in) before hydration, with what they hold.
  var typed = [];
  function remember(event) {
    var field = event.target;
    if (!field || !/^(INPUT|TEXTAREA|SELECT)$/.test(field.tagName)) return;
    for (var i = 0; i < typed.length; i++) if (typed[i].field === field) typed.splice(i, 1);
    typed.push({ field: field, value: field.value, checked: field.checked });
  }
  d.addEventListener("input", remember, true);
  d.addEventListener("change", remember, true);
  function replayTyping() {
    d.removeEventListener("input", remember, true);
    d.removeEventListener("change", remember, true);
    typed.splice(0).forEach(function (entry) {
      var field = entry.field;
      if (!field.isConnected) return;
      if (field.type === "checkbox") {
        // A dispatched click toggles a check box: set the opposite (unseen by React), and the
        // click brings it back to what was chosen while React sees the change.
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "checked").set.call(field, !entry.checked);
        field.dispatchEvent(new MouseEvent("click", { bubbles: true }));
        return;
      }
      if (field.type === "radio") {
        if (!entry.checked) return;
        field.checked = !entry.checked;
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "checked").set.call(field, entry.checked);
        field.dispatchEvent(new MouseEvent("click", { bubbles: true }));
        return;
      }
      field.value = entry.value === "" ? " " : "";
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value").set.call(field, entry.value);
      field.dispatchEvent(new Event(field.tagName === "SELECT" ? "change" : "input", { bubbles: true }));
    });
  }
  window.__releaseEarlyClicks = function () {
    if (released) return;
    released = true;
    d.removeEventListener("click", hold, true);
    try {
      replayTyping();
    } catch (error) {}
    queue.splice(0).forEach(function (button) {
      if (button.isConnected) button.click();
    });
  };
  setTimeout(window.__releaseEarlyClicks, 10000);
})();`);

/**
 * Replays the presses held since the page started (see the module doc); a second call does
 * nothing. Call it once React has hydrated (an effect of the root layout).
 */
export function releaseEarlyClicks(): void {
  const release = (window as { __releaseEarlyClicks?: () => void }).__releaseEarlyClicks;
  // After the effect: the replayed presses reach React outside its commit.
  if (release) setTimeout(release, 0);
}
