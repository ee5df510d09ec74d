/**
 * Sign-in events in the audit log (docs/operations.md "Security"; docs/dashboard.md "Audit log"):
 * every login, failed login (with `waitSeconds` when it makes the next attempt wait), the
 * failed attempt after which the account or the address starts waiting (`staff.login-throttled`,
 * login-throttle.server.ts) and logout, with the account (id when it exists, e-mail as typed, lower-cased) and the client
 * address. Never the password. Password changes are audited where they happen
 * (staff-admin.server.ts "staff.reset-password", "staff.create").
 *
 * Rows: entity LOGIN_AUDIT_ENTITY, entity id the account's id ("unknown" for an unknown e-mail),
 * actor the account's e-mail for a login or logout, 'visitor' for a failed or throttled attempt
 * (someone who has not proven who they are), details `{email, clientAddress, …extra}`.
 */
import { eq } from "drizzle-orm";
import { recordAudit } from "~/db/audit.server";
import type { Database } from "~/db/client.server";
import { staffUsers } from "~/db/schema/staff";

/** The audit entity of sign-in events (audit-entities.ts labels it). */
export const LOGIN_AUDIT_ENTITY = "login";

/**
 * The audited sign-in events. Rows written before login waits replaced the lockout may also
 * hold `staff.lockout` (the failed attempt that used up the old 10-a-minute limit).
 */
export type LoginEvent =
  | "staff.login"
  | "staff.login-failed"
  | "staff.login-throttled"
  | "staff.logout";

/**
 * Writes one sign-in event.
 * @param account the account's id when known (looked up by e-mail when omitted) and e-mail.
 * @param extra e.g. `{ reason: "wrong password" }` or `{ waitSeconds: 4 }`.
 */
export async function recordLoginEvent(
  db: Database,
  event: LoginEvent,
  account: { id?: string | null; email: string },
  clientAddress: string,
  extra: Record<string, unknown> = {},
): Promise<void> {
  const email = account.email.trim().toLowerCase().slice(0, 320);
  let id = account.id;
  if (id === undefined) {
    const [found] = await db
      .select({ id: staffUsers.id })
      .from(staffUsers)
      .where(eq(staffUsers.email, email));
    id = found?.id ?? null;
  }
  const proven = event === "staff.login" || event === "staff.logout";
  await recordAudit(db, {
    actor: proven ? { email } : "visitor",
    action: event,
    entity: LOGIN_AUDIT_ENTITY,
    entityId: id ?? "unknown",
    extra: { email, clientAddress, ...extra },
  });
}
