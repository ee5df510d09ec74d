import { data, Link, redirect } from "react-router";
import { FormError } from "~/components/ui/form-messages";
import { getDb } from "~/db/db.server";
import { cartActionFields, cartActionSchema } from "~/features/cart/cart.schema";
import {
  CartError,
  changeQuantity,
  getCart,
  getOrCreateCartId,
  readCartId,
  removeLine,
} from "~/features/cart/cart.server";
import { CartLines } from "~/features/cart/cart-lines";
import { pageMeta } from "~/features/site/meta";
import { langOf } from "~/i18n/i18n.server";
import { textFields } from "~/utils/form-data";
import { formatPaise } from "~/utils/money";
import { safeRedirect } from "~/utils/safe-redirect";
import type { Route } from "./+types/cart";

// Loader and action headers (Retry-After of a 429) reach document responses too.
export { headers } from "~/utils/route-headers";

export async function loader({ request }: Route.LoaderArgs) {
  return { cart: await getCart(await getDb(), await readCartId(request), langOf(request)) };
}

/** The one cart action: add, increment, decrement, remove (docs/shop.md). */
export async function action({ request }: Route.ActionArgs) {
  const fields = textFields(await request.formData(), cartActionFields);
  const parsed = cartActionSchema.safeParse({
    ...fields,
    redirectTo: fields.redirectTo || undefined,
  });
  if (!parsed.success) {
    return data({ error: parsed.error.issues[0]?.message ?? "Invalid request." }, { status: 400 });
  }
  const { intent, productId, redirectTo } = parsed.data;
  const db = await getDb();
  const headers = new Headers();
  let cartId: string | null;
  if (intent === "add") {
    const cart = await getOrCreateCartId(db, request);
    cartId = cart.cartId;
    if (cart.setCookie) headers.append("Set-Cookie", cart.setCookie);
  } else {
    cartId = await readCartId(request);
  }
  try {
    if (!cartId) throw new CartError("Your cart is empty.", 409);
    if (intent === "remove") await removeLine(db, cartId, productId);
    else await changeQuantity(db, cartId, productId, intent === "decrement" ? -1 : 1);
  } catch (error) {
    if (error instanceof CartError) {
      return data({ error: error.message }, { status: error.status, headers });
    }
    throw error;
  }
  if (redirectTo !== undefined) {
    return redirect(safeRedirect(redirectTo, "/cart"), { status: 303, headers });
  }
  return data({ ok: true }, { headers });
}

export const meta: Route.MetaFunction = () =>
  pageMeta("Cart", "Your cart: plants and fertilisers, paid in cash on delivery.");

export default function CartPage({ loaderData, actionData }: Route.ComponentProps) {
  const { cart } = loaderData;
  const error = actionData && "error" in actionData ? actionData.error : undefined;
  return (
    <div className="page page--narrow">
      <h1>Cart</h1>
      <FormError message={error} />
      {cart.lines.length === 0 ? (
        <p className="empty-state">Your cart is empty.</p>
      ) : (
        <>
          <CartLines lines={cart.lines} />
          <p className="cart-total">
            <span>Total</span> <strong>{formatPaise(cart.subtotalPaise)}</strong>
          </p>
          <p className="cart-total__note">Cash on delivery: you pay when your order arrives.</p>
        </>
      )}
      <div className="cart-actions">
        {cart.lines.length > 0 ? (
          <Link to="/checkout" className="button">
            Proceed to Checkout
          </Link>
        ) : null}
        <Link to="/plant" className="button button--secondary">
          Continue Shopping
        </Link>
      </div>
    </div>
  );
}
