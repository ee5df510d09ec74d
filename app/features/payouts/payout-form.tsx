/**
 * 'Payouts to make' on the Payouts page (docs/exchange.md "Payouts"): one card per collected
 * 'money' pickup waiting for its money, each with a plain POST form (method, reference, day
 * paid, 'Record payout') that works without JavaScript. The amount is shown, never posted.
 */
import { Form, Link, useNavigation } from "react-router";
import { fieldsOf, InputField, SelectField } from "~/components/ui/field";
import { FormError } from "~/components/ui/form-messages";
import { formatDateTimeIST } from "~/utils/dates";
import { formatPaise } from "~/utils/money";
import { formatIndianMobile } from "~/utils/phone";
import { PAYOUT_REFERENCE_MAX, payoutFields, payoutMethodLabels } from "./payout-fields";

/** A pickup waiting for its payout, as the page shows it. */
export interface PayoutCard {
  id: number;
  reference: string;
  name: string;
  phone: string;
  /** Paise. */
  payoutPaise: number;
  collectedAt: Date | string;
  /** The collection's day, "YYYY-MM-DD" Asia/Kolkata (the earliest day the form accepts). */
  collectedOn: string;
}

/** The last refused post: which pickup it was for, the fields as typed, a message per field. */
export interface PayoutFormState {
  pickupId: number | null;
  values: Record<string, string>;
  errors: Record<string, string>;
  formError: string | null;
}

const methodOptions = Object.entries(payoutMethodLabels).map(([value, label]) => ({
  value,
  label,
}));

function RecordPayoutForm({
  card,
  today,
  state,
}: {
  card: PayoutCard;
  today: string;
  state: PayoutFormState | null;
}) {
  const mine = state?.pickupId === card.id ? state : null;
  const field = fieldsOf(
    { values: { paidOn: today, ...mine?.values }, errors: mine?.errors },
    { idPrefix: `payout-${card.id}-`, limits: { reference: PAYOUT_REFERENCE_MAX } },
  );
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" &&
    navigation.formData?.get(payoutFields.pickupId) === String(card.id);
  return (
    <Form
      method="post"
      className="dash-form payout-form"
      aria-label={`Record payout for ${card.reference}`}
    >
      <FormError message={mine?.formError} className="dash-error" />
      <input type="hidden" name={payoutFields.pickupId} value={card.id} />
      <SelectField
        {...field(payoutFields.method)}
        label="Method"
        placeholder="Choose how it was paid"
        options={methodOptions}
        required
      />
      <InputField
        {...field(payoutFields.reference)}
        label="Reference"
        hint="UPI transaction id (6–35 letters or digits) or bank reference (4–35); optional for cash."
        autoComplete="off"
      />
      <InputField
        {...field(payoutFields.paidOn)}
        label="Paid on"
        type="date"
        min={card.collectedOn}
        max={today}
        required
      />
      <button type="submit" className="button" disabled={busy}>
        Record payout
      </button>
    </Form>
  );
}

/** The waiting pickups, oldest collection first, each with its form; a line when none wait. */
/** A capped count as the dashboard prints it: "12", or "1000+" when there are more. */
export function countText(counted: { count: number; more: boolean }): string {
  return `${counted.count}${counted.more ? "+" : ""}`;
}

export function PayoutsToMake({
  cards,
  count,
  today,
  state,
}: {
  cards: readonly PayoutCard[];
  /** All waiting pickups, counted up to a cap (the cards are the oldest of them). */
  count: { count: number; more: boolean };
  /** "YYYY-MM-DD" Asia/Kolkata: the form's default and latest day. */
  today: string;
  state: PayoutFormState | null;
}) {
  if (cards.length === 0) return <p>No payouts to make: every money reward has been paid.</p>;
  return (
    <>
      {count.more || count.count > cards.length ? (
        <p>
          The {cards.length} oldest of {countText(count)}:
        </p>
      ) : null}
      <ul className="payout-cards">
        {cards.map((card) => (
          <li key={card.id} className="dash-card">
            <h3>
              <Link to={`/dashboard/pickups/${card.id}`}>{card.reference}</Link>{" "}
              {formatPaise(card.payoutPaise)}
            </h3>
            <p>
              {card.name}, <a href={`tel:${card.phone}`}>{formatIndianMobile(card.phone)}</a>
              <br />
              Collected {formatDateTimeIST(new Date(card.collectedAt))}
            </p>
            <RecordPayoutForm card={card} today={today} state={state} />
          </li>
        ))}
      </ul>
    </>
  );
}
