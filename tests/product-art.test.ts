/**
 * Every catalogue product has its own small SVG illustration in public/images/products, and
 * the committed files are what the generator draws from the current catalogue.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { fertilisers } from "../content/catalogue/fertilisers";
import { plants } from "../content/catalogue/plants";
import { renderProductSvg } from "../scripts/generate-product-art";

const products = [
  ...plants.map((p) => ({ slug: p.slug, art: p.art, label: "" })),
  ...fertilisers.map((f) => ({ slug: f.slug, art: f.art, label: f.size })),
];

describe("product art", () => {
  it.each(products)(
    "$slug.svg is committed, current, sized and self-contained",
    ({ slug, art, label }) => {
      const file = path.join("public/images/products", `${slug}.svg`);
      const svg = fs.readFileSync(file, "utf8");
      expect(svg).toBe(renderProductSvg(art, slug, label));
      expect(svg).toContain('width="240" height="240"');
      expect(Buffer.byteLength(svg)).toBeLessThan(3000);
      expect(svg).not.toMatch(/<script|<image|href="(?!#)|@import|url\(/i);
    },
  );

  it("draws two plants of the same family differently", () => {
    const [first, second] = plants.filter((p) => p.art.shape === "broadleaf");
    if (!first || !second) throw new Error("need two broadleaf plants");
    expect(renderProductSvg(first.art, first.slug)).not.toBe(
      renderProductSvg(second.art, second.slug),
    );
  });
});
