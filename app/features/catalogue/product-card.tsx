/**
 * One product in a catalogue grid: its first photo (AVIF, WebP, JPEG in `<picture>`), or the
 * drawn illustration when it has none (width, height, alt), name, price in rupees, description,
 * and for plants the care details of spec §3.
 */
import type { ReactNode } from "react";
import { preload } from "react-dom";
import { useLang, useT } from "~/i18n/i18n-react";
import { formatPaise } from "~/utils/money";
import type { CatalogueItem } from "./catalogue-item";
import { CARD_PHOTO_SIZES, type PhotoRef, photoSrcSet, photoUrl } from "./product-photo";

/**
 * Asks for `photo` from the page's <head> (React hoists the link there), before the parser
 * reaches its card: the first photo is a phone's largest paint (docs/uploads.md). Only browsers
 * that read AVIF fetch it, the format the card's <picture> would choose.
 */
function preloadPhoto(photo: PhotoRef): void {
  preload(photoUrl(photo.id, photo.width, "avif"), {
    as: "image",
    type: "image/avif",
    imageSrcSet: photoSrcSet(photo, "avif"),
    imageSizes: CARD_PHOTO_SIZES,
    fetchPriority: "high",
  });
}

/**
 * The fetch priority of a card's photo: the first card's first (a phone's LCP); the second's
 * (eager for wide screens, where it sits beside the first) low, so that on a phone, below the
 * fold, it does not share the bandwidth with the first; the browser's own for the lazy rest.
 */
function photoPriority(first: boolean, eager: boolean): "high" | "low" | undefined {
  if (first) return "high";
  return eager ? "low" : undefined;
}

/** A product card with its labels in the page's language (messages `shop.product.*`). */
export function ProductCard({
  item,
  eager = false,
  first = false,
  children,
}: {
  item: CatalogueItem;
  eager?: boolean;
  /** The page's first card: its photo (a phone's LCP) is fetched first (`fetchpriority`). */
  first?: boolean;
  /** The purchase control (the route composes it from the cart feature). */
  children?: ReactNode;
}) {
  const t = useT();
  const lang = useLang();
  const headingId = `product-${item.slug}`;
  const photo = item.photo;
  if (photo && first) preloadPhoto(photo);
  const picture = (
    <img
      src={photo ? photoUrl(photo.id, photo.width, "jpeg") : item.imagePath}
      srcSet={photo && photoSrcSet(photo, "jpeg")}
      sizes={photo && CARD_PHOTO_SIZES}
      // The stored alt text is English (edited by staff) and describes the drawn art; other
      // languages, and every photo, name the picture by the product's name in that language.
      alt={
        photo
          ? t("shop.photo.alt", { name: item.name })
          : lang === "en"
            ? item.imageAlt
            : t("shop.product.imageAlt", { name: item.name })
      }
      // The box is set by the stylesheet (square, at most 240 px high), so the picture never
      // moves the page; width and height give its proportions.
      width={photo ? photo.width : 240}
      height={photo ? photo.height : 240}
      loading={eager ? "eager" : "lazy"}
      // The first cards' pictures (the LCP) are decoded before `load`, so the largest paint
      // comes before the scripts start (ADR 0017); the others may decode off the main thread.
      decoding={eager ? "sync" : "async"}
      fetchPriority={photo ? photoPriority(first, eager) : undefined}
    />
  );
  return (
    <article className="product-card" aria-labelledby={headingId}>
      {photo ? (
        // AVIF, else WebP, else JPEG, each at the width the card needs (docs/uploads.md).
        <picture>
          <source type="image/avif" srcSet={photoSrcSet(photo, "avif")} sizes={CARD_PHOTO_SIZES} />
          <source type="image/webp" srcSet={photoSrcSet(photo, "webp")} sizes={CARD_PHOTO_SIZES} />
          {picture}
        </picture>
      ) : (
        picture
      )}
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
