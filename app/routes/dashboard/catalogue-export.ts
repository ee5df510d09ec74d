import { requireStaff } from "~/features/staff/session.server";
import type { Route } from "./+types/catalogue-export";

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "admin");
  return new Response("", { headers: { "Content-Type": "text/csv; charset=utf-8" } });
}
