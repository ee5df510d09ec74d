import { redirect } from "react-router";
import { LOGIN_PATH, logOut } from "~/features/staff/session.server";
import { clientAddressContext } from "~/utils/request-context";
import type { Route } from "./+types/logout";

/** Logout (docs/dashboard.md): deletes the session row, clears the cookie, audits it. POST only. */
export async function action({ request, context }: Route.ActionArgs) {
  const headers = await logOut(request, context.get(clientAddressContext));
  return redirect(LOGIN_PATH, { headers });
}

export async function loader() {
  return redirect(LOGIN_PATH);
}
