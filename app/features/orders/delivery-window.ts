/**
 * When an order is expected to arrive (docs/shop.md "Delivery window"): between
 * DELIVERY_DAYS_MIN and DELIVERY_DAYS_MAX calendar days after the day it was placed, both in
 * Asia/Kolkata. Shown on the order's confirmation and tracking pages while it is on its way;
 * browser-safe (no server imports).
 */
import type { OrderStatus } from "~/db/schema/shop";
import { addDays, todayInKolkata } from "~/utils/dates";

/** The days an order may arrive on, "YYYY-MM-DD" in Asia/Kolkata; `from` ≤ `to`. */
export interface DeliveryWindow {
  from: string;
  to: string;
}

/** The delivery window settings (env DELIVERY_DAYS_MIN / DELIVERY_DAYS_MAX), days, min ≤ max. */
export interface DeliveryDays {
  deliveryDaysMin: number;
  deliveryDaysMax: number;
}

/** Statuses of an order still to be delivered: only these show a window. */
const ON_ITS_WAY: readonly OrderStatus[] = ["placed", "confirmed", "shipped"];

/**
 * The expected delivery window of an order placed at instant `placedAt` that is now `status`,
 * or null when there is nothing to expect any more (delivered or cancelled).
 * @throws RangeError when the settings are not whole days with min ≤ max (env.server.ts checks
 *   them at start, so only a programming error reaches this).
 */
export function expectedDeliveryWindow(
  placedAt: Date,
  status: OrderStatus,
  days: DeliveryDays,
): DeliveryWindow | null {
  const { deliveryDaysMin: min, deliveryDaysMax: max } = days;
  if (!Number.isInteger(min) || !Number.isInteger(max) || min < 0 || min > max) {
    throw new RangeError(`Delivery days must be whole, 0 ≤ min ≤ max; got ${min}–${max}`);
  }
  if (!ON_ITS_WAY.includes(status)) return null;
  const placedOn = todayInKolkata(placedAt);
  return { from: addDays(placedOn, min), to: addDays(placedOn, max) };
}
