/**
 * 'Add to cart' for a product card: a real form post to the cart action. Without JavaScript
 * the server redirects back to this page; with it, a fetcher posts without a page load and
 * the navigation count updates at once (site header counts pending adds).
 */
import { useFetcher, useLocation } from "react-router";
import { useHydrated } from "~/components/ui/use-hydrated";

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
  const hydrated = useHydrated();
  const location = useLocation();
  const busy = fetcher.state !== "idle";
  const error = fetcher.data?.error;
  if (!inStock) {
    return (
      <button type="button" className="button button--secondary" disabled>
        Out of stock
      </button>
    );
  }
  return (
    <fetcher.Form method="post" action="/cart" className="add-to-cart">
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={productId} />
      {hydrated ? null : (
        <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      )}
      <button
        type="submit"
        className="button"
        disabled={busy}
        aria-describedby={`add-status-${productId}`}
      >
        Add to cart<span className="visually-hidden">: {productName}</span>
      </button>
      <p
        id={`add-status-${productId}`}
        className={error ? "field__error" : "add-to-cart__status"}
        aria-live="polite"
      >
        {error ?? (fetcher.state === "idle" && fetcher.data?.ok ? "Added to cart" : "")}
      </p>
    </fetcher.Form>
  );
}
