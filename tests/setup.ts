/**
 * Every Vitest file: console.error fails the test (docs/layout.md habit 6).
 */
import { afterEach, vi } from "vitest";

const errors: unknown[][] = [];
vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
  errors.push(args);
});

afterEach(() => {
  if (errors.length > 0) {
    const seen = errors.splice(0).map((args) => args.map(String).join(" "));
    throw new Error(`console.error was called during the test:\n${seen.join("\n")}`);
  }
});
