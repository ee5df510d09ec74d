/**
 * The 'Delivery' line of an order summary (docs/shop.md "Delivery areas"), on its own so that
 * checkout's script carries nothing else of the delivery check. The page loads the
 * `delivery.line` messages. Money in paise.
 */
import { useT } from "~/i18n/i18n-react";
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
