import { getDb } from "~/db/db.server";
import { requireStaff } from "~/features/staff/session.server";
import { listStaff } from "~/features/staff/staff-admin.server";
import { csvResponse, csvRowsOf } from "~/utils/csv.server";
import { formatDateTimeIST } from "~/utils/dates";
import type { Route } from "./+types/staff-export";

/** CSV of the staff accounts (docs/dashboard.md). Admin only; never includes password data. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "admin");
  const staff = await listStaff(await getDb());
  const rows = csvRowsOf(staff, (member) => [
    member.name,
    member.email,
    member.role,
    member.disabled ? "disabled" : "active",
    formatDateTimeIST(member.createdAt),
  ]);
  return csvResponse("staff.csv", ["Name", "Email", "Role", "Status", "Created (IST)"], rows);
}
