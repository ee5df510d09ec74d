import { redirect } from "react-router";
import { LOGIN_PATH, logOut } from "~/features/staff/session.server";
import type { Route } from "./+types/logout";

/** Logout (docs/dashboard.md): deletes the session row and clears the cookie. POST only. */
export async function action({ request }: Route.ActionArgs) {
  const headers = await logOut(request);
  return redirect(LOGIN_PATH, { headers });
}

export async function loader() {
  return redirect(LOGIN_PATH);
}
