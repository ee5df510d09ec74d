/**
 * The collector's 'Confirm with code' form on the weigh-sheet page (docs/exchange.md "The
 * handover code"): the customer tells the 4-digit code they see on their tracking page, and the
 * collector types it here instead of the customer confirming. Posts to
 * /dashboard/route/:id/handover, which redirects back with `?handover=<key>`; this form shows
 * that answer (a notice or the refusal next to the field) in the page's language (the route's
 * `collector` messages). Works without JavaScript.
 */

import { Form, useNavigation, useSearchParams } from "react-router";
import { InputField } from "~/components/ui/field";
import { FormError, StatusNotice } from "~/components/ui/form-messages";
import { useT } from "~/i18n/i18n-react";
import { handoverResultMessage } from "./handover-code";

/** The URL the form posts to. */
export function handoverPath(pickupId: number): string {
  return `/dashboard/route/${pickupId}/handover`;
}

/**
 * `version` is the pending weigh sheet version shown on the page; null when no sheet waits for
 * the customer (only the answer of the last try is shown then, e.g. "Confirmed…").
 */
export function HandoverCodeForm({
  pickupId,
  version,
}: {
  pickupId: number;
  version: number | null;
}) {
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const result = handoverResultMessage(params.get("handover"));
  const t = useT();
  const answer = result
    ? { ok: result.ok, text: t(result.message.id, result.message.values) }
    : null;
  const busy = navigation.state !== "idle" && navigation.formAction === handoverPath(pickupId);
  // Nothing to confirm and no answer to show: no section (and no heading over nothing).
  if (version === null && !answer) return null;
  return (
    <section aria-labelledby="handover-title">
      <h2 id="handover-title">{t("collector.handover.title")}</h2>
      {answer?.ok ? <StatusNotice message={answer.text} /> : null}
      {version === null ? (
        answer && !answer.ok ? (
          <FormError message={answer.text} className="dash-error" />
        ) : null
      ) : (
        <Form method="post" action={handoverPath(pickupId)} className="form">
          <input type="hidden" name="version" value={version} />
          <InputField
            id="handover-code"
            name="code"
            label={t("collector.handover.label")}
            hint={t("collector.handover.hint")}
            inputMode="numeric"
            autoComplete="off"
            pattern="[0-9]{4}"
            maxLength={4}
            required
            error={answer && !answer.ok ? answer.text : undefined}
          />
          <button type="submit" className="button" disabled={busy}>
            {t("collector.handover.submit")}
          </button>
        </Form>
      )}
    </section>
  );
}
