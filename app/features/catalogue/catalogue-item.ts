/**
 * The shape of a product in the public catalogue (/plant, /supplies): what a product card
 * renders. Prices are integer paise; texts in the page's language (docs/languages.md).
 */
import type { Product } from "~/db/schema/catalogue";
import type { PhotoRef } from "./product-photo";

/** A product as the public catalogue shows it (the fields a product card renders). */
export type CatalogueItem = Pick<
  Product,
  | "id"
  | "slug"
  | "name"
  | "description"
  | "pricePaise"
  | "imagePath"
  | "sunlight"
  | "watering"
  | "features"
  | "usage"
  | "plantHeight"
> & {
  /**
   * A fertiliser's pack size, and the drawn art's English alt text (English pages only): absent
   * when there is none (a plant's size, a Hindi or Kannada page's alt), so a page carries no
   * inline bytes for them (docs/budgets.md).
   */
  size?: string;
  imageAlt?: string;
  /** stock > 0 when read: the card shows 'Out of stock' otherwise. */
  inStock: boolean;
  /**
   * The product's first photo (docs/uploads.md "Product photos"); absent, not null, when it has
   * none (the card shows the drawn art `imagePath`), so a page without photos carries no bytes
   * for them in its inline data (docs/budgets.md).
   */
  photo?: PhotoRef;
};
