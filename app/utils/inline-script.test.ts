import { describe, expect, it } from "vitest";
import { AFTER_PAINT_LOADER } from "./after-paint-scripts";
import { EARLY_CLICKS_SCRIPT } from "./early-clicks";
import { compactInlineScript } from "./inline-script";

describe("compactInlineScript", () => {
  it("drops comment lines and indentation, and keeps every line of code", () => {
    const source = `(function () {
      // a comment
      var url = "https://example.com/a"; // not at the start: kept
      if (a) {
        b();
      }
    })();`;
    expect(compactInlineScript(source)).toBe(
      '(function () {\nvar url = "https://example.com/a"; // not at the start: kept\nif (a) {\nb();\n}\n})();',
    );
  });

  it("leaves the shipped scripts valid JavaScript, without comment lines", () => {
    for (const script of [AFTER_PAINT_LOADER, EARLY_CLICKS_SCRIPT]) {
      expect(() => new Function(script)).not.toThrow();
      expect(script.split("\n").some((line) => line.startsWith("//"))).toBe(false);
      expect(script.split("\n").some((line) => line.startsWith(" "))).toBe(false);
    }
  });
});
