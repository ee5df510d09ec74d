/**
 * The checkout's 'Coupon code' field with its 'Apply' button (docs/exchange.md "Coupons"). Apply
 * submits the checkout form with intent 'apply': the server checks the code and shows the
 * discount in the summary, nothing is ordered; 'Confirm Order' sends the code with the order.
 * Works without JavaScript (a plain form submission).
 */
import { type BoundField, InputField } from "~/components/ui/field";
import { useT } from "~/i18n/i18n-react";
import { formatPaise } from "~/utils/money";

/**
 * The field bound by the checkout form (value as typed, message next to it), a busy flag, and
 * the coupons a signed-in customer holds (docs/accounts.md "My account"): each a button that
 * applies it, with its balance and expiry in the page's words.
 */
export function CouponField({
  field,
  busy,
  held = [],
}: {
  field: BoundField;
  busy: boolean;
  held?: { code: string; balance: string; date: string }[];
}) {
  const t = useT();
  return (
    <div className="coupon-field">
      <InputField
        {...field}
        label={t("checkout.coupon.label")}
        hint={t("checkout.coupon.hint")}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
      />
      <button
        type="submit"
        name="intent"
        value="apply"
        className="button button--secondary"
        disabled={busy}
      >
        {t("checkout.coupon.apply")}
      </button>
      {held.length ? (
        <fieldset className="form__group">
          <legend>{t("checkout.coupon.held")}</legend>
          {held.map((coupon) => (
            <button
              key={coupon.code}
              type="submit"
              name="heldCoupon"
              value={coupon.code}
              className="link-button"
              disabled={busy}
            >
              {t("checkout.coupon.useHeld", coupon)}
            </button>
          ))}
        </fieldset>
      ) : null}
    </div>
  );
}

/**
 * "Coupon SS-7K2M-9QXD: −₹150", the discount line of a summary, as a paragraph (its page loads
 * the `checkout` messages).
 */
export function CouponDiscountLine({
  code,
  discountPaise,
}: {
  code: string;
  discountPaise: number;
}) {
  const t = useT();
  return (
    <p className="coupon-discount">
      <span>{t("checkout.coupon.discount", { code })}</span>{" "}
      <span>−{formatPaise(discountPaise)}</span>
    </p>
  );
}
