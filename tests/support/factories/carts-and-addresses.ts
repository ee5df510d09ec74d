/**
 * Test data helpers on a seeded database: carts with lines, products with a given stock, a
 * valid shipping address and a valid pickup address.
 */
import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { products } from "~/db/schema/catalogue";
import { carts } from "~/db/schema/shop";
import { changeQuantity, describeCartLines, getCart } from "~/features/cart/cart.server";

export const shipping = {
  name: "Asha Rao",
  email: "asha@example.com",
  phone: "+919845012345",
  address: "12 MG Road",
  city: "Bengaluru",
  state: "Karnataka" as const,
  pinCode: "560001",
};

let shoppers = 0;

/**
 * `shipping` with a phone number and e-mail of its own: another shopper, so the cap on
 * unconfirmed cash-on-delivery orders per phone (docs/operations.md
 * "Anti-automation") does not count one test's orders against another's.
 */
export function newShopper(): typeof shipping {
  shoppers += 1;
  const n = String(shoppers).padStart(5, "0");
  // +91 and ten digits, like every phone checkout accepts.
  return { ...shipping, phone: `+9170000${n}`, email: `shopper${n}@example.com` };
}

/** A valid pickup requester and address (a serviceable Bengaluru PIN code). */
export const pickupAddress = {
  name: "Ravi Kumar",
  email: "ravi@example.com",
  phone: "+919845012345",
  addressLine1: "4 Residency Road",
  addressLine2: "",
  city: "Bengaluru",
  pinCode: "560025",
};

/** A product by slug; throws when the seed lacks it. */
export async function productBySlug(db: Database, slug: string) {
  const [row] = await db.select().from(products).where(eq(products.slug, slug));
  if (!row) throw new Error(`No product ${slug}`);
  return row;
}

export async function setStock(db: Database, productId: number, stock: number) {
  await db.update(products).set({ stock }).where(eq(products.id, productId));
}

/** A new cart holding `quantity` of each product; returns its id and what checkout shows. */
export async function cartWith(
  db: Database,
  items: { productId: number; quantity: number }[],
): Promise<{ cartId: string; shownLines: string }> {
  const [cart] = await db.insert(carts).values({}).returning({ id: carts.id });
  if (!cart) throw new Error("no cart");
  for (const item of items) {
    for (let i = 0; i < item.quantity; i++) await changeQuantity(db, cart.id, item.productId, 1);
  }
  const view = await getCart(db, cart.id);
  return { cartId: cart.id, shownLines: describeCartLines(view.lines) };
}
