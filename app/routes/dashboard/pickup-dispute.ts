import { data, redirect } from "react-router";
import { getDb } from "~/db/db.server";
import { disputeResultKey } from "~/features/exchange/close-dispute";
import { closeDisputeSchema } from "~/features/exchange/close-dispute.schema";
import { closeDispute } from "~/features/exchange/confirmation.server";
import { ExchangeError } from "~/features/exchange/exchange-error";
import { requireStaff } from "~/features/staff/session.server";
import { refusalText } from "~/i18n/i18n.server";
import { parseEntityId } from "~/utils/entity-history.server";
import { env } from "~/utils/env.server";
import { formStrings } from "~/utils/intent-form";
import type { Route } from "./+types/pickup-dispute";

function back(id: number, query: string) {
  return redirect(`/dashboard/pickups/${id}?${query}`, { status: 303 });
}

/**
 * Staff close a dispute (docs/exchange.md "Disputes"): fields `outcome` (collected |
 * cancelled) and `note`. Redirects back to the pickup page with `?done=<outcome>`, or with
 * `?dispute=<key>` naming the refusal (shown next to its field); 404 for an unknown pickup.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireStaff(request);
  const id = parseEntityId(params.id);
  if (id === null) throw data("This pickup does not exist.", { status: 404 });
  const parsed = closeDisputeSchema.safeParse(formStrings(await request.formData()));
  if (!parsed.success) return back(id, "dispute=outcome#dispute-title");
  try {
    await closeDispute(await getDb(), id, parsed.data, user, new Date(), env().exchange);
  } catch (error) {
    if (!(error instanceof ExchangeError)) throw error;
    if (error.status === 404) throw data(refusalText("en", error), { status: 404 });
    return back(id, `dispute=${disputeResultKey(error)}#dispute-title`);
  }
  return back(id, `done=${parsed.data.outcome}`);
}

/** A GET goes back to the pickup page. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request);
  const id = parseEntityId(params.id);
  if (id === null) throw data("This pickup does not exist.", { status: 404 });
  return redirect(`/dashboard/pickups/${id}`);
}
