/**
 * The first admin (docs/dashboard.md): while no staff account exists, the server prints a
 * one-time setup link at start (`/dashboard/setup?token=…`, 256 random bits held only in this
 * process's memory). The link creates one admin and dies; it is also dead as soon as any
 * account exists (e.g. made with `npm run staff:create`). Printed to stdout, never to the
 * request log.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import type { Database } from "~/db/client.server";
import { hasStaffAccounts } from "./auth.server";

let setupToken: string | null = null;

/**
 * Called once at server start: returns the setup path to print when there is no staff
 * account, or null.
 */
export async function prepareSetupLink(db: Database): Promise<string | null> {
  if (await hasStaffAccounts(db)) {
    setupToken = null;
    return null;
  }
  setupToken = randomBytes(32).toString("base64url");
  return `/dashboard/setup?token=${setupToken}`;
}

/** True when `token` is this process's live setup token and no staff account exists yet. */
export async function setupTokenIsValid(db: Database, token: unknown): Promise<boolean> {
  if (typeof token !== "string" || setupToken === null) return false;
  const expected = Buffer.from(setupToken);
  const given = Buffer.from(token);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  return !(await hasStaffAccounts(db));
}

/** Kills the setup link (after the first admin was created). */
export function consumeSetupToken(): void {
  setupToken = null;
}

/** Test hook: sets the live token. */
export function setSetupTokenForTests(token: string | null): void {
  setupToken = token;
}
