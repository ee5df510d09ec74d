/**
 * The stock an order holds (docs/shop.md "Stock", docs/payments.md "Payment time ran out"),
 * an order rule of the orders feature (cancelling) that the payments feature also uses (expiry,
 * paying again; the edge payments → orders is declared in .dependency-cruiser.cjs).
 *
 * An order takes its lines' quantities off stock when it is placed and holds them until it is
 * cancelled, with two exceptions: an online payment that ran out of time ('expired') has given
 * its stock back, and an order paid after that while the stock was gone holds none (its audit
 * history has an {@link PAID_WITHOUT_STOCK_ACTION} row). {@link orderHoldsStock} tells which.
 * Call these inside the transaction that changes the order, with the order row locked.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { notifyIfStockCrossedZero } from "~/db/cache-invalidation.server";
import type { Database } from "~/db/client.server";
import { auditLog } from "~/db/schema/audit";
import { products } from "~/db/schema/catalogue";
import { orderLines } from "~/db/schema/shop";

/** The audit action of an order paid while its stock could not be taken again (staff must act). */
export const PAID_WITHOUT_STOCK_ACTION = "order.paid_without_stock";

/** A product an order could not take again: its line's name, the quantity wanted and what is left. */
export interface StockShortfall {
  productId: number;
  name: string;
  wanted: number;
  left: number;
}

async function linesOf(tx: Database, orderId: number) {
  const lines = await tx
    .select({
      productId: orderLines.productId,
      name: orderLines.name,
      quantity: orderLines.quantity,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.productId));
  return lines.filter(
    (line): line is { productId: number; name: string; quantity: number } =>
      line.productId !== null,
  );
}

/**
 * Puts the order's line quantities back on their products' stock (a line whose product was
 * deleted is skipped). Not idempotent by itself: callers change the order's status in the same
 * transaction, from a status read under lock, so it runs once per release.
 */
export async function returnOrderStock(tx: Database, orderId: number): Promise<void> {
  for (const line of await linesOf(tx, orderId)) {
    const [returned] = await tx
      .update(products)
      .set({ stock: sql`${products.stock} + ${line.quantity}`, updatedAt: new Date() })
      .where(eq(products.id, line.productId))
      .returning({ stock: products.stock });
    if (returned) await notifyIfStockCrossedZero(tx, returned.stock, line.quantity);
  }
}

/**
 * Takes the order's line quantities off stock again, all or nothing: the products are locked
 * (in id order, so two orders never deadlock), and only when every one has `stock >= quantity`
 * are they decremented. Inactive products count like active ones (the order was placed while
 * they were sold).
 * @returns the lines short of stock; empty when the stock was taken.
 */
export async function retakeOrderStock(tx: Database, orderId: number): Promise<StockShortfall[]> {
  const lines = await linesOf(tx, orderId);
  if (lines.length === 0) return [];
  const ids = [...new Set(lines.map((line) => line.productId))];
  const rows = await tx
    .select({ id: products.id, stock: products.stock })
    .from(products)
    .where(inArray(products.id, ids))
    .orderBy(asc(products.id))
    .for("update");
  const left = new Map(rows.map((row) => [row.id, row.stock]));
  const wanted = new Map<number, number>();
  for (const line of lines)
    wanted.set(line.productId, (wanted.get(line.productId) ?? 0) + line.quantity);
  const short: StockShortfall[] = [];
  for (const line of lines) {
    const stock = left.get(line.productId) ?? 0;
    const want = wanted.get(line.productId) ?? 0;
    if (stock < want && !short.some((s) => s.productId === line.productId)) {
      short.push({ productId: line.productId, name: line.name, wanted: want, left: stock });
    }
  }
  if (short.length > 0) return short;
  for (const [productId, quantity] of wanted) {
    const [taken] = await tx
      .update(products)
      .set({ stock: sql`${products.stock} - ${quantity}`, updatedAt: new Date() })
      .where(and(eq(products.id, productId), sql`${products.stock} >= ${quantity}`))
      .returning({ stock: products.stock });
    if (taken) await notifyIfStockCrossedZero(tx, taken.stock, -quantity);
  }
  return [];
}

/**
 * Whether a not-cancelled order still holds its stock: false once its online payment expired,
 * or when it was paid after expiry without the stock (see the module comment).
 */
export async function orderHoldsStock(
  tx: Database,
  order: { id: number; paymentStatus: string },
): Promise<boolean> {
  if (order.paymentStatus === "expired") return false;
  if (order.paymentStatus !== "paid") return true;
  const [flag] = await tx
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, "order"),
        eq(auditLog.entityId, String(order.id)),
        eq(auditLog.action, PAID_WITHOUT_STOCK_ACTION),
      ),
    )
    .limit(1);
  return !flag;
}
