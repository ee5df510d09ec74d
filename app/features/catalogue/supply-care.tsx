/**
 * A fertiliser's care guidance on its /supplies card (docs/shop.md "What to feed this plant"):
 * what it is for, how much, how often, in the page's language (messages `shop.supplies.care.*`).
 * In its own module so that only /supplies carries it (docs/budgets.md: first-load JavaScript).
 */
import { Fragment } from "react";
import { useT } from "~/i18n/i18n-react";

/** The three texts, each '' when staff left it empty (then its row is left out). */
export interface SupplyCareText {
  use: string;
  amount: string;
  frequency: string;
}

/** The guidance as a description list; nothing when all three are empty. */
export function SupplyCareDetails({ care }: { care: SupplyCareText }) {
  const t = useT();
  const rows = (["use", "amount", "frequency"] as const).filter((key) => care[key]);
  if (rows.length === 0) return null;
  return (
    <dl className="product-card__details">
      {rows.map((key) => (
        <Fragment key={key}>
          <dt>{t(`shop.supplies.care.${key}`)}</dt>
          <dd>{care[key]}</dd>
        </Fragment>
      ))}
    </dl>
  );
}
