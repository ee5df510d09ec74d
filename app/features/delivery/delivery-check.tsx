/**
 * The cart page's delivery check (docs/shop.md "Delivery areas"): the answer to a PIN code check
 * and its form, which works without JavaScript (a GET to the cart page). The page loads the
 * `delivery` messages. Money in paise; days are calendar days.
 */
import { Form } from "react-router";
import { InputField } from "~/components/ui/field";
import { useLocalePath, useT } from "~/i18n/i18n-react";
import { formatPaise } from "~/utils/money";
import type { DeliveryCheck } from "./delivery-quote";

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
