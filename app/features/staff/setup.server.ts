/**
 * The first admin (docs/dashboard.md; docs/operations.md "Several servers on one PostgreSQL";
 * ADR 0014): while no staff account exists, a server prints a one-time setup link at start
 * (`/dashboard/setup?token=…`, 256 random bits). The database keeps only the token's SHA-256
 * (hex) in `staff_setup_token` (one row, id 1), so the link works on any app server of the
 * shop. The link creates one admin and dies; it is also dead as soon as any account exists
 * (e.g. made with `npm run staff:create`). Printed to stdout, never to the request log.
 *
 * Who prints (one live link at a time):
 * - PostgreSQL: the server that wins a session advisory lock, held on a dedicated connection
 *   for as long as it runs, writes a fresh token and prints its link; servers that find the
 *   lock taken print nothing (the holder's link is live). When the holder stops or restarts,
 *   the lock goes with its connection, so the next server to start replaces the token and
 *   prints a new link: a lost link is never stuck, restart one server to get a new one.
 * - Embedded PGlite: only one server can hold DATA_DIR, so every start replaces the token.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { type Database, postgresPoolOf } from "~/db/client.server";
import { staffSetupToken } from "~/db/schema/operations";
import { staffUsers } from "~/db/schema/staff";
import { logger } from "~/utils/logger.server";
import { Refusal } from "~/utils/refusal";
import { hasStaffAccounts, type StaffUser } from "./auth.server";
import { createAuditedStaffAccount } from "./staff-admin.server";

/** pg_advisory_lock key of the server that holds the live setup link. */
const SETUP_LINK_LOCK_KEY = 727_274_014;
/** Longer input than any token we issue is refused before hashing. */
const MAX_TOKEN_LENGTH = 200;

/** The dedicated connection that holds the advisory lock (PostgreSQL only). */
let claim: pg.Client | null = null;

/**
 * Thrown when a setup link is not (or no longer) valid: a refusal (ADR 0024),
 * `dashboard.setup.linkInvalid`, status 404 (the page answers 404).
 */
export class SetupLinkInvalidError extends Refusal {
  override name = "SetupLinkInvalidError";
  constructor() {
    super("dashboard.setup.linkInvalid", {}, { status: 404 });
  }
}

function hashOf(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** On PostgreSQL: takes the setup-link lock on a new connection; false when another server has it. */
async function claimSetupLink(db: Database): Promise<boolean> {
  const pool = postgresPoolOf(db);
  if (!pool) return true;
  if (claim) return true;
  const client = new pg.Client(pool.options);
  client.on("error", (error) => {
    // The lock goes with the connection; the link stays valid until another server replaces it.
    logger().warn({ err: error }, "the connection holding the setup link lock closed");
  });
  await client.connect();
  try {
    const { rows } = await client.query<{ held: boolean }>(
      "select pg_try_advisory_lock($1) as held",
      [SETUP_LINK_LOCK_KEY],
    );
    if (rows[0]?.held) {
      claim = client;
      return true;
    }
  } catch (error) {
    await client.end().catch(() => {});
    throw error;
  }
  await client.end();
  return false;
}

/**
 * What a starting server does about the setup link: `print` the path (`/dashboard/setup?token=…`),
 * `elsewhere` (no account yet, but another running server holds the live link), or `none` (a
 * staff account exists).
 */
export type SetupLinkState =
  | { kind: "print"; path: string }
  | { kind: "elsewhere" }
  | { kind: "none" };

/**
 * Called once at server start: when no staff account exists and this server may print the
 * link (see the module comment), stores a new token's hash (replacing an older one) and
 * returns the path to print.
 * @throws database errors.
 */
export async function prepareSetupLink(db: Database): Promise<SetupLinkState> {
  if (await hasStaffAccounts(db)) return { kind: "none" };
  if (!(await claimSetupLink(db))) return { kind: "elsewhere" };
  const token = randomBytes(32).toString("base64url");
  const tokenHash = hashOf(token);
  await db
    .insert(staffSetupToken)
    .values({ id: 1, tokenHash })
    .onConflictDoUpdate({ target: staffSetupToken.id, set: { tokenHash, createdAt: new Date() } });
  return { kind: "print", path: `/dashboard/setup?token=${token}` };
}

/** Closes the connection that holds the setup-link lock, if this server has it (shutdown). */
export async function releaseSetupLinkClaim(): Promise<void> {
  const client = claim;
  claim = null;
  if (client) await client.end().catch(() => {});
}

/** True when `token` is the live setup token and no staff account exists yet. */
export async function setupTokenIsValid(db: Database, token: unknown): Promise<boolean> {
  if (typeof token !== "string" || token.length === 0 || token.length > MAX_TOKEN_LENGTH) {
    return false;
  }
  const [row] = await db
    .select({ tokenHash: staffSetupToken.tokenHash })
    .from(staffSetupToken)
    .where(eq(staffSetupToken.id, 1));
  if (!row) return false;
  const expected = Buffer.from(row.tokenHash);
  const given = Buffer.from(hashOf(token));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  return !(await hasStaffAccounts(db));
}

/**
 * Creates the first admin with the setup token, once, on any server: in one transaction the
 * token row is deleted (a concurrent use of the same link waits on that row, then finds it
 * gone), the staff table is locked against concurrent inserts and must be empty, and the
 * account is created and audited. A refused password rolls everything back, so the link
 * still works.
 * @throws SetupLinkInvalidError when the token is not the live one or an account exists;
 *   StaffAccountError for the password rules.
 */
export async function createFirstAdmin(
  db: Database,
  token: string,
  input: { name: string; email: string; password: string },
): Promise<StaffUser> {
  const user = await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(staffSetupToken)
      .where(sql`${staffSetupToken.id} = 1 and ${staffSetupToken.tokenHash} = ${hashOf(token)}`)
      .returning({ id: staffSetupToken.id });
    if (deleted.length === 0) throw new SetupLinkInvalidError();
    await tx.execute(sql`lock table ${staffUsers} in share row exclusive mode`);
    if (await hasStaffAccounts(tx)) throw new SetupLinkInvalidError();
    return createAuditedStaffAccount(tx, "system", { ...input, role: "admin" }, "setup link");
  });
  await releaseSetupLinkClaim();
  return user;
}
