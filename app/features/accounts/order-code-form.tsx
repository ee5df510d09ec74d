/**
 * The order page's code box for a cash-on-delivery order awaiting the customer's code
 * (docs/shop.md "Confirming a cash-on-delivery order"): what was sent where, the deadline, the
 * code field with its message next to it, 'Confirm order' and 'Send a new code'. Plain forms:
 * works without JavaScript.
 */
import { Form, useNavigation } from "react-router";
import { ErrorSummary, summaryItems } from "~/components/ui/error-summary";
import { useT } from "~/i18n/i18n-react";
import { OneTimeCodeField } from "./code-field";

export interface OrderCodeFormProps {
  /** The order's phone as shown (+91 98450 12345). */
  phone: string;
  /** When the order is cancelled without the code, in the page's language (Asia/Kolkata). */
  cancelAt: string;
  /** The refusal next to the code field, already in the page's language. */
  error?: string;
  /** A new code was just sent. */
  sent?: boolean;
}

export function OrderCodeForm({ phone, cancelAt, error, sent }: OrderCodeFormProps) {
  const t = useT();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const errors = error ? { code: error } : {};
  return (
    <section aria-labelledby="confirm-code-title" className="order-confirm-code">
      <h2 id="confirm-code-title">{t("order.confirmCode.title")}</h2>
      <p>{t("order.confirmCode.intro", { phone, time: cancelAt })}</p>
      {sent ? <p role="status">{t("order.confirmCode.sent", { phone })}</p> : null}
      <Form method="post" className="form" noValidate>
        <ErrorSummary items={summaryItems(errors, ["code"])} />
        <OneTimeCodeField
          error={errors.code}
          label={t("order.confirmCode.label")}
          hint={t("order.confirmCode.hint")}
        />
        <button
          type="submit"
          name="intent"
          value="confirm-code"
          className="button button--large"
          disabled={busy}
        >
          {t("order.confirmCode.submit")}
        </button>{" "}
        <button
          type="submit"
          name="intent"
          value="send-code"
          className="button button--secondary"
          disabled={busy}
          formNoValidate
        >
          {t("order.confirmCode.resend")}
        </button>
      </Form>
    </section>
  );
}
