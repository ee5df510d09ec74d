/**
 * 'Add to cart' for a product card: a real form post to the cart action. Without JavaScript
 * the server redirects back to this page (`redirectTo`); with it, a fetcher posts the same
 * form to `/cart.data`, which answers with data, so there is no page load and the navigation
 * count updates at once (site header counts pending adds) and 'Added to cart' offers
 * 'View cart'.
 */
import { Link, useFetcher, useLocation } from "react-router";
import { Trans, useLocalePath, useT } from "~/i18n/i18n-react";

/**
 * The form for one product (messages `cart.add.*`): posts to the current language's /cart, so
 * the answer (and a refusal) comes in that language.
 */
export function AddToCartForm({
  productId,
  productName,
  inStock,
}: {
  productId: number;
  productName: string;
  inStock: boolean;
}) {
  const fetcher = useFetcher<{ ok?: boolean; error?: string }>({ key: `add-to-cart-${productId}` });
  const location = useLocation();
  const t = useT();
  const cartAction = useLocalePath()("/cart");
  const busy = fetcher.state !== "idle";
  const error = fetcher.data?.error;
  const added = !error && fetcher.state === "idle" && fetcher.data?.ok === true;
  if (!inStock) {
    return (
      <button type="button" className="button button--secondary" disabled>
        {t("cart.add.outOfStock")}
      </button>
    );
  }
  return (
    <fetcher.Form method="post" action={cartAction} className="add-to-cart">
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={productId} />
      {/* Where a post without JavaScript returns to; the action answers a fetcher with data
          instead, so hydrating changes nothing here (no re-render of every card, ADR 0021). */}
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      <button
        type="submit"
        className="button"
        disabled={busy}
        aria-describedby={`add-status-${productId}`}
      >
        <Trans
          id="cart.add.button"
          values={{ product: productName }}
          components={{ 0: <span className="visually-hidden" /> }}
        />
      </button>
      <p
        id={`add-status-${productId}`}
        className={error ? "field__error" : "add-to-cart__status"}
        aria-live="polite"
      >
        {error ??
          (added ? (
            <>
              <span>{t("cart.add.added")}</span>{" "}
              <Link to={cartAction}>{t("cart.add.viewCart")}</Link>
            </>
          ) : (
            ""
          ))}
      </p>
    </fetcher.Form>
  );
}
