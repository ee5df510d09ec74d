/**
 * The lines of /cart (docs/shop.md): image, name, unit price, quantity with '-' and '+',
 * line total and 'Remove'. '-' is disabled at 1 and '+' at min(20, stock). A line whose
 * button is pending disables its buttons.
 */
import type { ReactNode } from "react";
import { type FetcherWithComponents, useFetcher } from "react-router";
import { Trans, useLocalePath, useT } from "~/i18n/i18n-react";
import { formatPaise } from "~/utils/money";
import type { CartLineView } from "./cart.server";

/**
 * One of a line's buttons in its own form, posting `intent` for the line's product to /cart
 * through the line's fetcher. Before hydration the form also asks to come back to /cart.
 */
function LineButton({
  form: LineForm,
  productId,
  intent,
  className,
  disabled,
  label,
  children,
}: {
  form: FetcherWithComponents<unknown>["Form"];
  productId: number;
  intent: "decrement" | "increment" | "remove";
  className: string;
  disabled: boolean;
  /** The accessible name, when the visible text is a symbol. */
  label?: string;
  children: ReactNode;
}) {
  const cartPath = useLocalePath()("/cart");
  return (
    <LineForm method="post" action={cartPath}>
      <input type="hidden" name="productId" value={productId} />
      {/* Used only by a post without JavaScript: the action answers a fetcher with data. */}
      <input type="hidden" name="redirectTo" value={cartPath} />
      <button
        type="submit"
        name="intent"
        value={intent}
        className={className}
        disabled={disabled}
        aria-label={label}
      >
        {children}
      </button>
    </LineForm>
  );
}

function CartLine({ line }: { line: CartLineView }) {
  const fetcher = useFetcher<{ ok?: boolean; error?: string }>({
    key: `cart-line-${line.productId}`,
  });
  const t = useT();
  const busy = fetcher.state !== "idle";
  const label = line.size ? `${line.name} ${line.size}` : line.name;
  const button = { form: fetcher.Form, productId: line.productId };
  return (
    <li className="cart-line" aria-busy={busy || undefined}>
      <img src={line.imagePath} alt={line.imageAlt} width={96} height={96} loading="lazy" />
      <div className="cart-line__body">
        <h2 className="cart-line__name">{label}</h2>
        <p className="cart-line__price">
          {t("cart.line.each", { price: formatPaise(line.unitPricePaise) })}
        </p>
        {!line.available ? (
          <p className="field__error">
            {line.stock > 0
              ? t("cart.line.onlyLeft", { count: line.stock })
              : t("cart.line.outOfStock")}
          </p>
        ) : null}
        {line.available && line.quantity >= line.maxQuantity ? (
          // Why '+' is greyed out: stock ("Only 2 left") or the per-line cap.
          <p className="cart-line__limit">
            {line.stock <= line.maxQuantity
              ? t("cart.line.stockLimit", { count: line.stock })
              : t("cart.line.quantityLimit", { count: line.maxQuantity })}
          </p>
        ) : null}
        <div className="cart-line__controls">
          <LineButton
            {...button}
            intent="decrement"
            className="quantity-button"
            disabled={busy || line.quantity <= 1}
            label={t("cart.line.decrement", { item: label })}
          >
            -
          </LineButton>
          <output className="cart-line__quantity" aria-live="polite">
            <span className="visually-hidden">{t("cart.line.quantity")} </span>
            {line.quantity}
          </output>
          <LineButton
            {...button}
            intent="increment"
            className="quantity-button"
            disabled={busy || line.quantity >= line.maxQuantity}
            label={t("cart.line.increment", { item: label })}
          >
            +
          </LineButton>
          <LineButton {...button} intent="remove" className="link-button" disabled={busy}>
            <Trans
              id="cart.line.remove"
              values={{ item: label }}
              components={{ 0: <span className="visually-hidden" /> }}
            />
          </LineButton>
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
