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
import { DeliveryAnswer, DeliveryCheckForm } from "~/features/delivery/delivery-check";
import {
  checkDelivery,
  readDeliveryPin,
  rememberDeliveryPin,
} from "~/features/delivery/delivery-check.server";
import { DeliveryLine } from "~/features/delivery/delivery-line";
import { localisedPageMeta } from "~/features/site/meta";
import { siteConfig } from "~/features/site/site-config";
import { fieldErrorTexts, langOf, messagesFor, refusalText } from "~/i18n/i18n.server";
import { useLocalePath, useT } from "~/i18n/i18n-react";
import { localePath } from "~/i18n/languages";
import { isDataRequest } from "~/utils/data-request";
import { textFields } from "~/utils/form-data";
import { formatPaise } from "~/utils/money";
import { message } from "~/utils/refusal";
import { safeRedirect } from "~/utils/safe-redirect";
import type { Route } from "./+types/cart";

// Loader and action headers (Retry-After of a 429) reach document responses too.
export { headers } from "~/utils/route-headers";

/**
 * The cart, and delivery to a PIN code (docs/shop.md "Delivery areas"): the one just checked
 * (`?pin=`, from the check form here or on the catalogue pages; remembered in a cookie for
 * checkout) or the one remembered. A malformed `?pin=` gets its message next to the field.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const lang = langOf(request);
  const db = await getDb();
  const cart = await getCart(db, await readCartId(request), lang);
  const asked = new URL(request.url).searchParams.get("pin");
  const pinCode = asked === null ? await readDeliveryPin(request) : asked.trim().slice(0, 12);
  const check = pinCode ? await checkDelivery(db, pinCode, cart.subtotalPaise) : null;
  const headers = new Headers();
  if (asked !== null && check)
    headers.append("Set-Cookie", await rememberDeliveryPin(request, check.pinCode));
  return data(
    {
      cart,
      delivery: {
        check,
        pinCode: pinCode ?? undefined,
        error:
          pinCode !== null && !check
            ? refusalText(lang, message("errors.form.pinCode"))
            : undefined,
      },
      shopPhone: siteConfig.phoneDisplay,
      messages: messagesFor(lang, ["cart", "form", "delivery", "errors.checkout.pinNotServed"]),
    },
    { headers },
  );
}

/**
 * The one cart action: add, increment, decrement, remove (docs/shop.md), answering in the
 * language of the URL it was posted to (/hi/cart: Hindi): cart.server.ts's refusals are
 * rendered from their `errors.cart.*` ids (refusalText).
 */
export async function action({ request }: Route.ActionArgs) {
  const lang = langOf(request);
  const fields = textFields(await request.formData(), cartActionFields);
  const parsed = cartActionSchema.safeParse({
    ...fields,
    redirectTo: fields.redirectTo || undefined,
  });
  if (!parsed.success) {
    const [first] = Object.values(fieldErrorTexts(lang, parsed.error.issues));
    return data(
      { error: first ?? refusalText(lang, message("errors.cart.invalidRequest")) },
      { status: 400 },
    );
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
    if (!cartId) throw new CartError("errors.cart.empty", 409);
    if (intent === "remove") await removeLine(db, cartId, productId);
    else await changeQuantity(db, cartId, productId, intent === "decrement" ? -1 : 1, lang);
  } catch (error) {
    if (error instanceof CartError) {
      return data({ error: refusalText(lang, error) }, { status: error.status, headers });
    }
    throw error;
  }
  // A form posted without JavaScript goes back to its page; posted by a fetcher, the same
  // form (it keeps its redirectTo field) gets data and the page stays as it is.
  if (redirectTo !== undefined && !isDataRequest(request)) {
    return redirect(safeRedirect(redirectTo, localePath(lang, "/cart")), {
      status: 303,
      headers,
    });
  }
  return data({ ok: true }, { headers });
}

export const meta: Route.MetaFunction = (args) =>
  localisedPageMeta(args, "cart.meta.title", "cart.meta.description");

export default function CartPage({ loaderData, actionData }: Route.ComponentProps) {
  const { cart, delivery } = loaderData;
  const error = actionData && "error" in actionData ? actionData.error : undefined;
  const t = useT();
  const to = useLocalePath();
  return (
    <div className="page page--narrow">
      <h1>{t("cart.meta.title")}</h1>
      <FormError message={error} />
      {cart.lines.length === 0 ? (
        <p className="empty-state">{t("cart.empty")}</p>
      ) : (
        <>
          <CartLines lines={cart.lines} />
          {delivery.check ? <DeliveryLine check={delivery.check} /> : null}
          <p className="cart-total">
            <span>{t("cart.total")}</span>{" "}
            <strong>
              {formatPaise(
                cart.subtotalPaise + (delivery.check?.served ? delivery.check.chargePaise : 0),
              )}
            </strong>
          </p>
          <p className="cart-total__note">{t("cart.codNote")}</p>
        </>
      )}
      <section className="delivery-box" id="delivery" aria-labelledby="delivery-heading">
        <h2 id="delivery-heading">{t("delivery.check.heading")}</h2>
        {delivery.check ? (
          <DeliveryAnswer
            check={delivery.check}
            shopPhone={loaderData.shopPhone}
            withGoods={cart.lines.length > 0}
          />
        ) : null}
        <DeliveryCheckForm pinCode={delivery.pinCode} error={delivery.error} />
      </section>
      <div className="cart-actions">
        {cart.lines.length > 0 ? (
          <Link to={to("/checkout")} className="button">
            {t("cart.proceed")}
          </Link>
        ) : null}
        <Link to={to("/plant")} className="button button--secondary">
          {t("cart.continue")}
        </Link>
      </div>
    </div>
  );
}
