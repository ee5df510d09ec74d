/**
 * The lines of /cart (issue 3 item 2): image, name, unit price, quantity with '-' and '+',
 * line total and 'Remove'. '-' is disabled at 1 and '+' at min(20, stock). A line whose
 * button is pending disables its buttons.
 */
import { useFetcher } from "react-router";
import { useHydrated } from "~/components/ui/use-hydrated";
import { formatPaise } from "~/utils/money";
import type { CartLineView } from "./cart.server";

function CartLine({ line }: { line: CartLineView }) {
  const fetcher = useFetcher<{ ok?: boolean; error?: string }>({
    key: `cart-line-${line.productId}`,
  });
  const hydrated = useHydrated();
  const busy = fetcher.state !== "idle";
  const hidden = (
    <>
      <input type="hidden" name="productId" value={line.productId} />
      {hydrated ? null : <input type="hidden" name="redirectTo" value="/cart" />}
    </>
  );
  const label = line.size ? `${line.name} ${line.size}` : line.name;
  return (
    <li className="cart-line" aria-busy={busy || undefined}>
      <img src={line.imagePath} alt={line.imageAlt} width={96} height={96} loading="lazy" />
      <div className="cart-line__body">
        <h2 className="cart-line__name">{label}</h2>
        <p className="cart-line__price">{formatPaise(line.unitPricePaise)} each</p>
        {!line.available ? (
          <p className="field__error">
            {line.stock > 0
              ? `Only ${line.stock} left: lower the quantity.`
              : "Out of stock: please remove it."}
          </p>
        ) : null}
        <div className="cart-line__controls">
          <fetcher.Form method="post" action="/cart">
            {hidden}
            <button
              type="submit"
              name="intent"
              value="decrement"
              className="quantity-button"
              disabled={busy || line.quantity <= 1}
              aria-label={`Remove one ${label}`}
            >
              -
            </button>
          </fetcher.Form>
          <output className="cart-line__quantity" aria-live="polite">
            <span className="visually-hidden">Quantity: </span>
            {line.quantity}
          </output>
          <fetcher.Form method="post" action="/cart">
            {hidden}
            <button
              type="submit"
              name="intent"
              value="increment"
              className="quantity-button"
              disabled={busy || line.quantity >= line.maxQuantity}
              aria-label={`Add one ${label}`}
            >
              +
            </button>
          </fetcher.Form>
          <fetcher.Form method="post" action="/cart">
            {hidden}
            <button
              type="submit"
              name="intent"
              value="remove"
              className="link-button"
              disabled={busy}
            >
              Remove<span className="visually-hidden"> {label}</span>
            </button>
          </fetcher.Form>
        </div>
        {fetcher.data?.error ? (
          <p className="field__error" role="alert">
            {fetcher.data.error}
          </p>
        ) : null}
      </div>
      <p className="cart-line__total">{formatPaise(line.lineTotalPaise)}</p>
    </li>
  );
}

export function CartLines({ lines }: { lines: CartLineView[] }) {
  return (
    <ul className="cart-lines">
      {lines.map((line) => (
        <CartLine key={line.productId} line={line} />
      ))}
    </ul>
  );
}
