import { setupI18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { createContext, useContext } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import en from "~/i18n/catalogues/en.json" with { type: "json" };
import hi from "~/i18n/catalogues/hi.json" with { type: "json" };
import type { CartLineView } from "./cart.server";
import { CartLines } from "./cart-lines";

const tulsi: CartLineView = {
  productId: 1,
  slug: "tulsi",
  name: "Tulsi",
  size: null,
  imagePath: "/images/products/tulsi.svg",
  imageAlt: "Tulsi",
  unitPricePaise: 6000,
  quantity: 2,
  lineTotalPaise: 12000,
  stock: 2,
  maxQuantity: 2,
  available: true,
};

const Lines = createContext<CartLineView[]>([]);

function CartPage() {
  return <CartLines lines={useContext(Lines)} />;
}

// The lines' forms need a router.
const Stub = createRoutesStub([{ path: "/", Component: CartPage }]);

/** The cart lines as the server renders them, in `lang`. */
function render(lines: CartLineView[], lang: "en" | "hi" = "en"): string {
  const i18n = setupI18n({ locale: lang, messages: { [lang]: lang === "en" ? en : hi } });
  return renderToStaticMarkup(
    <I18nProvider i18n={i18n}>
      <Lines.Provider value={lines}>
        <Stub initialEntries={["/"]} />
      </Lines.Provider>
    </I18nProvider>,
  );
}

const limit = (html: string) => /<p class="cart-line__limit">([^<]*)<\/p>/.exec(html)?.[1] ?? null;
const plusDisabled = (html: string) =>
  /<button[^>]*value="increment"[^>]*disabled=""/.test(html) ||
  /<button[^>]*disabled=""[^>]*value="increment"/.test(html);

describe("a cart line at its limit says why '+' is greyed out", () => {
  it("by stock: 'Only 2 left.', in the page's language", () => {
    const html = render([tulsi]);
    expect(plusDisabled(html)).toBe(true);
    expect(limit(html)).toBe("Only 2 left.");
    expect(limit(render([tulsi], "hi"))).toBe("सिर्फ़ 2 बचे हैं।");
  });

  it("by the per-line cap when there is more stock", () => {
    const html = render([{ ...tulsi, quantity: 20, stock: 50, maxQuantity: 20 }]);
    expect(plusDisabled(html)).toBe(true);
    expect(limit(html)).toBe("At most 20 per order.");
  });

  it("says nothing below the limit", () => {
    const html = render([{ ...tulsi, quantity: 1 }]);
    expect(plusDisabled(html)).toBe(false);
    expect(limit(html)).toBeNull();
  });
});
