import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { auditLog } from "~/db/schema/audit";
import { products } from "~/db/schema/catalogue";
import { cartLines, type orderLines, orders } from "~/db/schema/shop";
import { seedDatabase } from "~/db/seed.server";
import {
  CartError,
  changeQuantity,
  getCart,
  MAX_LINE_QUANTITY,
  removeLine,
} from "~/features/cart/cart.server";
import { IllegalTransitionError } from "~/features/orders/order-transition.server";
import {
  type ChangedLine,
  cancelOrderByToken,
  getOrderByToken,
  OrderRejectedError,
  placeOrder,
  transitionOrder,
} from "~/features/orders/orders.server";
import { refusalText } from "~/i18n/i18n.server";
import { idempotencyKey } from "~/utils/codes.server";
import { entityHistory } from "~/utils/entity-history.server";
import { formatPaise } from "~/utils/money";
import {
  cartWith,
  newShopper,
  productBySlug,
  setStock,
} from "../support/factories/carts-and-addresses";
import { createTestDatabase } from "../support/processes/test-database";

let handle: DatabaseHandle;
let db: DatabaseHandle["db"];

beforeAll(async () => {
  handle = await createTestDatabase();
  db = handle.db;
  await seedDatabase(db);
});
afterAll(async () => {
  await handle?.close();
});

async function count(table: typeof orders | typeof orderLines) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table);
  return row?.n ?? 0;
}

describe("cart", () => {
  it("keeps each line between 1 and min(20, stock)", async () => {
    const tulsi = await productBySlug(db, "tulsi");
    await setStock(db, tulsi.id, 3);
    const { cartId } = await cartWith(db, [{ productId: tulsi.id, quantity: 3 }]);
    await expect(changeQuantity(db, cartId, tulsi.id, 1)).rejects.toThrow("Only 3 of Tulsi");
    for (let i = 0; i < 2; i++) await changeQuantity(db, cartId, tulsi.id, -1);
    await expect(changeQuantity(db, cartId, tulsi.id, -1)).rejects.toBeInstanceOf(CartError);
    expect((await getCart(db, cartId)).lines[0]?.quantity).toBe(1);

    await setStock(db, tulsi.id, 100);
    const big = await cartWith(db, [{ productId: tulsi.id, quantity: MAX_LINE_QUANTITY }]);
    await expect(changeQuantity(db, big.cartId, tulsi.id, 1)).rejects.toThrow(
      `at most ${MAX_LINE_QUANTITY}`,
    );
    await removeLine(db, big.cartId, tulsi.id);
    expect((await getCart(db, big.cartId)).lines).toEqual([]);
  });

  it("refuses an out-of-stock or withdrawn product", async () => {
    const lily = await productBySlug(db, "peace-lily");
    await setStock(db, lily.id, 0);
    const { cartId } = await cartWith(db, []);
    await expect(changeQuantity(db, cartId, lily.id, 1)).rejects.toThrow(
      "Peace Lily is out of stock.",
    );
    await db.update(products).set({ active: false, stock: 5 }).where(eq(products.id, lily.id));
    await expect(changeQuantity(db, cartId, lily.id, 1)).rejects.toMatchObject({ status: 404 });
    await db.update(products).set({ active: true }).where(eq(products.id, lily.id));
  });
});

describe("placeOrder", () => {
  it("refuses a total above ₹10,00,000 (prices go up to ₹1,00,000) and writes nothing", async () => {
    const plant = await productBySlug(db, "snake-plant");
    const original = plant.pricePaise;
    await setStock(db, plant.id, 50);
    await db.update(products).set({ pricePaise: 10_000_000 }).where(eq(products.id, plant.id));
    try {
      const cart = await cartWith(db, [{ productId: plant.id, quantity: 11 }]);
      const ordersBefore = await count(orders);
      await expect(
        placeOrder(db, { ...cart, idempotencyKey: idempotencyKey(), shipping: newShopper() }),
      ).rejects.toThrow("Orders above ₹10,00,000 are taken by phone");
      expect(await count(orders)).toBe(ordersBefore);
      expect((await productBySlug(db, "snake-plant")).stock).toBe(50);
    } finally {
      await db.update(products).set({ pricePaise: original }).where(eq(products.id, plant.id));
    }
  });

  it("computes totals from the database, snapshots the lines, decrements stock and empties the cart", async () => {
    const plant = await productBySlug(db, "snake-plant");
    const fertiliser = await productBySlug(db, "vermicompost-5kg");
    await setStock(db, plant.id, 10);
    await setStock(db, fertiliser.id, 10);
    const cart = await cartWith(db, [
      { productId: plant.id, quantity: 2 },
      { productId: fertiliser.id, quantity: 1 },
    ]);
    const order = await placeOrder(db, {
      ...cart,
      idempotencyKey: idempotencyKey(),
      shipping: newShopper(),
    });
    expect(order.reference).toMatch(/^OR-[0-9A-HJKMNP-TV-Z]{6}$/);
    expect(order.trackingToken).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const view = await getOrderByToken(db, order.trackingToken);
    expect(
      view?.lines.map((l) => [l.name, l.unitPricePaise, l.quantity, l.lineTotalPaise]),
    ).toEqual([
      ["Snake Plant", plant.pricePaise, 2, plant.pricePaise * 2],
      ["Vermicompost", fertiliser.pricePaise, 1, fertiliser.pricePaise],
    ]);
    const sum = view?.lines.reduce((s, l) => s + l.lineTotalPaise, 0);
    expect(view?.subtotalPaise).toBe(sum);
    expect(view?.totalPaise).toBe(sum);
    expect(view?.status).toBe("placed");
    expect(view?.paymentMethod).toBe("cod");
    expect((await productBySlug(db, "snake-plant")).stock).toBe(8);
    expect((await getCart(db, cart.cartId)).lines).toEqual([]);
  });

  it("creates one order for the same idempotency key submitted 3 times", async () => {
    const plant = await productBySlug(db, "jade-plant");
    await setStock(db, plant.id, 10);
    const cart = await cartWith(db, [{ productId: plant.id, quantity: 1 }]);
    const key = idempotencyKey();
    const before = await count(orders);
    const results = await Promise.all(
      [1, 2, 3].map(() => placeOrder(db, { ...cart, idempotencyKey: key, shipping: newShopper() })),
    );
    expect(new Set(results.map((r) => r.trackingToken)).size).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(await count(orders)).toBe(before + 1);
    expect((await productBySlug(db, "jade-plant")).stock).toBe(9);
  });

  it("refuses a replayed key from another cart and writes nothing", async () => {
    const plant = await productBySlug(db, "aloe-vera");
    await setStock(db, plant.id, 10);
    const first = await cartWith(db, [{ productId: plant.id, quantity: 1 }]);
    const key = idempotencyKey();
    await placeOrder(db, { ...first, idempotencyKey: key, shipping: newShopper() });
    const other = await cartWith(db, [{ productId: plant.id, quantity: 2 }]);
    const before = await count(orders);
    await expect(
      placeOrder(db, { ...other, idempotencyKey: key, shipping: newShopper() }),
    ).rejects.toMatchObject({ status: 409 });
    expect(await count(orders)).toBe(before);
    expect((await getCart(db, other.cartId)).lines).toHaveLength(1);
    expect((await productBySlug(db, "aloe-vera")).stock).toBe(9);
  });

  it("refuses an order whose cart changed since it was shown, naming the lines", async () => {
    const plant = await productBySlug(db, "areca-palm");
    await setStock(db, plant.id, 10);
    const cart = await cartWith(db, [{ productId: plant.id, quantity: 1 }]);
    await db
      .update(products)
      .set({ pricePaise: plant.pricePaise + 1000 })
      .where(eq(products.id, plant.id));
    const error = await placeOrder(db, {
      ...cart,
      idempotencyKey: idempotencyKey(),
      shipping: newShopper(),
    }).catch((e) => e);
    expect(error).toBeInstanceOf(OrderRejectedError);
    expect(
      error.changedLines.map((line: ChangedLine) => ({
        ...line,
        reason: refusalText("en", line.reason),
      })),
    ).toEqual([{ productId: plant.id, name: "Areca Palm", reason: "Areca Palm has a new price." }]);
    await changeQuantity(db, cart.cartId, plant.id, 1);
    const again = await placeOrder(db, {
      ...cart,
      idempotencyKey: idempotencyKey(),
      shipping: newShopper(),
    }).catch((e) => e);
    expect(refusalText("en", again.changedLines[0].reason)).toBe("Areca Palm has a new price.");
    expect((await productBySlug(db, "areca-palm")).stock).toBe(10);
  });

  it("sells a product with stock 10 exactly 10 times to 200 concurrent shoppers", async () => {
    const plant = await productBySlug(db, "money-plant");
    await setStock(db, plant.id, 200);
    const carts = [];
    for (let i = 0; i < 200; i++)
      carts.push(await cartWith(db, [{ productId: plant.id, quantity: 1 }]));
    await setStock(db, plant.id, 10);
    const before = await count(orders);
    const results = await Promise.allSettled(
      carts.map((cart) =>
        placeOrder(db, { ...cart, idempotencyKey: idempotencyKey(), shipping: newShopper() }),
      ),
    );
    const placed = results.filter((r) => r.status === "fulfilled");
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(placed).toHaveLength(10);
    expect(refused).toHaveLength(190);
    for (const r of refused) {
      expect(r.reason).toBeInstanceOf(OrderRejectedError);
      expect(r.reason.message).toBe("Money Plant (Golden Pothos) is out of stock.");
    }
    expect((await productBySlug(db, "money-plant")).stock).toBe(0);
    expect(await count(orders)).toBe(before + 10);
    const [lines] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(cartLines)
      .where(eq(cartLines.productId, plant.id));
    expect(lines?.n).toBe(190);
  });
});

describe("order status", () => {
  it("lets the shopper cancel while placed, returning the stock, and refuses illegal moves", async () => {
    const plant = await productBySlug(db, "croton");
    await setStock(db, plant.id, 5);
    const cart = await cartWith(db, [{ productId: plant.id, quantity: 2 }]);
    const order = await placeOrder(db, {
      ...cart,
      idempotencyKey: idempotencyKey(),
      shipping: newShopper(),
    });
    expect((await productBySlug(db, "croton")).stock).toBe(3);
    await cancelOrderByToken(db, order.trackingToken);
    expect((await getOrderByToken(db, order.trackingToken))?.status).toBe("cancelled");
    expect((await productBySlug(db, "croton")).stock).toBe(5);
    await expect(cancelOrderByToken(db, order.trackingToken)).rejects.toMatchObject({
      status: 409,
    });
    await expect(transitionOrder(db, order.id, "confirmed", "test")).rejects.toBeInstanceOf(
      IllegalTransitionError,
    );
    expect((await productBySlug(db, "croton")).stock).toBe(5);
  });

  it("does not let the shopper cancel once confirmed; staff can, and stock returns once", async () => {
    const plant = await productBySlug(db, "ixora");
    await setStock(db, plant.id, 5);
    const cart = await cartWith(db, [{ productId: plant.id, quantity: 1 }]);
    const order = await placeOrder(db, {
      ...cart,
      idempotencyKey: idempotencyKey(),
      shipping: newShopper(),
    });
    await transitionOrder(db, order.id, "confirmed", "staff:1");
    await expect(cancelOrderByToken(db, order.trackingToken)).rejects.toMatchObject({
      status: 409,
    });
    await transitionOrder(db, order.id, "cancelled", "staff:1");
    expect((await productBySlug(db, "ixora")).stock).toBe(5);
  });

  it("records placing and each status change in the audit log as {before, after}", async () => {
    const plant = await productBySlug(db, "croton");
    await setStock(db, plant.id, 5);
    const cart = await cartWith(db, [{ productId: plant.id, quantity: 1 }]);
    const order = await placeOrder(db, {
      ...cart,
      idempotencyKey: idempotencyKey(),
      shipping: newShopper(),
    });
    await transitionOrder(db, order.id, "confirmed", "lead@staff.example");
    await transitionOrder(db, order.id, "cancelled", "lead@staff.example");
    const rows = await db
      .select({ actor: auditLog.actor, action: auditLog.action, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.entity, "order"), eq(auditLog.entityId, String(order.id))))
      .orderBy(asc(auditLog.id));
    expect(rows).toEqual([
      {
        actor: "visitor",
        action: "order.placed",
        details: {
          before: null,
          after: {
            reference: order.reference,
            totalPaise: order.totalPaise,
            paymentMethod: "cod",
          },
        },
      },
      {
        actor: "lead@staff.example",
        action: "order.confirmed",
        details: { before: { status: "placed" }, after: { status: "confirmed" } },
      },
      {
        actor: "lead@staff.example",
        action: "order.cancelled",
        details: { before: { status: "confirmed" }, after: { status: "cancelled" } },
      },
    ]);
    const history = await entityHistory(db, "order", order.id);
    expect(history.map((entry) => entry.summary)).toEqual([
      `reference: ${order.reference}; total: ${formatPaise(order.totalPaise)}; payment method: Cash on delivery`,
      "status: placed → confirmed",
      "status: confirmed → cancelled",
    ]);
  });
});
