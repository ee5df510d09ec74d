/**
 * The pickup page's 'Collector' section (docs/exchange.md "Collectors and the route sheet"):
 * who visits, and a POST form to `/dashboard/pickups/:id/assign` that gives the pickup to a
 * collector or takes it back. Works without JavaScript; the action redirects back with
 * `?assigned=N`, which this section turns into a notice. No server code here.
 */
import { Form, useNavigation, useSearchParams } from "react-router";
import { SelectField } from "~/components/ui/field";
import { StatusNotice } from "~/components/ui/form-messages";
import type { PickupStatus } from "~/db/schema/pickups";
import { doorStatuses } from "./collector-access";

/** The assignment form of pickup `pickupId`; `collectors` from `listCollectors`. */
export function AssignCollectorForm({
  pickupId,
  status,
  collectorId,
  collectors,
}: {
  pickupId: number;
  status: PickupStatus;
  /** The collector assigned now, or null. */
  collectorId: string | null;
  collectors: readonly { id: string; name: string }[];
}) {
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const assigned = params.get("assigned");
  const current = collectors.find((c) => c.id === collectorId);
  const canAssign = doorStatuses.includes(status);
  return (
    <section aria-labelledby="collector-heading">
      <h2 id="collector-heading">Collector</h2>
      <StatusNotice
        message={
          assigned === null
            ? null
            : assigned === "0"
              ? "The collector was already as chosen."
              : "Collector changed."
        }
      />
      <p>
        {collectorId === null
          ? "Not assigned to a collector."
          : `Assigned to ${current?.name ?? "a collector whose account is disabled"}.`}
      </p>
      {canAssign ? (
        <Form
          key={collectorId ?? "none"}
          method="post"
          action={`/dashboard/pickups/${pickupId}/assign`}
          className="form"
        >
          <SelectField
            id="collectorId"
            name="collectorId"
            label="Assign to"
            placeholder="Nobody (unassigned)"
            options={collectors.map((c) => ({ value: c.id, label: c.name }))}
            defaultValue={current ? current.id : ""}
            hint={
              collectors.length === 0
                ? "No collector accounts yet: an admin adds them on the Staff page."
                : undefined
            }
          />
          <button type="submit" className="button" disabled={navigation.state === "submitting"}>
            Save collector
          </button>
        </Form>
      ) : null}
    </section>
  );
}

/**
 * The pickups list's bulk assignment: a POST form (`id` = `formId`) to
 * `/dashboard/pickups/assign` with the 'Assign to' select; the list's row checkboxes
 * (`name="pickupId"`, `form={formId}`) belong to it. `back` is the list's query string, so the
 * action returns to the same filters. Works without JavaScript.
 */
export function BulkAssignControls({
  formId,
  back,
  collectors,
  max,
}: {
  formId: string;
  back: string;
  collectors: readonly { id: string; name: string }[];
  /** The most pickups one assignment may name. */
  max: number;
}) {
  const navigation = useNavigation();
  return (
    <Form
      method="post"
      action="/dashboard/pickups/assign"
      id={formId}
      className="dash-filters dash-bulk-assign"
      aria-label="Assign chosen pickups"
    >
      <input type="hidden" name="back" value={back} />
      <SelectField
        id="bulk-collectorId"
        name="collectorId"
        label="Assign to"
        placeholder="Nobody (unassigned)"
        options={collectors.map((c) => ({ value: c.id, label: c.name }))}
        defaultValue=""
        hint={`Tick the pickups below (at most ${max}), choose a collector, then press the button.`}
      />
      <button type="submit" className="button" disabled={navigation.state === "submitting"}>
        Assign chosen pickups
      </button>
    </Form>
  );
}
