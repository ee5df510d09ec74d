/**
 * Staff close a dispute on the dashboard pickup page (docs/exchange.md "Disputes"): accept the
 * disputed weigh sheet as it is (the reward is issued) or end without exchange, with a note.
 * Correcting the sheet instead is a new version saved with the weigh-sheet form. Posts to
 * /dashboard/pickups/:id/dispute, which redirects back with `?done=collected|cancelled` or
 * `?dispute=<key>` (shown here next to its field). Works without JavaScript.
 */
import { Form, useNavigation, useSearchParams } from "react-router";
import { RadioGroupField, TextareaField } from "~/components/ui/field";
import { FormError } from "~/components/ui/form-messages";
import { disputeOutcomes, disputeResultMessage } from "./close-dispute";

/** The URL the form posts to. */
export function closeDisputePath(pickupId: number): string {
  return `/dashboard/pickups/${pickupId}/dispute`;
}

/**
 * Render it while the pickup is disputed. `reason` (the customer's) and `version` (the disputed
 * sheet version) are shown above the choice when given.
 */
export function CloseDisputeForm({
  pickupId,
  version,
  reason,
}: {
  pickupId: number;
  version?: number;
  reason?: string;
}) {
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const refusal = disputeResultMessage(params.get("dispute"));
  const errorOf = (field: "outcome" | "note") =>
    refusal?.field === field ? refusal.text : undefined;
  return (
    <section aria-labelledby="dispute-title">
      <h2 id="dispute-title">Close the dispute</h2>
      {version !== undefined && reason !== undefined ? (
        <p>
          The customer disputed weigh sheet version {version}: “{reason}”.
        </p>
      ) : null}
      <p>Save a corrected weigh sheet for the customer to confirm, or close the dispute here.</p>
      <FormError message={refusal?.field === "form" ? refusal.text : null} className="dash-error" />
      <Form method="post" action={closeDisputePath(pickupId)} className="form">
        <RadioGroupField
          name="outcome"
          legend="Outcome"
          options={disputeOutcomes}
          defaultValue=""
          error={errorOf("outcome")}
        />
        <TextareaField
          id="dispute-note"
          name="note"
          label="Note"
          hint="What was agreed with the customer (3 to 500 characters)."
          required
          minLength={3}
          maxLength={500}
          rows={3}
          error={errorOf("note")}
        />
        <button type="submit" className="button" disabled={navigation.state === "submitting"}>
          Close the dispute
        </button>
      </Form>
    </section>
  );
}
