/**
 * 'Our impact' on the home page (docs/exchange.md "Impact"): three figures rendered on the
 * server, as text in a definition list, so the section costs no image, no JavaScript and no
 * layout shift.
 */
import { useT } from "~/i18n/i18n-react";
import { groupIndian } from "~/utils/indian-number";

/** Whole kilograms (rounded down, never over-claimed) with Indian grouping: 1234567 g → "1,234 kg". */
export function formatImpactKg(grams: number): string {
  return `${groupIndian(Math.floor(grams / 1000))} kg`;
}

/** A count with Indian grouping: 123456 → "1,23,456". */
export function formatImpactCount(count: number): string {
  return groupIndian(count);
}

export interface ImpactSectionProps {
  /** Σ grams of scrap on confirmed weigh sheets. */
  collectedGrams: number;
  plantsGiven: number;
  pickupsCompleted: number;
}

/** The section; its words come from the `home` messages (the figures keep Indian grouping). */
export function ImpactSection({
  collectedGrams,
  plantsGiven,
  pickupsCompleted,
}: ImpactSectionProps) {
  const t = useT();
  return (
    <section id="impact" className="home__section" aria-labelledby="impact-title">
      <h2 id="impact-title">{t("home.impact.title")}</h2>
      <dl className="impact">
        <div>
          <dt>{t("home.impact.collected")}</dt>
          <dd>
            {t("home.impact.kg", { kg: formatImpactCount(Math.floor(collectedGrams / 1000)) })}
          </dd>
        </div>
        <div>
          <dt>{t("home.impact.plants")}</dt>
          <dd>{formatImpactCount(plantsGiven)}</dd>
        </div>
        <div>
          <dt>{t("home.impact.pickups")}</dt>
          <dd>{formatImpactCount(pickupsCompleted)}</dd>
        </div>
      </dl>
    </section>
  );
}
