/**
 * Orders: placing an order from the server-side cart, paid in cash on delivery or online
 * (docs/payments.md), reading it by its tracking token, and changing its status (docs/shop.md items
 * 4–6; spec §3 Order; docs/product.md). Online payment itself lives in features/payments.
 *
 * Money is integer paise computed here from the products table; nothing the browser sends is
 * trusted except which cart, the shipping address and the idempotency key.
 */
import { and, asc, eq, gte, sql } from "drizzle-orm";
import { type AuditActor, recordAudit } from "~/db/audit.server";
import { notifyIfStockCrossedZero } from "~/db/cache-invalidation.server";
import type { Database } from "~/db/client.server";
import { returnedRow } from "~/db/returned-row";
import { products } from "~/db/schema/catalogue";
import { cartLines, type OrderStatus, orderLines, orders } from "~/db/schema/shop";
import { listDeliveryAreas } from "~/features/delivery/delivery-areas.server";
import {
  cashOnDeliveryAllowed,
  type DeliveryQuote,
  deliveryQuote,
} from "~/features/delivery/delivery-quote";
import type { Lang } from "~/i18n/languages";
import { humanReference, isUnguessableToken, unguessableToken } from "~/utils/codes.server";
import { env } from "~/utils/env.server";
import { formatPaise } from "~/utils/money";
import { isUniqueViolation } from "~/utils/pg-errors";
import { type MessageRef, type MessageValues, message, Refusal } from "~/utils/refusal";
import { creditBills, issueBills } from "./bills.server";
import type { CheckoutInput } from "./checkout.schema";
import {
  codConfirmAbovePaise,
  lockAndCountUnconfirmedCodOrders,
  needsCustomerCode,
} from "./cod-order-cap.server";
import {
  CouponRejectedError,
  couponDiscount,
  findUsableCoupon,
  redeemCoupon,
  refundCouponOfOrder,
  type UsableCoupon,
} from "./coupons.server";
import { enqueueOrderPlaced, enqueueOrderStatus } from "./order-messages.server";
import { shopperCanCancel } from "./order-status";
import { orderHoldsStock, returnOrderStock } from "./order-stock.server";
import { assertOrderTransition } from "./order-transition.server";

/**
 * A line the shopper must look at again before ordering: `reason` is its message
 * (`checkout.refusal.*`, with the product's name and, for a shortfall, the count left).
 */
export interface ChangedLine {
  productId: number;
  name: string;
  reason: MessageRef;
}

/**
 * The order cannot be placed as shown, or changed as asked; nothing was written. A refusal
 * (ADR 0024) with an `errors.checkout.*` or `errors.order.*` id, status 404, 409 or 422, and
 * the lines that changed since the checkout page was shown.
 */
export class OrderRejectedError extends Refusal {
  override name = "OrderRejectedError";
  constructor(
    id: string,
    status: 404 | 409 | 422,
    readonly changedLines: ChangedLine[] = [],
    values: MessageValues = {},
  ) {
    super(id, values, { status });
  }
}

/**
 * The phone number already holds `cap` unconfirmed cash-on-delivery orders (docs/operations.md
 * "Anti-automation"): 409, `errors.checkout.codCapOne` / `codCapMany` with `{cap}`; the route
 * adds the shop's `{phone}`.
 */
export class UnconfirmedCodCapError extends OrderRejectedError {
  override name = "UnconfirmedCodCapError";
  constructor(readonly cap: number) {
    super(cap === 1 ? "errors.checkout.codCapOne" : "errors.checkout.codCapMany", 409, [], {
      cap,
    });
  }
}

/**
 * Largest order total: ₹10,00,000 in paise. Prices are editable up to ₹1,00,000 and a cart
 * may hold every product ×20, which could pass the integer total column; such an order is a
 * phone call anyway.
 */
export const MAX_ORDER_TOTAL_PAISE = 100_000_000;

/**
 * Razorpay's smallest charge, ₹1 in paise. An order whose total (after a coupon) is below it,
 * 0 included, is stored as cash on delivery: there is nothing, or too little, to pay online
 * (docs/exchange.md "Coupons").
 */
export const ONLINE_PAYMENT_MINIMUM_PAISE = 100;

export interface PlacedOrder {
  id: number;
  reference: string;
  trackingToken: string;
  totalPaise: number;
  /** As stored: a replayed form gets the first order's method, whatever it sends now. */
  paymentMethod: "cod" | "online";
  /** 'awaiting_confirmation' when the customer's code is needed; otherwise 'placed' (or later). */
  status: OrderStatus;
}

/** The delivery address and contact as checkout checked them; a business buyer's GSTIN, optional. */
type Shipping = Omit<
  CheckoutInput,
  "idempotencyKey" | "shownLines" | "shownDelivery" | "paymentMethod" | "couponCode" | "buyerGstin"
> & { buyerGstin?: string };

type PlaceOrderInput = {
  cartId: string;
  idempotencyKey: string;
  shownLines: string;
  shipping: Shipping;
  /** 'online' (docs/payments.md) stores payment status 'pending'; cash on delivery 'unpaid'. */
  paymentMethod?: "cod" | "online";
  /** A coupon code as typed (docs/exchange.md "Coupons"); absent or "" for none. */
  couponCode?: string;
  /**
   * Unconfirmed ('placed') cash-on-delivery orders the phone number may hold; a new one beyond
   * it is refused (docs/operations.md "Anti-automation").
   * Default: env().operations.unconfirmedCodOrdersPerPhone.
   */
  unconfirmedCodOrdersPerPhone?: number;
  /**
   * A cash-on-delivery order above this total (paise) from a phone never verified by a code is
   * stored 'awaiting_confirmation' (docs/shop.md "Confirming a cash-on-delivery order"); null:
   * none waits. Default: `codConfirmAbovePaise()` (cod-order-cap.server.ts).
   */
  codConfirmAbovePaise?: number | null;
  /**
   * The language of the page the order was placed on (default 'en'): its messages and
   * their links use it.
   */
  language?: Lang;
  /**
   * The delivery charge (paise) the checkout page showed for this order, or null when it showed
   * none (no PIN code known yet). When the charge now differs (another PIN code, an area staff
   * changed meanwhile) the order is refused with the new charge, like a changed price; a charge
   * of 0 needs nothing shown. Undefined: not compared (callers that price nothing for a page).
   */
  shownDeliveryPaise?: number | null;
  /**
   * The instant the order is placed: a coupon expired at or before it is refused. Default: the
   * time of the call (the checkout route passes its own; tests pass their clock).
   */
  now?: Date;
};

/** Parses "id:qty:price,…" as sent back by the checkout form; null when malformed. */
export function parseShownLines(
  description: string,
): Map<number, { quantity: number; unitPricePaise: number }> | null {
  const lines = new Map<number, { quantity: number; unitPricePaise: number }>();
  if (!description) return lines;
  for (const part of description.split(",")) {
    const match = /^(\d{1,9}):(\d{1,2}):(\d{1,9})$/.exec(part);
    if (!match) return null;
    lines.set(Number(match[1]), { quantity: Number(match[2]), unitPricePaise: Number(match[3]) });
  }
  return lines;
}

async function findByIdempotencyKey(db: Database, key: string) {
  const [row] = await db
    .select({
      id: orders.id,
      reference: orders.reference,
      trackingToken: orders.trackingToken,
      totalPaise: orders.totalPaise,
      paymentMethod: orders.paymentMethod,
      status: orders.status,
      cartId: orders.cartId,
    })
    .from(orders)
    .where(eq(orders.idempotencyKey, key));
  return row;
}

/**
 * Places the cart as one order, in one transaction, paid in cash on delivery (payment status
 * 'unpaid') or online (payment status 'pending' until Razorpay confirms; docs/payments.md): stock is decremented
 * only where enough remains; the order and a snapshot of its lines are inserted; the cart is
 * emptied. The same idempotency key from the same cart returns the first order again (a coupon
 * is spent once).
 *
 * With a coupon code (docs/exchange.md "Coupons") the coupon row is locked in the transaction
 * and min(balance, subtotal) becomes the order's discount: total = subtotal − discount, the
 * coupon's balance goes down by it and a redemption row is written. An order whose total is 0
 * needs no payment: it is stored as cash on delivery (nothing to collect), whatever was chosen
 * (so is a total below Razorpay's ₹1 minimum, {@link ONLINE_PAYMENT_MINIMUM_PAISE}).
 *
 * A cash-on-delivery order is refused while its phone number already holds
 * `unconfirmedCodOrdersPerPhone` unconfirmed ones (counted under a per-phone lock). One above
 * `codConfirmAbovePaise` from a phone never verified by a code is stored
 * 'awaiting_confirmation', without the new-order messages: the caller sends the customer a code
 * (docs/shop.md "Confirming a cash-on-delivery order").
 *
 * Delivery (docs/shop.md "Delivery areas", ADR 0042) is priced by the delivery area of the
 * shipping PIN code as the areas are inside the transaction: total = subtotal − discount +
 * delivery charge; the order keeps the charge and the area's delivery days.
 *
 * @param shownLines what the checkout page showed ("id:qty:price,…"); any difference from the
 *   cart now (quantity, price, lines added or removed) rejects the order.
 * @throws OrderRejectedError 409 empty cart, cart changed, out of stock, too many unconfirmed
 *   cash-on-delivery orders for the phone, key used by another cart, a delivery charge other
 *   than the one shown (`errors.checkout.deliveryChanged`, {delivery, pinCode}); 422 malformed shown lines, a PIN
 *   code no area serves (`errors.checkout.pinNotServed`), cash on delivery the area does not
 *   take or above its limit (`errors.checkout.codNotInArea`, `codAboveAreaLimit`).
 *   CouponRejectedError 422 unknown, expired or used-up code.
 */
export async function placeOrder(
  db: Database,
  input: PlaceOrderInput,
): Promise<PlacedOrder & { replayed: boolean }> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        // Checked inside the transaction: a request that waited for another with the same key
        // sees its order, not the cart that order emptied.
        const previous = await findByIdempotencyKey(tx, input.idempotencyKey);
        if (previous) return replay(previous, input.cartId);
        const placed = await placeInTransaction(tx, input);
        return { ...placed, replayed: false };
      });
    } catch (error) {
      // On PostgreSQL two requests with one key can both pass the check; the unique key stops
      // the second (or it finds the cart emptied), and it answers with the first one's order.
      if (
        isUniqueViolation(error, "orders_idempotency_key_unique") ||
        error instanceof OrderRejectedError ||
        error instanceof CouponRejectedError
      ) {
        const winner = await findByIdempotencyKey(db, input.idempotencyKey);
        if (winner) return replay(winner, input.cartId);
      }
      // A reference collision (1 in 10^9 per pair) is retried with a new reference.
      if (isUniqueViolation(error, "orders_reference_unique") && attempt < 3) continue;
      throw error;
    }
  }
}

function replay(
  previous: PlacedOrder & { cartId: string | null },
  cartId: string,
): PlacedOrder & { replayed: boolean } {
  if (previous.cartId !== cartId) {
    throw new OrderRejectedError("errors.checkout.formUsed", 409);
  }
  const { cartId: _cart, ...order } = previous;
  return { ...order, replayed: true };
}

/**
 * The order, written inside `placeOrder`'s transaction, in four steps: read the cart, compare
 * it with what the checkout page showed, reserve the stock, insert the order and its lines
 * (then empty the cart and record the order in the audit log).
 * @throws OrderRejectedError as `placeOrder` documents; nothing is kept (the transaction rolls back).
 */
async function placeInTransaction(tx: Database, input: PlaceOrderInput): Promise<PlacedOrder> {
  const shown = parseShownLines(input.shownLines);
  if (!shown) throw new OrderRejectedError("errors.checkout.formChanged", 422);
  const lines = await readCartLines(tx, input.cartId);
  if (lines.length === 0) throw new OrderRejectedError("errors.cart.empty", 409);
  const changed = linesChangedSinceShown(lines, shown);
  if (changed.length > 0) {
    throw new OrderRejectedError("errors.checkout.cartChanged", 409, changed);
  }
  await reserveStock(tx, lines);
  const subtotalPaise = orderSubtotal(lines);
  // Locked after the products: every transaction takes products, then the coupon.
  const coupon = input.couponCode
    ? await findUsableCoupon(tx, input.couponCode, input.now ?? new Date(), true)
    : null;
  const discountPaise = coupon ? couponDiscount(coupon.balancePaise, subtotalPaise) : 0;
  const delivery = await priceDelivery(tx, input, subtotalPaise);
  const totalPaise = subtotalPaise - discountPaise + delivery.chargePaise;
  let status: OrderStatus = "placed";
  if (effectivePaymentMethod(totalPaise, input.paymentMethod) === "cod") {
    if (!cashOnDeliveryAllowed(delivery.area, totalPaise)) {
      throw new OrderRejectedError(
        delivery.area.cashOnDelivery
          ? "errors.checkout.codAboveAreaLimit"
          : "errors.checkout.codNotInArea",
        422,
        [],
        {
          limit: formatPaise(delivery.area.cashOnDeliveryMaxPaise ?? 0),
          pinCode: input.shipping.pinCode,
        },
      );
    }
    const phone = input.shipping.phone;
    await checkUnconfirmedCodOrders(
      tx,
      phone,
      input.unconfirmedCodOrdersPerPhone ?? env().operations.unconfirmedCodOrdersPerPhone,
    );
    const abovePaise =
      input.codConfirmAbovePaise === undefined
        ? codConfirmAbovePaise()
        : input.codConfirmAbovePaise;
    if (await needsCustomerCode(tx, phone, totalPaise, abovePaise))
      status = "awaiting_confirmation";
  }
  const order = await insertOrder(tx, input, lines, {
    subtotalPaise,
    discountPaise,
    delivery,
    coupon,
    status,
  });
  if (coupon) await redeemCoupon(tx, coupon, order.id, discountPaise);
  await tx.delete(cartLines).where(eq(cartLines.cartId, input.cartId));
  await recordAudit(tx, {
    actor: "visitor",
    action: "order.placed",
    entity: "order",
    entityId: order.id,
    after: {
      reference: order.reference,
      totalPaise: order.totalPaise,
      paymentMethod: order.paymentMethod,
      ...(status === "placed" ? {} : { status }),
      ...(coupon ? { couponCode: coupon.code, discountPaise } : {}),
      ...(delivery.chargePaise > 0 ? { deliveryPaise: delivery.chargePaise } : {}),
    },
  });
  // An order waiting for the customer's code is announced once the code confirms it.
  if (status === "placed") await enqueueOrderPlaced(tx, order.id);
  return order;
}

/**
 * The order's delivery by the areas in force now, read in the order's transaction
 * (docs/shop.md "Delivery areas", ADR 0042): the charge is 0 from the area's free-delivery
 * amount of goods (`subtotalPaise`, before any coupon) on.
 * @throws OrderRejectedError 422 `errors.checkout.pinNotServed` ({pinCode}) when no area serves
 *   the PIN code; 409 `errors.checkout.deliveryChanged` ({delivery: '₹49', pinCode}) when the charge differs
 *   from `input.shownDeliveryPaise` (nothing shown counts as 0).
 */
async function priceDelivery(
  tx: Database,
  input: PlaceOrderInput,
  subtotalPaise: number,
): Promise<DeliveryQuote> {
  const { pinCode } = input.shipping;
  const quote = deliveryQuote(await listDeliveryAreas(tx), pinCode, subtotalPaise);
  if (!quote) throw new OrderRejectedError("errors.checkout.pinNotServed", 422, [], { pinCode });
  if (
    input.shownDeliveryPaise !== undefined &&
    quote.chargePaise !== (input.shownDeliveryPaise ?? 0)
  ) {
    throw new OrderRejectedError("errors.checkout.deliveryChanged", 409, [], {
      delivery: formatPaise(quote.chargePaise),
      pinCode,
    });
  }
  return quote;
}

/** The method an order of `totalPaise` is stored with: below ₹1 always cash on delivery. */
function effectivePaymentMethod(
  totalPaise: number,
  chosen: "cod" | "online" | undefined,
): "cod" | "online" {
  return totalPaise < ONLINE_PAYMENT_MINIMUM_PAISE ? "cod" : (chosen ?? "cod");
}

/**
 * The cap on unconfirmed cash-on-delivery orders per phone number
 * (docs/operations.md "Anti-automation"): a phone number may hold `cap` orders that are
 * cash on delivery and still 'placed' (staff have not confirmed them); the order that would
 * make it more than `cap` is refused. Race-safe: the phone's advisory lock is held for the rest
 * of the order's transaction (taken after the products and the coupon, like every order), so
 * two orders for one phone count one after the other.
 * @param phone E.164 (+91XXXXXXXXXX), as checkout.schema.ts stores it.
 * @throws OrderRejectedError 409 when the phone already holds `cap` such orders.
 */
async function checkUnconfirmedCodOrders(tx: Database, phone: string, cap: number) {
  if ((await lockAndCountUnconfirmedCodOrders(tx, phone)) >= cap) {
    throw new UnconfirmedCodCapError(cap);
  }
}

type CartLineNow = Awaited<ReturnType<typeof readCartLines>>[number];

/**
 * The cart's lines with each product as it is now, in product id order: `reserveStock` then
 * updates (and so locks) the products in that one order in every transaction.
 */
async function readCartLines(tx: Database, cartId: string) {
  return (
    tx
      .select({
        productId: products.id,
        name: products.name,
        description: products.description,
        imagePath: products.imagePath,
        unitPricePaise: products.pricePaise,
        hsnCode: products.hsnCode,
        gstRateBp: products.gstRateBp,
        active: products.active,
        stock: products.stock,
        quantity: cartLines.quantity,
      })
      .from(cartLines)
      .innerJoin(products, eq(products.id, cartLines.productId))
      .where(eq(cartLines.cartId, cartId))
      // One order of locking across transactions: no deadlocks between concurrent orders.
      .orderBy(asc(products.id))
  );
}

/**
 * What differs between the cart now and the lines the checkout page showed: lines added,
 * repriced, with another quantity, removed, or withdrawn from sale (empty when the shopper saw
 * the cart as it is).
 */
function linesChangedSinceShown(
  lines: readonly CartLineNow[],
  shown: ReadonlyMap<number, { quantity: number; unitPricePaise: number }>,
): ChangedLine[] {
  const changed: ChangedLine[] = [];
  const change = (line: { productId: number; name: string }, id: string) =>
    changed.push({
      productId: line.productId,
      name: line.name,
      reason: message(`checkout.refusal.${id}`, { product: line.name }),
    });
  for (const line of lines) {
    const seen = shown.get(line.productId);
    if (!seen) change(line, "added");
    else if (seen.unitPricePaise !== line.unitPricePaise) change(line, "newPrice");
    else if (seen.quantity !== line.quantity) change(line, "otherQuantity");
  }
  for (const productId of shown.keys()) {
    if (!lines.some((line) => line.productId === productId)) {
      changed.push({ productId, name: "", reason: message("checkout.refusal.removed") });
    }
  }
  for (const line of lines) {
    if (!line.active) change(line, "noLongerSold");
  }
  return changed;
}

/**
 * Takes each line's quantity off its product's stock, only where the product is still sold
 * and enough remains.
 * @throws OrderRejectedError 409 listing every line short of stock (the caller's transaction
 *   then rolls back the decrements already made).
 */
async function reserveStock(tx: Database, lines: readonly CartLineNow[]): Promise<void> {
  const soldOut: ChangedLine[] = [];
  for (const line of lines) {
    const updated = await tx
      .update(products)
      .set({ stock: sql`${products.stock} - ${line.quantity}`, updatedAt: new Date() })
      .where(
        and(
          eq(products.id, line.productId),
          eq(products.active, true),
          gte(products.stock, line.quantity),
        ),
      )
      .returning({ stock: products.stock });
    const [taken] = updated;
    if (taken) await notifyIfStockCrossedZero(tx, taken.stock, -line.quantity);
    if (updated.length === 0) {
      const [now] = await tx
        .select({ stock: products.stock })
        .from(products)
        .where(eq(products.id, line.productId));
      const left = now?.stock ?? 0;
      soldOut.push({
        productId: line.productId,
        name: line.name,
        reason:
          left > 0
            ? message("checkout.refusal.onlyLeft", { product: line.name, count: left })
            : message("checkout.refusal.outOfStock", { product: line.name }),
      });
    }
  }
  const [only] = soldOut;
  if (only && soldOut.length === 1 && only.reason.id === "checkout.refusal.outOfStock") {
    throw new OrderRejectedError("errors.cart.outOfStock", 409, soldOut, { product: only.name });
  }
  if (soldOut.length > 0) {
    throw new OrderRejectedError("errors.checkout.someOutOfStock", 409, soldOut);
  }
}

/**
 * Σ unit price × quantity of the lines, paise.
 * @throws OrderRejectedError 409 when it passes {@link MAX_ORDER_TOTAL_PAISE}.
 */
function orderSubtotal(lines: readonly CartLineNow[]): number {
  const subtotalPaise = lines.reduce((sum, line) => sum + line.unitPricePaise * line.quantity, 0);
  if (subtotalPaise > MAX_ORDER_TOTAL_PAISE) {
    throw new OrderRejectedError("errors.checkout.tooLarge", 409);
  }
  return subtotalPaise;
}

/**
 * Inserts the order (payment status 'pending' when paid online, 'unpaid' in cash on delivery;
 * a total below ₹1 is cash on delivery) and a snapshot of its lines (name,
 * description, image and price as they are now). Amounts in paise; total = subtotal − discount
 * + delivery.
 */
async function insertOrder(
  tx: Database,
  input: PlaceOrderInput,
  lines: readonly CartLineNow[],
  amounts: {
    subtotalPaise: number;
    discountPaise: number;
    delivery: DeliveryQuote;
    coupon: UsableCoupon | null;
    status: OrderStatus;
  },
): Promise<PlacedOrder> {
  const { subtotalPaise, discountPaise, delivery, coupon, status } = amounts;
  const totalPaise = subtotalPaise - discountPaise + delivery.chargePaise;
  const paymentMethod = effectivePaymentMethod(totalPaise, input.paymentMethod);
  const inserted = await tx
    .insert(orders)
    .values({
      reference: humanReference("OR"),
      trackingToken: unguessableToken(),
      idempotencyKey: input.idempotencyKey,
      cartId: input.cartId,
      status,
      ...input.shipping,
      paymentMethod,
      paymentStatus: paymentMethod === "online" ? "pending" : "unpaid",
      subtotalPaise,
      // Prices include GST (docs/tax.md); the coupon pays for goods, not delivery (ADR 0042).
      discountPaise,
      deliveryPaise: delivery.chargePaise,
      deliveryMinDays: delivery.minDays,
      deliveryMaxDays: delivery.maxDays,
      couponCode: coupon?.code ?? null,
      totalPaise,
      language: input.language ?? "en",
    })
    .returning({
      id: orders.id,
      reference: orders.reference,
      trackingToken: orders.trackingToken,
      totalPaise: orders.totalPaise,
      paymentMethod: orders.paymentMethod,
      status: orders.status,
    });
  const order = returnedRow(inserted, "Order insert");
  await tx.insert(orderLines).values(
    lines.map((line) => ({
      orderId: order.id,
      productId: line.productId,
      name: line.name,
      description: line.description,
      imagePath: line.imagePath,
      unitPricePaise: line.unitPricePaise,
      quantity: line.quantity,
      lineTotalPaise: line.unitPricePaise * line.quantity,
      hsnCode: line.hsnCode,
      gstRateBp: line.gstRateBp,
    })),
  );
  return order;
}

export type OrderView = NonNullable<Awaited<ReturnType<typeof getOrderByToken>>>;

/** The order and its lines for a tracking token; null when unknown. */
export async function getOrderByToken(db: Database, token: string) {
  if (!isUnguessableToken(token)) return null;
  const [order] = await db
    .select({
      id: orders.id,
      reference: orders.reference,
      trackingToken: orders.trackingToken,
      status: orders.status,
      paymentMethod: orders.paymentMethod,
      paymentStatus: orders.paymentStatus,
      razorpayPaymentId: orders.razorpayPaymentId,
      name: orders.name,
      phone: orders.phone,
      address: orders.address,
      city: orders.city,
      state: orders.state,
      pinCode: orders.pinCode,
      subtotalPaise: orders.subtotalPaise,
      discountPaise: orders.discountPaise,
      couponCode: orders.couponCode,
      deliveryPaise: orders.deliveryPaise,
      deliveryMinDays: orders.deliveryMinDays,
      deliveryMaxDays: orders.deliveryMaxDays,
      totalPaise: orders.totalPaise,
      language: orders.language,
      createdAt: orders.createdAt,
      deliveredAt: orders.deliveredAt,
    })
    .from(orders)
    .where(eq(orders.trackingToken, token));
  if (!order) return null;
  const lines = await db
    .select({
      id: orderLines.id,
      productId: orderLines.productId,
      name: orderLines.name,
      imagePath: orderLines.imagePath,
      unitPricePaise: orderLines.unitPricePaise,
      quantity: orderLines.quantity,
      lineTotalPaise: orderLines.lineTotalPaise,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.id));
  return { ...order, lines };
}

/**
 * Moves an order to `to` if the workflow allows it from its current status, in one
 * transaction; cancelling puts the ordered quantities back in stock and gives a coupon back
 * what the order took from it (docs/exchange.md "Coupons"). Concurrent changes are
 * caught by updating only from the status that was read; `expectedFrom` also refuses (409)
 * when the order is no longer in the status the caller saw.
 * Delivering issues the order's bills and cancelling credits the bills it has, in the same
 * transaction, dated `now` (docs/tax.md "Issuing").
 * The audit row holds `{before: {status}, after: {status}}`.
 * @param actor the staff member's e-mail, or 'visitor' for the shopper's own cancel (stored as
 *   the audit row's actor).
 * @param now the instant of the change (default: the call's); bills are dated by it.
 * @throws IllegalTransitionError; OrderRejectedError 404 for an unknown order, 409 when the
 *   status changed meanwhile.
 */
export async function transitionOrder(
  db: Database,
  orderId: number,
  to: OrderStatus,
  actor: string,
  expectedFrom?: OrderStatus,
  now: Date = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const [order] = await tx
      .select({ status: orders.status, paymentStatus: orders.paymentStatus })
      .from(orders)
      .where(eq(orders.id, orderId))
      // Locked: the payment expiry job must not give the stock back at the same time.
      .for("update");
    if (!order) throw new OrderRejectedError("errors.order.notFound", 404);
    if (expectedFrom && order.status !== expectedFrom) {
      throw new OrderRejectedError("errors.order.changed", 409);
    }
    assertOrderTransition(order.status, to);
    const updated = await tx
      .update(orders)
      .set({ status: to, updatedAt: now, ...(to === "delivered" ? { deliveredAt: now } : {}) })
      .where(and(eq(orders.id, orderId), eq(orders.status, order.status)))
      .returning({ id: orders.id });
    if (updated.length === 0) throw new OrderRejectedError("errors.order.changed", 409);
    if (to === "cancelled") {
      // An order whose online payment expired gave its stock back already (docs/payments.md).
      if (await orderHoldsStock(tx, { id: orderId, paymentStatus: order.paymentStatus })) {
        await returnOrderStock(tx, orderId);
      }
      await refundCouponOfOrder(tx, orderId, auditActor(actor));
      // A bill issued when it was paid online is reversed (docs/tax.md "Issuing").
      await creditBills(tx, orderId, "cancelled", now);
    }
    // Delivered: the order's bills, unless its online payment issued them (docs/tax.md).
    if (to === "delivered") await issueBills(tx, orderId, now);
    await recordAudit(tx, {
      actor: auditActor(actor),
      action: `order.${to}`,
      entity: "order",
      entityId: orderId,
      before: { status: order.status },
      after: { status: to },
    });
    await enqueueOrderStatus(tx, orderId, order.status, to);
  });
}

/** 'visitor' and 'system' as themselves; any other name is a staff member's e-mail. */
function auditActor(name: string): AuditActor {
  return name === "visitor" || name === "system" ? name : { email: name };
}

/**
 * The shopper's own cancel from the tracking page: allowed only while 'placed', and not once
 * paid online (the refund goes through the shop; docs/payments.md).
 * @throws OrderRejectedError 404 unknown token, 409 no longer cancellable or paid online.
 */
export async function cancelOrderByToken(db: Database, token: string): Promise<void> {
  const order = await getOrderByToken(db, token);
  if (!order) throw new OrderRejectedError("errors.order.notFound", 404);
  if (order.paymentMethod === "online" && order.paymentStatus === "paid") {
    throw new OrderRejectedError("errors.order.paidCancel", 409);
  }
  if (!shopperCanCancel(order.status)) {
    throw new OrderRejectedError("errors.order.cannotCancel", 409);
  }
  await transitionOrder(db, order.id, "cancelled", "visitor", order.status);
}
