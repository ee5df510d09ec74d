/**
 * Staff management for admins (docs/dashboard.md): list, create, disable (ends their sessions),
 * enable, reset password (also ends their sessions), set the optional phone number. Every change writes an audit row
 * (docs/dashboard.md "Audit log") in the same transaction; passwords and hashes never reach
 * the audit log.
 */
import { asc, eq } from "drizzle-orm";
import { type AuditActor, recordAudit } from "~/db/audit.server";
import type { Database } from "~/db/client.server";
import { type StaffRole, staffAccounts, staffSessions, staffUsers } from "~/db/schema/staff";
import type { Lang } from "~/i18n/languages";
import {
  authFor,
  createStaffAccount,
  passwordProblem,
  phoneTaken,
  StaffAccountError,
  type StaffUser,
} from "./auth.server";
import { hasNoEmail } from "./sign-in-name";

/** A new account: e-mail null for a phone-only collector (ADR 0032); phone `+91XXXXXXXXXX`. */
export interface NewStaffAccount {
  email: string | null;
  name: string;
  role: StaffRole;
  password: string;
  phone?: string | null;
}

export interface StaffListRow {
  id: string;
  name: string;
  email: string;
  role: StaffRole;
  /** `+91XXXXXXXXXX`, or null when not set. */
  phone: string | null;
  disabled: boolean;
  /** The language of their route and weigh sheets (docs/languages.md "Staff language"). */
  language: Lang;
  createdAt: Date;
}

/** Every staff account, admins first then by name (a shop has a handful). */
export async function listStaff(db: Database): Promise<StaffListRow[]> {
  return db
    .select({
      id: staffUsers.id,
      name: staffUsers.name,
      email: staffUsers.email,
      role: staffUsers.role,
      phone: staffUsers.phone,
      disabled: staffUsers.banned,
      language: staffUsers.language,
      createdAt: staffUsers.createdAt,
    })
    .from(staffUsers)
    .orderBy(asc(staffUsers.role), asc(staffUsers.name), asc(staffUsers.id));
}

/**
 * Creates an account and records it in the audit log ("staff.create" with the new account's
 * e-mail, name, role and phone when given; never the password).
 * @param actor who: an admin, or "system" for the setup link and `npm run staff:create`.
 * @param via how, kept in the audit row (e.g. "setup link"); none for an admin's form.
 * @throws StaffAccountError (password rules, e-mail taken).
 */
export async function createAuditedStaffAccount(
  db: Database,
  actor: AuditActor,
  input: NewStaffAccount,
  via?: string,
): Promise<StaffUser> {
  const user = await createStaffAccount(db, input);
  await recordAudit(db, {
    actor,
    action: "staff.create",
    entity: "staff",
    entityId: user.id,
    after: {
      email: user.email,
      name: user.name,
      role: user.role,
      ...(input.phone ? { phone: input.phone } : {}),
    },
    extra: via === undefined ? undefined : { via },
  });
  return user;
}

/**
 * Creates an account on an admin's behalf and records it.
 * @throws StaffAccountError (password rules, e-mail taken, phone taken, neither given).
 */
export function createStaffByAdmin(
  db: Database,
  admin: StaffUser,
  input: NewStaffAccount,
): Promise<StaffUser> {
  return createAuditedStaffAccount(db, { email: admin.email }, input);
}

async function lockTarget(tx: Database, userId: string) {
  const [target] = await tx
    .select({ id: staffUsers.id, email: staffUsers.email, banned: staffUsers.banned })
    .from(staffUsers)
    .where(eq(staffUsers.id, userId))
    .for("update");
  if (!target) throw new StaffAccountError("dashboard.staff.notFound", null, 404);
  return target;
}

/**
 * Disables (`disabled = true`) or enables an account. Disabling deletes all its sessions at
 * once, so the person is signed out on their next request. An admin cannot disable
 * themselves (the shop must keep a way in).
 * @throws StaffAccountError 404 unknown account, 409 own account.
 */
export async function setStaffDisabled(
  db: Database,
  admin: StaffUser,
  userId: string,
  disabled: boolean,
): Promise<void> {
  if (disabled && userId === admin.id) {
    throw new StaffAccountError("dashboard.staff.cannotDisableSelf", null, 409);
  }
  await db.transaction(async (tx) => {
    const target = await lockTarget(tx, userId);
    if (target.banned === disabled) return;
    await tx
      .update(staffUsers)
      .set({
        banned: disabled,
        banReason: disabled ? "disabled by an admin" : null,
        updatedAt: new Date(),
      })
      .where(eq(staffUsers.id, userId));
    if (disabled) await tx.delete(staffSessions).where(eq(staffSessions.userId, userId));
    await recordAudit(tx, {
      actor: { email: admin.email },
      action: disabled ? "staff.disable" : "staff.enable",
      entity: "staff",
      entityId: userId,
      before: { email: target.email, disabled: target.banned },
      after: { email: target.email, disabled },
    });
  });
}

/**
 * Sets a new password (hashed by the library) and ends the account's sessions. The password is
 * checked against the account's own e-mail and name too (password-rules.ts). The audit row
 * ("staff.reset-password") keeps the account's e-mail and, when given, the admin's client
 * address; never the password.
 * @throws StaffAccountError 400 password refused (field 'password'), 404 unknown account.
 */
export async function resetStaffPassword(
  db: Database,
  admin: StaffUser,
  userId: string,
  newPassword: string,
  clientAddress?: string,
): Promise<void> {
  const [owner] = await db
    .select({ email: staffUsers.email, name: staffUsers.name })
    .from(staffUsers)
    .where(eq(staffUsers.id, userId));
  if (!owner) throw new StaffAccountError("dashboard.staff.notFound", null, 404);
  const problem = await passwordProblem(newPassword, owner);
  if (problem) throw StaffAccountError.password(problem);
  const context = await (await authFor(null, db)).$context;
  const hash = await context.password.hash(newPassword);
  await db.transaction(async (tx) => {
    const target = await lockTarget(tx, userId);
    const updated = await tx
      .update(staffAccounts)
      .set({ password: hash, updatedAt: new Date() })
      .where(eq(staffAccounts.userId, userId))
      .returning({ id: staffAccounts.id });
    if (updated.length === 0) {
      throw new StaffAccountError("dashboard.staff.noPasswordLogin", null, 409);
    }
    await tx.delete(staffSessions).where(eq(staffSessions.userId, userId));
    await recordAudit(tx, {
      actor: { email: admin.email },
      action: "staff.reset-password",
      entity: "staff",
      entityId: userId,
      extra: {
        email: target.email,
        sessionsEnded: true,
        ...(clientAddress === undefined ? {} : { clientAddress }),
      },
    });
  });
}

/**
 * Sets or clears (null) an account's phone number, `+91XXXXXXXXXX` (the Staff page validates
 * it with `staffPhoneField`). A collector's number becomes the call link on the tracking page
 * of the pickups they are on the way to (docs/exchange.md "The customer's tracking page").
 * Audit row "staff.phone" with the number before and after; nothing when it is unchanged.
 * An account without e-mail signs in with its phone (ADR 0032): its number cannot be removed,
 * and no number may be given to two accounts when one of them has no e-mail (`phoneTaken`).
 * @throws StaffAccountError 404 unknown account; 400 (field 'phone') removing the number of a
 *   phone-only account, or a number taken that way.
 */
export async function setStaffPhone(
  db: Database,
  admin: StaffUser,
  userId: string,
  phone: string | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockTarget(tx, userId);
    const [before] = await tx
      .select({ phone: staffUsers.phone, email: staffUsers.email })
      .from(staffUsers)
      .where(eq(staffUsers.id, userId));
    if (!before || before.phone === phone) return;
    const withoutEmail = hasNoEmail(before.email);
    if (!phone && withoutEmail) {
      throw new StaffAccountError("dashboard.staff.phoneRequired", "phone");
    }
    if (phone && (await phoneTaken(tx, phone, withoutEmail, userId))) {
      throw new StaffAccountError("dashboard.staff.phoneTaken", "phone");
    }
    await tx
      .update(staffUsers)
      .set({ phone, updatedAt: new Date() })
      .where(eq(staffUsers.id, userId));
    await recordAudit(tx, {
      actor: { email: admin.email },
      action: "staff.phone",
      entity: "staff",
      entityId: userId,
      before: { email: before.email, phone: before.phone },
      after: { email: before.email, phone },
    });
  });
}
