/**
 * 'Our impact' on the home page (docs/exchange.md "Impact"): three figures rendered on the
 * server, as text in a definition list, so the section costs no image, no JavaScript and no
 * layout shift.
 */

const wholeNumber = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 0 });

/** Whole kilograms (rounded down, never over-claimed) with Indian grouping: 1234567 g → "1,234 kg". */
export function formatImpactKg(grams: number): string {
  return `${wholeNumber.format(Math.floor(grams / 1000))} kg`;
}

/** A count with Indian grouping: 123456 → "1,23,456". */
export function formatImpactCount(count: number): string {
  return wholeNumber.format(count);
}

export interface ImpactSectionProps {
  /** Σ grams of scrap on confirmed weigh sheets. */
  collectedGrams: number;
  plantsGiven: number;
  pickupsCompleted: number;
}

export function ImpactSection({
  collectedGrams,
  plantsGiven,
  pickupsCompleted,
}: ImpactSectionProps) {
  return (
    <section id="impact" className="home__section" aria-labelledby="impact-title">
      <h2 id="impact-title">Our impact</h2>
      <dl className="impact">
        <div>
          <dt>Scrap collected</dt>
          <dd>{formatImpactKg(collectedGrams)}</dd>
        </div>
        <div>
          <dt>Plants handed over as rewards</dt>
          <dd>{formatImpactCount(plantsGiven)}</dd>
        </div>
        <div>
          <dt>Pickups completed</dt>
          <dd>{formatImpactCount(pickupsCompleted)}</dd>
        </div>
      </dl>
    </section>
  );
}
