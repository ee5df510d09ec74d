/**
 * The messages of online payments (docs/messages.md "Events"): 'payment_received' when an
 * order becomes paid online, 'payment_failed' for each failed payment attempt, written with
 * `enqueueMessage` inside the payment event's own transaction. Money integer paise.
 */
import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { enqueueMessage } from "~/db/outbox.server";
import { orders } from "~/db/schema/shop";
import { localePath } from "~/i18n/languages";

/**
 * Enqueues 'payment_received' (key `order:<id>:payment-received`: 'paid' is final, so once) or
 * 'payment_failed' (key `order:<id>:payment-failed:<Razorpay payment id>`: once per attempt) to
 * the order's e-mail and WhatsApp number, with the order as it is now in `tx`, in the language the
 * order was placed in (its tracking link too).
 */
export async function enqueuePaymentMessage(
  tx: Database,
  orderId: number,
  outcome: "received" | "failed",
  razorpayPaymentId: string,
): Promise<void> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new Error(`Order ${orderId} not found for its payment message`);
  await enqueueMessage(tx, {
    template: outcome === "received" ? "payment_received" : "payment_failed",
    to: { email: order.email, whatsapp: order.phone },
    params: {
      reference: order.reference,
      name: order.name,
      trackingPath: localePath(order.language, `/orders/${order.trackingToken}`),
      totalPaise: order.totalPaise,
      paymentMethod: order.paymentMethod,
    },
    language: order.language,
    dedupeKey:
      outcome === "received"
        ? `order:${order.id}:payment-received`
        : `order:${order.id}:payment-failed:${razorpayPaymentId}`,
    entity: { type: "order", id: order.id },
  });
}
