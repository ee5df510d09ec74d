/**
 * The admin's first-day checklist at the top of the overview (docs/dashboard.md "Overview"):
 * set the rates, add a collector, try a booking. Each step is read from the database
 * (`getFirstDayChecklist`), so it ticks itself; the list is gone once all three are done.
 */
import { Link } from "react-router";
import type { FirstDayChecklist as Checklist } from "./today.server";

const steps: { key: keyof Checklist; text: string; to: string; link: string }[] = [
  { key: "ratesSet", text: "Set today's scrap rates", to: "/dashboard/rates", link: "Rates" },
  { key: "collectorAdded", text: "Add a collector", to: "/dashboard/staff", link: "Staff" },
  { key: "bookingTried", text: "Try a booking", to: "/orderpage", link: "Book a pickup" },
];

/** Nothing when every step is done; otherwise the three steps, done ones ticked. */
export function FirstDayChecklist({ checklist }: { checklist: Checklist | null }) {
  if (!checklist) return null;
  const done = steps.filter((step) => checklist[step.key]).length;
  if (done === steps.length) return null;
  return (
    <section aria-labelledby="first-day-heading" className="today-checklist">
      <h2 id="first-day-heading" className="today-title">
        First day: {done} of {steps.length} done
      </h2>
      <ul>
        {steps.map((step) =>
          checklist[step.key] ? (
            <li key={step.key} className="today-checklist__done">
              <span aria-hidden="true">✓ </span>
              {step.text}: done
            </li>
          ) : (
            <li key={step.key}>
              {step.text}: <Link to={step.to}>{step.link}</Link>
            </li>
          ),
        )}
      </ul>
    </section>
  );
}
