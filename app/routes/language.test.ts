/**
 * The language switch never sends a visitor to another site (docs/languages.md; the open
 * redirect a security review found: the check ran before the language prefix came off).
 */
import { describe, expect, it } from "vitest";
import { loader } from "./language";

function switchTo(lang: string, next: string): Response {
  const request = new Request(`http://127.0.0.1/language/${lang}?next=${encodeURIComponent(next)}`);
  return loader({ request, params: { lang }, context: undefined } as never) as Response;
}

describe("the language switch", () => {
  it.each([
    ["en", "/hi//evil.example/login", "/"],
    ["en", "/kn/..//evil.example", "/"],
    ["en", "/hi/%2e%2e//evil.example", "/"],
    ["kn", "//evil.example", "/kn"],
    ["hi", "https://evil.example/", "/hi"],
  ])("to %s with next=%s stays on this site (%s)", (lang, next, home) => {
    const response = switchTo(lang, next);
    expect(response.status).toBe(303);
    const location = response.headers.get("Location") ?? "";
    expect(location.startsWith("/")).toBe(true);
    expect(location.startsWith("//")).toBe(false);
    expect(new URL(location, "http://127.0.0.1").host).toBe("127.0.0.1");
    if (next.includes("evil")) expect([home, `${home}/`]).toContain(location.split("?")[0]);
  });

  it("keeps a same-site page and its query in the new language", () => {
    expect(switchTo("hi", "/plant?q=tulsi").headers.get("Location")).toBe("/hi/plant?q=tulsi");
    expect(switchTo("en", "/kn/ratelist").headers.get("Location")).toBe("/ratelist");
  });
});
