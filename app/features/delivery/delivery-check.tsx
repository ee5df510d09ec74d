/**
 * What shoppers see of delivery (docs/shop.md "Delivery areas"): the 'Delivery' line of an
 * order summary, the answer to a PIN code check, and the small PIN code check form of the cart
 * and catalogue pages, which works without JavaScript (a GET to the cart page). The page loads
 * the `delivery` messages. Money in paise; days are calendar days.
 */
import { Form } from "react-router";
import { InputField } from "~/components/ui/field";
import { useLocalePath, useT } from "~/i18n/i18n-react";
import { formatPaise } from "~/utils/money";
import type { DeliveryCheck } from "./delivery-quote";

/**
 * The 'Delivery' line of a summary: the charge, 'Free delivery', or, before a served PIN code is
 * known, what to do to see it.
 */
export function DeliveryLine({ check }: { check: DeliveryCheck | null }) {
  const t = useT();
  let value: string;
  if (!check) value = t("delivery.line.unknown");
  else if (!check.served) value = t("delivery.line.notServed");
  else if (check.chargePaise === 0) value = t("delivery.line.free");
  else value = formatPaise(check.chargePaise);
  return (
    <p className="summary-line" data-testid="delivery-line">
      <span>{t("delivery.line.label")}</span> <span>{value}</span>
    </p>
  );
}

/**
 * The answer to a check: where and how fast the shop delivers to the PIN code, what it costs and
 * how much more makes it free, and whether cash on delivery is taken; or that it does not
 * deliver there, with the shop's phone. `withGoods`: the charge is for goods in a cart.
 */
export function DeliveryAnswer({
  check,
  shopPhone,
  withGoods,
}: {
  check: DeliveryCheck;
  shopPhone: string;
  withGoods: boolean;
}) {
  const t = useT();
  if (!check.served) {
    return (
      <p className="delivery-answer delivery-answer--refused" role="status">
        {t("errors.checkout.pinNotServed", { pinCode: check.pinCode, phone: shopPhone })}
      </p>
    );
  }
  const free = check.freeFromPaise;
  return (
    <div className="delivery-answer" role="status">
      <p>
        {t("delivery.answer.where", {
          pinCode: check.pinCode,
          area: check.areaName,
          minDays: check.minDays,
          maxDays: check.maxDays,
        })}
      </p>
      <p>
        {withGoods
          ? check.chargePaise === 0
            ? t("delivery.answer.freeForCart")
            : t("delivery.answer.chargeForCart", { charge: formatPaise(check.chargePaise) })
          : free === null && check.chargePaise === 0
            ? t("delivery.answer.alwaysFree")
            : t("delivery.answer.charge", { charge: formatPaise(check.chargePaise) })}
        {free !== null ? ` ${t("delivery.answer.freeFrom", { amount: formatPaise(free) })}` : ""}
        {withGoods && check.freeDeliveryShortfallPaise !== null
          ? ` ${t("delivery.answer.shortfall", { amount: formatPaise(check.freeDeliveryShortfallPaise) })}`
          : ""}
      </p>
      <p>
        {!check.cashOnDelivery
          ? t("delivery.answer.noCod")
          : check.cashOnDeliveryMaxPaise === null
            ? t("delivery.answer.cod")
            : t("delivery.answer.codUpTo", { amount: formatPaise(check.cashOnDeliveryMaxPaise) })}
      </p>
    </div>
  );
}

/**
 * 'Check delivery': a GET form to the cart page (`/cart?pin=…`), which answers for the cart and
 * remembers the PIN code for checkout. `error`: the message for a malformed PIN code.
 */
export function DeliveryCheckForm({
  pinCode,
  error,
}: {
  pinCode: string | undefined;
  error?: string;
}) {
  const t = useT();
  const to = useLocalePath();
  return (
    <Form
      method="get"
      action={to("/cart")}
      className="delivery-check"
      aria-label={t("delivery.check.heading")}
      noValidate
    >
      <InputField
        id="delivery-pin"
        name="pin"
        label={t("delivery.check.label")}
        defaultValue={pinCode}
        error={error}
        autoComplete="postal-code"
        inputMode="numeric"
        pattern="[1-9][0-9]{5}"
        maxLength={6}
        required
      />
      <button type="submit" className="button button--secondary">
        {t("delivery.check.button")}
      </button>
    </Form>
  );
}

/**
 * The catalogue pages' check, after the products: the same for every visitor (the pages are
 * stored for everyone, docs/operations.md "Page store"), so it shows no PIN code; the answer is
 * on the cart page.
 */
export function CatalogueDeliveryCheck() {
  const t = useT();
  return (
    <section className="delivery-box" aria-labelledby="delivery-check-heading">
      <h2 id="delivery-check-heading">{t("delivery.check.heading")}</h2>
      <DeliveryCheckForm pinCode={undefined} />
    </section>
  );
}
