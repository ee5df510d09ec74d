/**
 * How low is low in stock (docs/dashboard.md "Overview"): an active product with at most
 * LOW_STOCK_AT units is listed under the overview's "Stock to refill" and under
 * `/dashboard/catalogue?stock=low`; 0 is out of stock (`?stock=out`). Browser-safe.
 */

/**
 * A constant, not a setting: five units is a day or two of a small shop's sales of one plant,
 * time enough to order more.
 */
export const LOW_STOCK_AT = 5;

/** The catalogue's stock filter: low (≤ LOW_STOCK_AT, 0 included) or out (0); active only. */
export const stockFilters = ["low", "out"] as const;
export type StockFilter = (typeof stockFilters)[number];

/**
 * Where an active product's stock stands (`stock` in units): "out" at 0, "low" at 1 …
 * LOW_STOCK_AT, null above it or when the product is not on sale (inactive). The staff
 * catalogue marks the row with it, the same rule as the `?stock=` filter.
 */
export function stockLevel(stock: number, active: boolean): StockFilter | null {
  if (!active || stock > LOW_STOCK_AT) return null;
  return stock <= 0 ? "out" : "low";
}
