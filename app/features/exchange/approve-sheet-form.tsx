/**
 * An admin approves a weigh sheet worth more than WEIGH_SHEET_APPROVAL_ABOVE_PAISE on the
 * dashboard pickup page (docs/exchange.md "Approval of a large sheet"); until then the customer
 * cannot confirm it. Posts `version` to /dashboard/pickups/:id/approve, which redirects back with
 * `?done=approved` or `?approval=<key>` (shown here). Works without JavaScript. Staff who are not
 * admins see who may approve instead of the button.
 */
import { Form, useSearchParams } from "react-router";
import { FormError } from "~/components/ui/form-messages";
import { formatPaise } from "~/utils/money";

/** The URL the form posts to. */
export function approveSheetPath(pickupId: number): string {
  return `/dashboard/pickups/${pickupId}/approve`;
}

const approvalMessages: Record<string, string> = {
  admin: "Only an admin can approve this weigh sheet.",
  stale: "This weigh sheet changed meanwhile or needs no approval any more. Reload the page.",
};

/** The URL key of an approval refusal by its message id: "admin" or "stale". */
export function approvalResultKey(id: string): string {
  return id === "dashboard.weighSheet.approveAdminOnly" ? "admin" : "stale";
}

/** Render it while the latest sheet waits for approval; `canApprove` for admins. */
export function ApproveSheetForm({
  pickupId,
  version,
  rewardValuePaise,
  approveAbovePaise,
  canApprove,
}: {
  pickupId: number;
  version: number;
  rewardValuePaise: number;
  approveAbovePaise: number;
  canApprove: boolean;
}) {
  const [params] = useSearchParams();
  const key = params.get("approval");
  const refusal = key && Object.hasOwn(approvalMessages, key) ? approvalMessages[key] : null;
  return (
    <section aria-labelledby="approve-title">
      <h2 id="approve-title">Approve the weigh sheet</h2>
      <p>
        Weigh sheet version {version} is worth {formatPaise(rewardValuePaise)}, above{" "}
        {formatPaise(approveAbovePaise)}: the customer can confirm it once an admin approves it.
        Check the weights and the rates with the collector first.
      </p>
      <FormError message={refusal ?? null} className="dash-error" />
      {canApprove ? (
        <Form method="post" action={approveSheetPath(pickupId)}>
          <input type="hidden" name="version" value={version} />
          <button type="submit" className="button">
            Approve version {version}
          </button>
        </Form>
      ) : (
        <p>Only an admin can approve it.</p>
      )}
    </section>
  );
}
