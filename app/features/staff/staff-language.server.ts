/**
 * The language of a staff member's collector screens (docs/languages.md "Staff language"): the
 * route sheet and the weigh sheet at the door are in `staff_user.language` ('en' | 'hi' | 'kn',
 * English by default); the rest of the dashboard stays English. The staff member sets it on
 * the route sheet, an admin on the Staff page; each change writes an audit row
 * ("staff.language") in its own transaction.
 */
import { eq } from "drizzle-orm";
import { recordAudit } from "~/db/audit.server";
import type { Database } from "~/db/client.server";
import { staffUsers } from "~/db/schema/staff";
import type { Lang } from "~/i18n/languages";
import { StaffAccountError, type StaffUser } from "./auth.server";

/** The collector-screen language of account `userId`; English for an unknown account. */
export async function staffLanguageOf(db: Database, userId: string): Promise<Lang> {
  const [row] = await db
    .select({ language: staffUsers.language })
    .from(staffUsers)
    .where(eq(staffUsers.id, userId));
  return row?.language ?? "en";
}

/**
 * Sets account `userId`'s collector-screen language. Anyone may set their own; only an admin
 * another's.
 * @throws StaffAccountError 403 someone else's account without being an admin, 404 unknown
 * account.
 */
export async function setStaffLanguage(
  db: Database,
  actor: StaffUser,
  userId: string,
  language: Lang,
): Promise<void> {
  if (userId !== actor.id && actor.role !== "admin") {
    throw new StaffAccountError("dashboard.staff.languageNotYours", null, 403);
  }
  await db.transaction(async (tx) => {
    const [target] = await tx
      .select({ email: staffUsers.email, language: staffUsers.language })
      .from(staffUsers)
      .where(eq(staffUsers.id, userId))
      .for("update");
    if (!target) throw new StaffAccountError("dashboard.staff.notFound", null, 404);
    if (target.language === language) return;
    await tx
      .update(staffUsers)
      .set({ language, updatedAt: new Date() })
      .where(eq(staffUsers.id, userId));
    await recordAudit(tx, {
      actor: { email: actor.email },
      action: "staff.language",
      entity: "staff",
      entityId: userId,
      before: { email: target.email, language: target.language },
      after: { email: target.email, language },
    });
  });
}
