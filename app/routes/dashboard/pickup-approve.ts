import { data, redirect } from "react-router";
import { getDb } from "~/db/db.server";
import { approvalResultKey } from "~/features/exchange/approve-sheet-form";
import { approveWeighSheet } from "~/features/exchange/confirmation.server";
import { ExchangeError } from "~/features/exchange/exchange-error";
import { requireStaff } from "~/features/staff/session.server";
import { refusalText } from "~/i18n/i18n.server";
import { parseEntityId } from "~/utils/entity-history.server";
import { formStrings } from "~/utils/intent-form";
import type { Route } from "./+types/pickup-approve";

function back(id: number, query: string) {
  return redirect(`/dashboard/pickups/${id}?${query}`, { status: 303 });
}

/**
 * An admin approves a weigh sheet worth more than WEIGH_SHEET_APPROVAL_ABOVE_PAISE
 * (docs/exchange.md "Approval of a large sheet"): field `version` (the version the page showed).
 * Redirects back to the pickup page with `?done=approved`, or `?approval=<key>` naming the
 * refusal (not an admin, a stale page); 404 for an unknown pickup or version; 400 for a version
 * that is not a whole number.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireStaff(request);
  const id = parseEntityId(params.id);
  if (id === null) throw data("This pickup does not exist.", { status: 404 });
  const version = formStrings(await request.formData()).version ?? "";
  if (!/^[1-9]\d{0,5}$/.test(version)) throw data("Bad weigh sheet version.", { status: 400 });
  try {
    await approveWeighSheet(await getDb(), id, Number(version), user, new Date());
  } catch (error) {
    if (!(error instanceof ExchangeError)) throw error;
    if (error.status === 404) throw data(refusalText("en", error), { status: 404 });
    return back(id, `approval=${approvalResultKey(error.id)}#approve-title`);
  }
  return back(id, "done=approved");
}

/** A GET goes back to the pickup page. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request);
  const id = parseEntityId(params.id);
  if (id === null) throw data("This pickup does not exist.", { status: 404 });
  return redirect(`/dashboard/pickups/${id}`);
}
