/**
 * The expected delivery line of an order in the page's language (docs/shop.md "Delivery
 * window"): the window of delivery-window.ts from the DELIVERY_DAYS_* settings, its days
 * written by `Intl` in that language ("Thu, 3 Dec"; hi "गुरु, 3 दिस॰").
 */
import type { OrderStatus } from "~/db/schema/shop";
import type { Lang } from "~/i18n/languages";
import { formatCalendarDate } from "~/utils/dates";
import { env } from "~/utils/env.server";
import { expectedDeliveryWindow } from "./delivery-window";

/** The message and its values for the expected delivery, or null when nothing is expected. */
export interface DeliveryLine {
  id: "order.delivery.window" | "order.delivery.day";
  values: { from: string; to: string };
}

/**
 * The expected-delivery message of an order placed at `placedAt` that is now `status`, by the
 * days its delivery area promised when it was placed (`days`, docs/shop.md "Delivery areas"),
 * or by the DELIVERY_DAYS_* settings for an order that has none (placed before areas existed).
 * @throws EnvError when the settings are invalid (the server refuses to start first).
 */
export function deliveryLine(
  placedAt: Date,
  status: OrderStatus,
  lang: Lang,
  days: { deliveryMinDays: number | null; deliveryMaxDays: number | null } = {
    deliveryMinDays: null,
    deliveryMaxDays: null,
  },
): DeliveryLine | null {
  const { deliveryMinDays: min, deliveryMaxDays: max } = days;
  const window = expectedDeliveryWindow(
    placedAt,
    status,
    min !== null && max !== null ? { deliveryDaysMin: min, deliveryDaysMax: max } : env().shop,
  );
  if (!window) return null;
  const from = formatCalendarDate(window.from, lang);
  const to = formatCalendarDate(window.to, lang);
  return {
    id: window.from === window.to ? "order.delivery.day" : "order.delivery.window",
    values: { from, to },
  };
}
