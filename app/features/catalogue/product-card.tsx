/**
 * One product in a catalogue grid: illustration (width, height, alt), name, price in rupees,
 * description, and for plants the care details of spec §3.
 */
import type { ReactNode } from "react";
import { useLang, useT } from "~/i18n/i18n-react";
import { formatPaise } from "~/utils/money";
import type { CatalogueItem } from "./catalogue-item";

/** A product card with its labels in the page's language (messages `shop.product.*`). */
export function ProductCard({
  item,
  eager = false,
  children,
}: {
  item: CatalogueItem;
  eager?: boolean;
  /** The purchase control (the route composes it from the cart feature). */
  children?: ReactNode;
}) {
  const t = useT();
  const lang = useLang();
  const headingId = `product-${item.slug}`;
  return (
    <article className="product-card" aria-labelledby={headingId}>
      <img
        src={item.imagePath}
        // The stored alt text is English (edited by staff); other languages describe the
        // illustration by the product's name in that language.
        alt={lang === "en" ? item.imageAlt : t("shop.product.imageAlt", { name: item.name })}
        width={240}
        height={240}
        loading={eager ? "eager" : "lazy"}
        // The first cards' pictures (the LCP) are decoded before `load`, so the largest paint
        // comes before the scripts start (ADR 0017); the others may decode off the main thread.
        decoding={eager ? "sync" : "async"}
      />
      <div className="product-card__body">
        <h2 id={headingId} className="product-card__name">
          {item.name}
          {item.size ? <span className="product-card__size"> {item.size}</span> : null}
        </h2>
        <p className="product-card__price">{formatPaise(item.pricePaise)}</p>
        {item.inStock ? null : (
          <p className="product-card__stock">{t("shop.product.outOfStock")}</p>
        )}
        <p>{item.description}</p>
        {item.usage ? (
          <dl className="product-card__details">
            {item.sunlight ? (
              <>
                <dt>{t("shop.product.sunlight")}</dt>
                <dd>{item.sunlight}</dd>
              </>
            ) : null}
            {item.watering ? (
              <>
                <dt>{t("shop.product.watering")}</dt>
                <dd>{item.watering}</dd>
              </>
            ) : null}
            {item.features.length > 0 ? (
              <>
                <dt>{t("shop.product.features")}</dt>
                <dd>{item.features.join(", ")}</dd>
              </>
            ) : null}
            <dt>{t("shop.product.usage")}</dt>
            <dd>{t(`shop.product.usedFor.${item.usage}`)}</dd>
            {item.plantHeight ? (
              <>
                <dt>{t("shop.product.height")}</dt>
                <dd>{item.plantHeight}</dd>
              </>
            ) : null}
          </dl>
        ) : null}
        {children}
      </div>
    </article>
  );
}
