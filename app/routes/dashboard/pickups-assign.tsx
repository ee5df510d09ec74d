import { data, Link, redirect } from "react-router";
import { FormError } from "~/components/ui/form-messages";
import { getDb } from "~/db/db.server";
import { assignCollector, readAssignmentForm } from "~/features/exchange/assignment.server";
import { ExchangeError } from "~/features/exchange/exchange-error";
import { requireStaff } from "~/features/staff/session.server";
import { refusalText } from "~/i18n/i18n.server";
import { parseEntityId } from "~/utils/entity-history.server";
import type { Route } from "./+types/pickups-assign";

// Loader and action headers (Retry-After of a 429) reach document responses too.
export { headers } from "~/utils/route-headers";

/**
 * Where the form came from: the pickup page for `/dashboard/pickups/:id/assign`, else the
 * pickups list with the query string it posted as `back` (its filters), without old notices.
 */
function backTo(id: number | null, form: FormData | null): string {
  if (id !== null) return `/dashboard/pickups/${id}`;
  const posted = form?.get("back");
  const query = new URLSearchParams(typeof posted === "string" ? posted.slice(0, 2000) : "");
  query.delete("assigned");
  const text = query.toString();
  return `/dashboard/pickups${text ? `?${text}` : ""}`;
}

/**
 * The page's way back (the pickup or the list). A GET renders the "Nothing was assigned" page
 * rather than redirecting: after a refused POST the loaders run again, and a redirect here would
 * drop the refusal's message (docs/exchange.md "Collectors and the route sheet").
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request);
  return { back: backTo(parseEntityId(params.id), null) };
}

/**
 * Assigning (docs/exchange.md "Collectors and the route sheet"): `collectorId` ("" takes the
 * pickups back) for the pickup `:id`, or for the checked `pickupId`s of the list (at most 200).
 * Success redirects back with `?assigned=N`; a refusal answers 400/404/409/422 with the message
 * and a link back, nothing written.
 */
export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireStaff(request);
  const single = params.id !== undefined;
  const id = single ? parseEntityId(params.id) : null;
  if (single && id === null) throw data("This pickup does not exist.", { status: 404 });
  const form = await request.formData();
  const back = backTo(id, form);
  try {
    const { pickupIds, collectorId } = readAssignmentForm(form, id ?? undefined);
    const { assigned } = await assignCollector(await getDb(), pickupIds, collectorId, user);
    const separator = back.includes("?") ? "&" : "?";
    return redirect(`${back}${separator}assigned=${assigned}`);
  } catch (error) {
    if (error instanceof ExchangeError) {
      return data({ error: refusalText("en", error), back }, { status: error.status });
    }
    throw error;
  }
}

export const meta: Route.MetaFunction = () => [{ title: "Assign pickups | Staff dashboard" }];

export default function AssignPickups({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <h1>Nothing was assigned</h1>
      <FormError
        message={actionData?.error ?? "Choose pickups and a collector first."}
        className="dash-error"
      />
      <p>
        <Link to={actionData?.back ?? loaderData.back}>Back</Link>
      </p>
    </>
  );
}
