/**
 * One product in a catalogue grid: illustration (width, height, alt), name, price in rupees,
 * description, and for plants the care details of spec §3.
 */
import type { ReactNode } from "react";
import { formatPaise } from "~/utils/money";
import type { CatalogueItem } from "./catalogue.server";

const usageLabel = { indoor: "Indoor", outdoor: "Outdoor", both: "Indoor and outdoor" } as const;

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
  const headingId = `product-${item.slug}`;
  return (
    <article className="product-card" aria-labelledby={headingId}>
      <img
        src={item.imagePath}
        alt={item.imageAlt}
        width={240}
        height={240}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
      />
      <div className="product-card__body">
        <h2 id={headingId} className="product-card__name">
          {item.name}
          {item.size ? <span className="product-card__size"> {item.size}</span> : null}
        </h2>
        <p className="product-card__price">{formatPaise(item.pricePaise)}</p>
        {item.inStock ? null : <p className="product-card__stock">Out of stock</p>}
        <p>{item.description}</p>
        {item.usage ? (
          <dl className="product-card__details">
            {item.sunlight ? (
              <>
                <dt>Sunlight</dt>
                <dd>{item.sunlight}</dd>
              </>
            ) : null}
            {item.watering ? (
              <>
                <dt>Watering</dt>
                <dd>{item.watering}</dd>
              </>
            ) : null}
            {item.features.length > 0 ? (
              <>
                <dt>Features</dt>
                <dd>{item.features.join(", ")}</dd>
              </>
            ) : null}
            <dt>Usage</dt>
            <dd>{usageLabel[item.usage]}</dd>
            {item.plantHeight ? (
              <>
                <dt>Height</dt>
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
