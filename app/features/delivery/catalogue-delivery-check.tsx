/**
 * The delivery check at the end of /plant and /supplies (docs/shop.md "Delivery areas"): a plain
 * GET form to the cart page (`/cart?pin=…`), which answers for the cart and remembers the PIN
 * code. These pages are the same for every visitor (docs/operations.md "Page store"), so it shows
 * no PIN code and no answer; and it is plain HTML, so the catalogue's script does not grow with
 * it (docs/budgets.md). The page loads the `delivery.check` messages.
 */
import { useLocalePath, useT } from "~/i18n/i18n-react";

export function CatalogueDeliveryCheck() {
  const t = useT();
  const to = useLocalePath();
  return (
    <section className="delivery-box" aria-labelledby="delivery-check-heading">
      <h2 id="delivery-check-heading">{t("delivery.check.heading")}</h2>
      <form method="get" action={to("/cart")} className="delivery-check" noValidate>
        <div className="field">
          <label htmlFor="delivery-pin">{t("delivery.check.label")}</label>
          <input
            id="delivery-pin"
            name="pin"
            autoComplete="postal-code"
            inputMode="numeric"
            pattern="[1-9][0-9]{5}"
            maxLength={6}
            required
          />
        </div>
        <button type="submit" className="button button--secondary">
          {t("delivery.check.button")}
        </button>
      </form>
    </section>
  );
}
