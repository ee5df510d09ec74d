/**
 * Server-side cart identity (DESIGN §1: the cart is stored on the server, keyed by a signed
 * HttpOnly SameSite=Lax cookie). This module reads the cart for the navigation count; adding
 * and changing lines arrive with the shop issue.
 */

import { eq, sql } from "drizzle-orm";
import { createCookie } from "react-router";
import type { Database } from "~/db/client.server";
import { cartLines } from "~/db/schema/shop";
import { sessionSecret } from "~/utils/secrets.server";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let cookie: ReturnType<typeof createCookie> | undefined;

/**
 * The signed cart cookie; its value is the cart's uuid. Lives 30 days. `Secure` is decided
 * per response from the request's protocol (docs/decisions/0002), when the cookie is set.
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

/** The cart id from the request's cookie, or null when absent, unsigned or malformed. */
export async function readCartId(request: Request): Promise<string | null> {
  const header = request.headers.get("Cookie");
  if (!header?.includes("cart=")) return null;
  const value: unknown = await cartCookie().parse(header);
  return typeof value === "string" && UUID.test(value) ? value : null;
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
