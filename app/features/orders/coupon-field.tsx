/**
 * The checkout's 'Coupon code' field with its 'Apply' button (docs/exchange.md "Coupons"). Apply
 * submits the checkout form with intent 'apply': the server checks the code and shows the
 * discount in the summary, nothing is ordered; 'Confirm Order' sends the code with the order.
 * Works without JavaScript (a plain form submission).
 */
import { type BoundField, InputField } from "~/components/ui/field";
import { formatPaise } from "~/utils/money";

/** The field bound by the checkout form (value as typed, message next to it) and a busy flag. */
export function CouponField({ field, busy }: { field: BoundField; busy: boolean }) {
  return (
    <div className="coupon-field">
      <InputField
        {...field}
        label="Coupon code"
        hint="Optional: the code you got for your scrap, e.g. SS-7K2M-9QXD."
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
        Apply
      </button>
    </div>
  );
}

/** "Coupon SS-7K2M-9QXD: −₹150", the discount line of a summary, as a paragraph. */
export function CouponDiscountLine({
  code,
  discountPaise,
}: {
  code: string;
  discountPaise: number;
}) {
  return (
    <p className="coupon-discount">
      <span>Coupon {code}:</span> <span>−{formatPaise(discountPaise)}</span>
    </p>
  );
}
