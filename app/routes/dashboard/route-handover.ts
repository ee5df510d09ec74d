import { data, redirect } from "react-router";
import { getDb } from "~/db/db.server";
import { confirmWithHandoverCode } from "~/features/exchange/confirmation.server";
import { ExchangeError } from "~/features/exchange/exchange-error";
import { handoverResultKey } from "~/features/exchange/handover-code";
import { sheetVersionField } from "~/features/pickups/pickup.schema";
import { requireStaff } from "~/features/staff/session.server";
import { refusalText } from "~/i18n/i18n.server";
import { parseEntityId } from "~/utils/entity-history.server";
import { env } from "~/utils/env.server";
import { formStrings } from "~/utils/intent-form";
import type { Route } from "./+types/route-handover";

function pageOf(id: number, key: string) {
  return redirect(`/dashboard/route/${id}?handover=${key}#handover-title`, { status: 303 });
}

/**
 * The collector confirms the weigh sheet with the customer's handover code (docs/exchange.md
 * "The handover code"): fields `version` and `code`. Answers with a redirect back to the
 * weigh-sheet page carrying a short result key (never the code); 403 for someone else's
 * pickup, 404 for an unknown one.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireStaff(request, "route");
  const id = parseEntityId(params.id);
  if (id === null) throw data("This pickup does not exist.", { status: 404 });
  const form = formStrings(await request.formData());
  const version = sheetVersionField.safeParse(form.version ?? "");
  if (!version.success) return pageOf(id, "refused");
  try {
    await confirmWithHandoverCode(
      await getDb(),
      id,
      version.data,
      form.code ?? "",
      user,
      new Date(),
      env().exchange,
    );
  } catch (error) {
    if (!(error instanceof ExchangeError)) throw error;
    if (error.status === 403 || error.status === 404) {
      throw data(refusalText("en", error), { status: error.status });
    }
    return pageOf(id, handoverResultKey(error));
  }
  return pageOf(id, "confirmed");
}

/** A GET (a reloaded or bookmarked form address) goes back to the weigh-sheet page. */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request, "route");
  const id = parseEntityId(params.id);
  if (id === null) throw data("This pickup does not exist.", { status: 404 });
  return redirect(`/dashboard/route/${id}`);
}
