/**
 * The line of steps on the customer's tracking page (docs/pickups.md "The tracking page"): an
 * ordered list, the current step marked `aria-current="step"`, each reached step with its time
 * (already formatted in Asia/Kolkata by `presentTrackingSteps`). Plain HTML: no JavaScript.
 */
import { useT } from "~/i18n/i18n-react";
import type { TrackingStep } from "./tracking-progress.server";

export function TrackingSteps({ steps }: { steps: TrackingStep[] }) {
  const t = useT();
  return (
    <section aria-labelledby="steps-title">
      <h2 id="steps-title">{t("pickup.tracking.steps.heading")}</h2>
      <ol className="tracking-steps">
        {steps.map((step) => (
          <li
            key={step.key}
            className={`tracking-step tracking-step--${step.state}`}
            aria-current={step.state === "current" ? "step" : undefined}
          >
            <span className="tracking-step__label">{t(`pickup.tracking.steps.${step.key}`)}</span>
            {step.state === "current" ? (
              <span className="tracking-step__now">{t("pickup.tracking.steps.now")}</span>
            ) : null}
            {step.at && step.iso ? (
              <time className="tracking-step__time" dateTime={step.iso}>
                {step.at}
              </time>
            ) : step.state === "upcoming" ? (
              <span className="tracking-step__time">{t("pickup.tracking.steps.notYet")}</span>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
