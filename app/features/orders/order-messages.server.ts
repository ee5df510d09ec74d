/**
 * The messages an order's events cause (docs/messages.md "Events"): written with
 * `enqueueMessage` inside the EVENT'S OWN transaction `tx`, so a rolled-back order leaves no
 * message. Customer messages go to the order's e-mail and WhatsApp number; 'staff_new_order'
 * goes by e-mail to SHOP_ALERT_EMAIL (nothing when it is unset). Money integer paise.
 */
import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { enqueueMessage, type OrderMessageParams } from "~/db/outbox.server";
import { type OrderStatus, orders } from "~/db/schema/shop";
import { localePath } from "~/i18n/languages";
import { env } from "~/utils/env.server";

type OrderRow = typeof orders.$inferSelect;

/** The address staff alerts go to: SHOP_ALERT_EMAIL, or null when unset (no alert row). */
export function shopAlertEmail(): string | null {
  return env().messages.shopAlertEmail;
}

async function orderRow(tx: Database, orderId: number): Promise<OrderRow> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new Error(`Order ${orderId} not found for its messages`);
  return order;
}

/**
 * The parameters every order message carries: the tracking link site-relative and in the
 * language the order was placed in (`/kn/orders/<token>`), the total in paise.
 */
export function orderMessageParams(order: OrderRow): OrderMessageParams {
  return {
    reference: order.reference,
    name: order.name,
    trackingPath: localePath(order.language, `/orders/${order.trackingToken}`),
    totalPaise: order.totalPaise,
    paymentMethod: order.paymentMethod,
  };
}

/** The customer templates of the status changes. */
const statusTemplates = {
  confirmed: "order_confirmed",
  shipped: "order_shipped",
  delivered: "order_delivered",
  cancelled: "order_cancelled",
} as const;

/**
 * A new order (inside `placeOrder`'s transaction; not for a replay): 'order_placed' to the
 * shopper (key `order:<id>:placed`) and 'staff_new_order' to SHOP_ALERT_EMAIL.
 */
export async function enqueueOrderPlaced(tx: Database, orderId: number): Promise<void> {
  const order = await orderRow(tx, orderId);
  const params = orderMessageParams(order);
  await enqueueMessage(tx, {
    template: "order_placed",
    to: { email: order.email, whatsapp: order.phone },
    params,
    language: order.language,
    dedupeKey: `order:${order.id}:placed`,
    entity: { type: "order", id: order.id },
  });
  const alert = shopAlertEmail();
  if (!alert) return;
  await enqueueMessage(tx, {
    template: "staff_new_order",
    to: { email: alert },
    params: { ...params, dashboardPath: `/dashboard/orders/${order.id}` },
    language: "en",
    dedupeKey: `order:${order.id}:staff-new-order`,
    entity: { type: "order", id: order.id },
  });
}

/**
 * The order moved from `from` to `to` (inside `transitionOrder`'s transaction):
 * 'order_confirmed', 'order_shipped', 'order_delivered' or 'order_cancelled' (key
 * `order:<id>:<status>`; the workflow never returns to a status, so each comes once). An order
 * the customer confirmed with a code (awaiting_confirmation → placed) gets the messages of a new
 * order now ({@link enqueueOrderPlaced}); one never confirmed and cancelled gets nothing: the
 * code's message said it would be cancelled, and the phone may not be the orderer's
 * (docs/shop.md "Confirming a cash-on-delivery order").
 */
export async function enqueueOrderStatus(
  tx: Database,
  orderId: number,
  from: OrderStatus,
  to: OrderStatus,
): Promise<void> {
  if (from === "awaiting_confirmation") {
    if (to === "placed") await enqueueOrderPlaced(tx, orderId);
    return;
  }
  if (to === "placed" || to === "awaiting_confirmation") return;
  const order = await orderRow(tx, orderId);
  await enqueueMessage(tx, {
    template: statusTemplates[to],
    to: { email: order.email, whatsapp: order.phone },
    params: orderMessageParams(order),
    language: order.language,
    dedupeKey: `order:${order.id}:${to}`,
    entity: { type: "order", id: order.id },
  });
}
