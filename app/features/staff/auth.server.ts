/**
 * Staff authentication (docs/dashboard.md) with better-auth: scrypt password hashing, sessions
 * stored in `staff_session`, accounts only created by an admin, the CLI or the one-time setup
 * link (no public sign-up, no HTTP handler mounted: every call goes through this module).
 *
 * Session rules:
 * - idle timeout 8 hours: the session's `expires_at` moves forward at most every 5 minutes of use;
 * - absolute timeout 7 days from login, checked here on every request;
 * - cookie HttpOnly, SameSite=Lax, path /; on HTTPS in production it is `__Host-staff_session`
 *   with Secure, otherwise `staff_session` (a plain-HTTP run on localhost must still log in);
 * - login issues a new session id; logout and disabling an account delete sessions in the DB.
 */

import { randomBytes } from "node:crypto";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError } from "better-auth/api";
import { admin } from "better-auth/plugins/admin";
import { adminAc, userAc } from "better-auth/plugins/admin/access";
import { and, eq, ne } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { getDb } from "~/db/db.server";
import {
  type StaffRole,
  staffAccounts,
  staffSessions,
  staffUsers,
  staffVerifications,
} from "~/db/schema/staff";
import { env } from "~/utils/env.server";
import { logger } from "~/utils/logger.server";
import { type MessageRef, type MessageValues, message, Refusal } from "~/utils/refusal";
import { sessionSecret } from "~/utils/secrets.server";
import { type PasswordOwner, personalPasswordProblem } from "./password-rules";
import { hasNoEmail, noEmailAddressFor } from "./sign-in-name";

export const IDLE_TIMEOUT_SECONDS = 8 * 60 * 60;
export const ABSOLUTE_TIMEOUT_SECONDS = 7 * 24 * 60 * 60;
/** How often a used session's idle expiry is pushed forward (one DB write per 5 minutes). */
const REFRESH_EVERY_SECONDS = 5 * 60;

/** The signed-in staff member, as loaders and actions see them. */
export interface StaffUser {
  id: string;
  name: string;
  email: string;
  role: StaffRole;
}

function buildAuth(db: Database, secure: boolean) {
  const authLogger = logger().child({ module: "auth" });
  return betterAuth({
    appName: "Scrap & Sprout staff",
    baseURL: secure ? "https://localhost" : "http://localhost",
    secret: sessionSecret(),
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: {
        user: staffUsers,
        session: staffSessions,
        account: staffAccounts,
        verification: staffVerifications,
      },
    }),
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      autoSignIn: false,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
    },
    session: {
      expiresIn: IDLE_TIMEOUT_SECONDS,
      updateAge: REFRESH_EVERY_SECONDS,
      cookieCache: { enabled: false },
    },
    plugins: [
      admin({
        defaultRole: "staff",
        adminRoles: ["admin"],
        roles: { admin: adminAc, staff: userAc, collector: userAc },
      }),
    ],
    // Our own limiter (login.server.ts) and cross-site POST check (server/app.ts) apply.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    advanced: {
      disableCSRFCheck: true,
      disableOriginCheck: true,
      useSecureCookies: false,
      cookies: {
        session_token: {
          name: secure ? "__Host-staff_session" : "staff_session",
          // The cookie outlives idle periods; the database decides (idle and absolute limits).
          attributes: { secure, maxAge: ABSOLUTE_TIMEOUT_SECONDS },
        },
      },
    },
    logger: {
      level: "error",
      log: (level, message) => {
        if (level === "error") authLogger.error(message);
        else authLogger.debug(message);
      },
    },
  });
}

type Auth = ReturnType<typeof buildAuth>;
const instances = new WeakMap<Database, { plain?: Auth; secure?: Auth }>();

/** True when the staff cookie must be `__Host-` + Secure: production over HTTPS. */
export function usesSecureCookie(request: Request): boolean {
  return env().isProduction && new URL(request.url).protocol === "https:";
}

/** The better-auth instance for this database and cookie flavour. */
export async function authFor(request: Request | null, db?: Database): Promise<Auth> {
  const database = db ?? (await getDb());
  const secure = request ? usesSecureCookie(request) : false;
  let entry = instances.get(database);
  if (!entry) {
    entry = {};
    instances.set(database, entry);
  }
  const key = secure ? "secure" : "plain";
  entry[key] ??= buildAuth(database, secure);
  return entry[key];
}

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 256;

let commonPasswords: Set<string> | undefined;

/**
 * Password rules (docs/dashboard.md, NIST SP 800-63B): 8 to 256 characters, no composition
 * rules, not one of the 49,233 most common passwords (zxcvbn-ts common list, compared
 * case-insensitively), and (password-rules.ts; docs/operations.md "Security") not containing the
 * account's e-mail, its local part, its name, the shop's brand or a run of one character.
 * Returns the message to show next to the field (a `dashboard.staff.password*` id with its
 * values, ADR 0024), or null when allowed.
 * @param owner the account the password is for (e-mail and name), when known.
 */
export async function passwordProblem(
  password: string,
  owner: PasswordOwner = {},
): Promise<MessageRef | null> {
  if (password.length < MIN_PASSWORD_LENGTH) {
    return message("dashboard.staff.passwordTooShort", { min: MIN_PASSWORD_LENGTH });
  }
  if (password.length > MAX_PASSWORD_LENGTH) {
    return message("dashboard.staff.passwordTooLong", { max: MAX_PASSWORD_LENGTH });
  }
  if (!commonPasswords) {
    const { dictionary } = await import("@zxcvbn-ts/language-common");
    commonPasswords = new Set(dictionary["passwords-common"].map((p) => p.toLowerCase()));
  }
  if (commonPasswords.has(password.toLowerCase())) {
    return message("dashboard.staff.passwordCommon");
  }
  return personalPasswordProblem(password, owner);
}

/** The staff form's fields a refused account change is shown next to. */
export type StaffAccountField = "email" | "password" | "name" | "role" | "phone";

/**
 * A refused account change: a refusal (ADR 0024) with a `dashboard.staff.*` id (or a shared
 * `errors.form.*` one), the form field to show it next to (given as null, kept as undefined: a
 * message about the whole form) and the HTTP status (400 by default, 404 unknown account, 409 a
 * change that cannot be made).
 */
export class StaffAccountError extends Refusal {
  override name = "StaffAccountError";
  declare readonly field: StaffAccountField | undefined;
  constructor(
    id: string,
    field: StaffAccountField | null,
    status: 400 | 403 | 404 | 409 = 400,
    values: MessageValues = {},
  ) {
    super(id, values, { status, field: field ?? undefined });
  }

  /** A refused password: `problem` as `passwordProblem` returns it, next to the password field. */
  static password(problem: MessageRef): StaffAccountError {
    return new StaffAccountError(problem.id, "password", 400, problem.values);
  }
}

/** better-auth's refusals of `createUser` that our own checks make before it, by code. */
const createUserRefusals: Record<string, string> = {
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: "dashboard.staff.emailTaken",
  INVALID_EMAIL: "errors.form.emailInvalid",
};

/**
 * True when giving `phone` to an account would make a phone sign-in ambiguous (ADR 0032): another
 * account (not `exceptUserId`) has the number and either that account or this one has no e-mail,
 * so one of them would lose its only way in. Two accounts with e-mails may share a number (a
 * shop's one phone); neither then signs in with it.
 * @param phone `+91XXXXXXXXXX`.
 * @param withoutEmail true when the account getting the number has no e-mail.
 */
export async function phoneTaken(
  db: Database,
  phone: string,
  withoutEmail: boolean,
  exceptUserId?: string,
): Promise<boolean> {
  const others = await db
    .select({ email: staffUsers.email })
    .from(staffUsers)
    .where(
      exceptUserId === undefined
        ? eq(staffUsers.phone, phone)
        : and(eq(staffUsers.phone, phone), ne(staffUsers.id, exceptUserId)),
    );
  return others.length > 0 && (withoutEmail || others.some((other) => hasNoEmail(other.email)));
}

/** The stored e-mail of a new account: lower-case, or a stand-in for a phone-only one. */
async function storedEmailOf(
  db: Database,
  input: { email: string | null; phone?: string | null },
): Promise<string> {
  if (input.email) {
    const email = input.email.trim().toLowerCase();
    const [existing] = await db
      .select({ id: staffUsers.id })
      .from(staffUsers)
      .where(eq(staffUsers.email, email));
    if (existing) throw new StaffAccountError("dashboard.staff.emailTaken", "email");
    return email;
  }
  if (!input.phone) throw new StaffAccountError("dashboard.staff.emailOrPhoneRequired", "email");
  return noEmailAddressFor(input.phone, randomBytes(6).toString("hex"));
}

/**
 * Creates a staff account with a password (CLI, setup link, admin page). E-mail stored
 * lower-case; an account with a phone and no e-mail (a collector, ADR 0032) gets a stand-in
 * address (sign-in-name.ts) and signs in with the phone. Does not write the audit log (callers
 * do, with their actor).
 * @param input.phone `+91XXXXXXXXXX` or null/absent.
 * @throws StaffAccountError for a refused password, a taken or invalid e-mail, neither e-mail
 *   nor phone, or a phone that would make a phone sign-in ambiguous (`phoneTaken`).
 */
export async function createStaffAccount(
  db: Database,
  input: {
    email: string | null;
    name: string;
    role: StaffRole;
    password: string;
    phone?: string | null;
  },
): Promise<StaffUser> {
  const problem = await passwordProblem(input.password, {
    email: input.email ?? undefined,
    name: input.name,
  });
  if (problem) throw StaffAccountError.password(problem);
  const email = await storedEmailOf(db, input);
  const phone = input.phone ?? null;
  if (phone && (await phoneTaken(db, phone, !input.email))) {
    throw new StaffAccountError("dashboard.staff.phoneTaken", "phone");
  }
  const auth = await authFor(null, db);
  try {
    const { user } = await auth.api.createUser({
      body: { email, name: input.name.trim(), password: input.password, role: input.role },
    });
    if (phone) {
      await db.update(staffUsers).set({ phone }).where(eq(staffUsers.id, user.id));
    }
    return { id: user.id, name: user.name, email: user.email, role: input.role };
  } catch (error) {
    if (error instanceof APIError) {
      // Only a race (another admin's account with this e-mail created meanwhile) or a
      // disagreement about the e-mail's shape gets here; the library's own words stay in the log.
      logger().warn({ err: error }, "better-auth refused to create a staff account");
      const code = String(error.body?.code ?? "");
      throw new StaffAccountError(
        createUserRefusals[code] ?? "dashboard.staff.notCreated",
        "email",
      );
    }
    throw error;
  }
}

/** True once any staff account exists (enabled or not): the setup link is then dead. */
export async function hasStaffAccounts(db: Database): Promise<boolean> {
  const rows = await db.select({ id: staffUsers.id }).from(staffUsers).limit(1);
  return rows.length > 0;
}
