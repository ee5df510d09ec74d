/**
 * 'Pay in cash on delivery instead': switches an order whose online payment is pending or
 * failed to cash on delivery (docs/payments.md). It posts `intent=cash-on-delivery` to the
 * order's tracking page (`/orders/<token>`), whose action makes the switch.
 */
import { Form } from "react-router";
import { useT } from "~/i18n/i18n-react";

/**
 * @param action the order's tracking path in the page's language; leave it out on the tracking
 *   page itself. The page loads the `payment` messages.
 * @param busy disables the button while a form of the page is being sent.
 */
export function CashOnDeliverySwitch({ action, busy }: { action?: string; busy: boolean }) {
  const t = useT();
  return (
    <Form method="post" action={action} className="order-payment-switch">
      <button
        type="submit"
        name="intent"
        value="cash-on-delivery"
        className="button button--secondary"
        disabled={busy}
      >
        {t("payment.switchToCod")}
      </button>
    </Form>
  );
}
