/**
 * Where the shop delivers and what it costs (docs/shop.md "Delivery areas", ADR 0042): pure
 * rules over the delivery areas staff define, with no database access, so the cart, checkout,
 * the order's placing and the tests all price delivery the same way. Browser-safe.
 *
 * Money is integer paise; delivery times are whole days. A PIN code is six digits, the first
 * not 0 (India Post); an area's prefix is its first one to six digits.
 */

/** One delivery area as staff define it. */
export interface DeliveryArea {
  id: number;
  /** 1–6 digits, first not 0: '560' covers 560001–560999; '560025' one PIN code. */
  prefix: string;
  /** What staff and shoppers call it, e.g. 'Bengaluru'. */
  name: string;
  /** Delivery charge in paise when the goods are below `freeFromPaise`. */
  chargePaise: number;
  /** Goods worth at least this much (paise, before any coupon) travel free; null: never free. */
  freeFromPaise: number | null;
  /** Estimated delivery time in days after the order is placed, e.g. 2 to 4. */
  minDays: number;
  maxDays: number;
  /** Whether cash on delivery is accepted here. */
  cashOnDelivery: boolean;
  /** Highest amount to collect at the door (paise); null: no limit beyond the shop's own. */
  cashOnDeliveryMaxPaise: number | null;
}

/** What delivery to one PIN code costs for a given cart. */
export interface DeliveryQuote {
  area: DeliveryArea;
  /** 0 when the goods reach the area's free-delivery amount. */
  chargePaise: number;
  /** The goods' shortfall to free delivery (paise); null when already free or never free. */
  freeDeliveryShortfallPaise: number | null;
  minDays: number;
  maxDays: number;
}

const PIN_CODE = /^[1-9][0-9]{5}$/;
const PREFIX = /^[1-9][0-9]{0,5}$/;

/** Whether `pinCode` has the form of an Indian PIN code (six digits, first not 0). */
export function isPinCode(pinCode: string): boolean {
  return PIN_CODE.test(pinCode);
}

/** Whether `prefix` can be an area's prefix (one to six digits, first not 0). */
export function isAreaPrefix(prefix: string): boolean {
  return PREFIX.test(prefix);
}

/**
 * The area that serves `pinCode`: of the areas whose prefix starts it, the one with the longest
 * prefix (so '560025' can differ from the rest of '560'). Null when the PIN code is malformed
 * or no area covers it (unserviceable).
 */
export function areaFor(areas: readonly DeliveryArea[], pinCode: string): DeliveryArea | null {
  if (!isPinCode(pinCode)) return null;
  let best: DeliveryArea | null = null;
  for (const area of areas) {
    if (!pinCode.startsWith(area.prefix)) continue;
    if (best === null || area.prefix.length > best.prefix.length) best = area;
  }
  return best;
}

/**
 * Delivery of goods worth `goodsPaise` (the cart's subtotal before any coupon: a coupon is
 * store credit, paid with, not a discount that lowers the basket; ADR 0042) to `pinCode`.
 * Null when the PIN code is unserviceable or malformed.
 * @throws RangeError when `goodsPaise` is not a whole number of paise ≥ 0.
 */
export function deliveryQuote(
  areas: readonly DeliveryArea[],
  pinCode: string,
  goodsPaise: number,
): DeliveryQuote | null {
  if (!Number.isInteger(goodsPaise) || goodsPaise < 0) {
    throw new RangeError(`goodsPaise must be whole paise ≥ 0, got ${goodsPaise}`);
  }
  const area = areaFor(areas, pinCode);
  if (!area) return null;
  const free = area.freeFromPaise !== null && goodsPaise >= area.freeFromPaise;
  return {
    area,
    chargePaise: free ? 0 : area.chargePaise,
    freeDeliveryShortfallPaise:
      free || area.freeFromPaise === null || area.chargePaise === 0
        ? null
        : area.freeFromPaise - goodsPaise,
    minDays: area.minDays,
    maxDays: area.maxDays,
  };
}

/**
 * Whether cash on delivery may be chosen for `toCollectPaise` (goods + delivery − coupon, what
 * the courier collects) in `area`.
 */
export function cashOnDeliveryAllowed(area: DeliveryArea, toCollectPaise: number): boolean {
  if (!area.cashOnDelivery) return false;
  return area.cashOnDeliveryMaxPaise === null || toCollectPaise <= area.cashOnDeliveryMaxPaise;
}

/**
 * A delivery check as pages show it (serialisable, no area id): served with the charge for the
 * goods, the free-delivery amount and shortfall, the days and the cash-on-delivery rule; or not
 * served.
 */
export type DeliveryCheck =
  | {
      pinCode: string;
      served: true;
      areaName: string;
      chargePaise: number;
      freeFromPaise: number | null;
      freeDeliveryShortfallPaise: number | null;
      minDays: number;
      maxDays: number;
      cashOnDelivery: boolean;
      cashOnDeliveryMaxPaise: number | null;
    }
  | { pinCode: string; served: false };

/**
 * The check for `pinCode` and goods worth `goodsPaise`; null when `pinCode` is not a PIN code.
 * @throws RangeError as {@link deliveryQuote}.
 */
export function deliveryCheckOf(
  areas: readonly DeliveryArea[],
  pinCode: string,
  goodsPaise: number,
): DeliveryCheck | null {
  if (!isPinCode(pinCode)) return null;
  const quote = deliveryQuote(areas, pinCode, goodsPaise);
  if (!quote) return { pinCode, served: false };
  const { area } = quote;
  return {
    pinCode,
    served: true,
    areaName: area.name,
    chargePaise: quote.chargePaise,
    freeFromPaise: area.chargePaise === 0 ? null : area.freeFromPaise,
    freeDeliveryShortfallPaise: quote.freeDeliveryShortfallPaise,
    minDays: quote.minDays,
    maxDays: quote.maxDays,
    cashOnDelivery: area.cashOnDelivery,
    cashOnDeliveryMaxPaise: area.cashOnDeliveryMaxPaise,
  };
}
