import { requireStaff } from "~/features/staff/session.server";
import type { Route } from "./+types/pickups";

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  return null;
}

export default function Placeholder() {
  return <h1>Coming next</h1>;
}
