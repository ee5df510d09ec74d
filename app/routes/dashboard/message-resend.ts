import { data, redirect } from "react-router";
import { getDb } from "~/db/db.server";
import type { ResendNotice } from "~/features/messages/message-status";
import { MessageResendError, resendMessage } from "~/features/messages/messages-admin.server";
import { requireStaff } from "~/features/staff/session.server";
import { refusalText } from "~/i18n/i18n.server";
import { parseEntityId } from "~/utils/entity-history.server";
import { formStrings } from "~/utils/intent-form";
import { safeRedirect } from "~/utils/safe-redirect";
import type { Route } from "./+types/message-resend";

const FALLBACK = "/dashboard/messages";

/** `back` (a dashboard path, else the Messages page) with `?message=<notice>`. */
function backTo(back: string | undefined, notice: ResendNotice) {
  const path = safeRedirect(back, FALLBACK);
  const target = path.startsWith("/dashboard/") ? path : FALLBACK;
  const url = new URL(target, "http://localhost");
  url.searchParams.set("message", notice);
  return redirect(`${url.pathname}${url.search}`, { status: 303 });
}

/**
 * 'Send again' (docs/messages.md "Staff pages"): queues a copy of message `:id` due now, with
 * its audit row, and redirects to the form's `back` page with `?message=resent` (or `pending`,
 * `tooLate` or `raced` when refused). Staff office access: collectors get 403; unknown message → 404.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireStaff(request);
  const id = parseEntityId(params.id);
  if (id === null) {
    throw data(refusalText("en", new MessageResendError("unknown")), { status: 404 });
  }
  const { back } = formStrings(await request.formData());
  try {
    await resendMessage(await getDb(), user, id, new Date());
  } catch (error) {
    if (!(error instanceof MessageResendError)) throw error;
    if (error.reason === "unknown") throw data(refusalText("en", error), { status: 404 });
    return backTo(back, error.reason);
  }
  return backTo(back, "resent");
}

/** A GET goes to the Messages page. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  return redirect(FALLBACK);
}
