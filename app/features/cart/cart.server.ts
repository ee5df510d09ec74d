/**
 * The server-side cart (docs/product.md; spec §2 /cart, §4 Cart): keyed by a signed HttpOnly
 * SameSite=Lax cookie holding the cart's uuid, created on the first add. Prices always come
 * from the products table (integer paise); a line's quantity is 1 to 20 and never above stock.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { createCookie } from "react-router";
import type { Database } from "~/db/client.server";
import { localisedColumn } from "~/db/localised-column.server";
import { products } from "~/db/schema/catalogue";
import { cartLines, carts } from "~/db/schema/shop";
import { t } from "~/i18n/i18n.server";
import type { Lang } from "~/i18n/languages";
import { type MessageValues, Refusal } from "~/utils/refusal";
import { sessionSecret } from "~/utils/secrets.server";

/** Most units of one product in one cart line (docs/shop.md). */
export const MAX_LINE_QUANTITY = 20;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * A cart change the shopper can fix or must accept: a refusal (ADR 0024) with an `errors.cart.*`
 * id, status 404, 409 or 422.
 */
export class CartError extends Refusal {
  override name = "CartError";
  constructor(id: string, status: 404 | 409 | 422, values: MessageValues = {}) {
    super(id, values, { status });
  }
}

let cookie: ReturnType<typeof createCookie> | undefined;

/**
 * The signed cart cookie; its value is the cart's uuid. Lives 30 days. `Secure` is set per
 * response from the request's protocol (docs/decisions/0002).
 */
export function cartCookie() {
  cookie ??= createCookie("cart", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge: 60 * 60 * 24 * 30,
    secrets: [sessionSecret()],
  });
  return cookie;
}

// Checking the cookie's signature (HMAC with Web Crypto, key imported per call) was ~4 % of
// the CPU of /plant with a cart. The answer depends only on the header and
// the secret, so recent headers keep their answer; bounded, oldest out first.
const CHECKED_HEADERS_KEPT = 1_000;
const checkedHeaders = new Map<string, Promise<string | null>>();

/** The cart id from the request's cookie, or null when absent, unsigned or malformed. */
export function readCartId(request: Request): Promise<string | null> {
  const header = request.headers.get("Cookie");
  if (!header?.includes("cart=")) return Promise.resolve(null);
  const known = header.length <= 4096 ? checkedHeaders.get(header) : undefined;
  if (known) return known;
  const checked = cartCookie()
    .parse(header)
    .then((value: unknown) => (typeof value === "string" && UUID.test(value) ? value : null));
  if (header.length <= 4096) {
    checkedHeaders.set(header, checked);
    if (checkedHeaders.size > CHECKED_HEADERS_KEPT) {
      const oldest = checkedHeaders.keys().next().value;
      if (oldest !== undefined) checkedHeaders.delete(oldest);
    }
    checked.catch(() => checkedHeaders.delete(header));
  }
  return checked;
}

/** Set-Cookie header value for a cart id. */
export function serializeCartCookie(request: Request, cartId: string): Promise<string> {
  return cartCookie().serialize(cartId, { secure: new URL(request.url).protocol === "https:" });
}

/**
 * The visitor's existing cart id, or a new cart. A forged or stale cookie gets a new cart.
 * @returns the id and, when a cart was created, the Set-Cookie header to send.
 */
export async function getOrCreateCartId(
  db: Database,
  request: Request,
): Promise<{ cartId: string; setCookie?: string }> {
  const existing = await readCartId(request);
  if (existing) {
    const [row] = await db.select({ id: carts.id }).from(carts).where(eq(carts.id, existing));
    if (row) return { cartId: row.id };
  }
  const [created] = await db.insert(carts).values({}).returning({ id: carts.id });
  if (!created) throw new Error("Could not create a cart");
  return { cartId: created.id, setCookie: await serializeCartCookie(request, created.id) };
}

export interface CartLineView {
  productId: number;
  slug: string;
  name: string;
  size: string | null;
  imagePath: string;
  imageAlt: string;
  unitPricePaise: number;
  quantity: number;
  lineTotalPaise: number;
  stock: number;
  /** Highest quantity allowed now: min(20, stock). */
  maxQuantity: number;
  /** False when the product was withdrawn or sold out since it was added. */
  available: boolean;
}

export interface CartView {
  lines: CartLineView[];
  itemCount: number;
  subtotalPaise: number;
}

/**
 * The cart's lines with current prices, in the order they were added, product names in `lang`
 * (English where not translated; an order keeps the names stored on its lines) and the picture's
 * alt text in it too (the stored one is English; other languages say "<name> का चित्र",
 * `shop.product.imageAlt`, as the catalogue cards do). Empty for null.
 */
export async function getCart(
  db: Database,
  cartId: string | null,
  lang: Lang = "en",
): Promise<CartView> {
  if (!cartId) return { lines: [], itemCount: 0, subtotalPaise: 0 };
  const rows = await db
    .select({
      productId: products.id,
      slug: products.slug,
      name: localisedColumn(lang, products.name, { hi: products.nameHi, kn: products.nameKn }),
      size: products.size,
      imagePath: products.imagePath,
      imageAlt: products.imageAlt,
      unitPricePaise: products.pricePaise,
      quantity: cartLines.quantity,
      stock: products.stock,
      active: products.active,
    })
    .from(cartLines)
    .innerJoin(products, eq(products.id, cartLines.productId))
    .where(eq(cartLines.cartId, cartId))
    .orderBy(asc(cartLines.id));
  const lines = rows.map(({ active, ...row }) => ({
    ...row,
    imageAlt: lang === "en" ? row.imageAlt : t(lang, "shop.product.imageAlt", { name: row.name }),
    lineTotalPaise: row.unitPricePaise * row.quantity,
    maxQuantity: Math.min(MAX_LINE_QUANTITY, row.stock),
    available: active && row.stock >= row.quantity,
  }));
  return {
    lines,
    itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
    subtotalPaise: lines.reduce((sum, line) => sum + line.lineTotalPaise, 0),
  };
}

/** Number of items in the visitor's cart (sum of line quantities); 0 without a cart. */
export async function getCartCount(db: Database, request: Request): Promise<number> {
  const cartId = await readCartId(request);
  if (!cartId) return 0;
  const [row] = await db
    .select({ count: sql<number>`coalesce(sum(${cartLines.quantity}), 0)::int` })
    .from(cartLines)
    .where(eq(cartLines.cartId, cartId));
  return row?.count ?? 0;
}

/**
 * Sets a line's quantity to its current quantity + `delta` (a new line starts at 0), within
 * 1..min(20, stock), in one transaction.
 * The refusals name the product in `lang` (docs/languages.md "Messages"), to be worded in it
 * by the action.
 * @throws CartError 404 unknown or withdrawn product, 409 out of stock or above the limit,
 *   422 below 1 (use removeLine).
 */
export async function changeQuantity(
  db: Database,
  cartId: string,
  productId: number,
  delta: 1 | -1,
  lang: Lang = "en",
): Promise<void> {
  await db.transaction(async (tx) => {
    const [product] = await tx
      .select({
        name: localisedColumn(lang, products.name, { hi: products.nameHi, kn: products.nameKn }),
        stock: products.stock,
        active: products.active,
      })
      .from(products)
      .where(eq(products.id, productId));
    if (!product?.active) throw new CartError("errors.cart.noLongerSold", 404);
    const [line] = await tx
      .select({ quantity: cartLines.quantity })
      .from(cartLines)
      .where(and(eq(cartLines.cartId, cartId), eq(cartLines.productId, productId)));
    const current = line?.quantity ?? 0;
    const next = current + delta;
    if (delta > 0 && product.stock <= 0)
      throw new CartError("errors.cart.outOfStock", 409, { product: product.name });
    if (delta > 0 && next > Math.min(MAX_LINE_QUANTITY, product.stock)) {
      const limit = Math.min(MAX_LINE_QUANTITY, product.stock);
      if (limit < MAX_LINE_QUANTITY) {
        const id = limit === 1 ? "errors.cart.onlyOne" : "errors.cart.onlyMany";
        throw new CartError(id, 409, { count: limit, product: product.name });
      }
      throw new CartError("errors.cart.atMost", 409, {
        max: MAX_LINE_QUANTITY,
        product: product.name,
      });
    }
    if (next < 1) throw new CartError("errors.cart.belowOne", 422);
    if (line) {
      await tx
        .update(cartLines)
        .set({ quantity: next })
        .where(and(eq(cartLines.cartId, cartId), eq(cartLines.productId, productId)));
    } else {
      await tx.insert(cartLines).values({ cartId, productId, quantity: next });
    }
    await tx.update(carts).set({ updatedAt: new Date() }).where(eq(carts.id, cartId));
  });
}

/** Deletes the product's line from the cart (nothing happens when there is none). */
export async function removeLine(db: Database, cartId: string, productId: number): Promise<void> {
  await db
    .delete(cartLines)
    .where(and(eq(cartLines.cartId, cartId), eq(cartLines.productId, productId)));
}

/**
 * What the shopper saw, as sent back by the checkout form: "productId:quantity:unitPricePaise"
 * per line, comma-separated, in cart order.
 */
export function describeCartLines(
  lines: Pick<CartLineView, "productId" | "quantity" | "unitPricePaise">[],
): string {
  return lines.map((line) => `${line.productId}:${line.quantity}:${line.unitPricePaise}`).join(",");
}
