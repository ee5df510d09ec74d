/**
 * What the daily sweeps delete and keep (docs/accounts.md "Personal data and erasure",
 * "Signing in"; docs/operations.md "Scheduler and housekeeping"), with a passed clock:
 * - 'prune-customer-sign-in': expired one-time codes, sessions past their idle or absolute
 *   timeout; a live code and a session in use stay;
 * - 'delete-old-consents-and-grievances': consents withdrawn and grievances answered more than 3
 *   years ago; a consent in force, a recent withdrawal, an unanswered grievance and a recent
 *   answer stay. A second run deletes nothing more.
 */
import { describe, expect, it } from "vitest";
import { customerSessions, oneTimeCodes } from "~/db/schema/customer-sign-in";
import { consents, grievances } from "~/db/schema/privacy-notice";
import {
  CUSTOMER_ABSOLUTE_TIMEOUT_SECONDS,
  CUSTOMER_IDLE_TIMEOUT_SECONDS,
} from "~/features/accounts/customer-session.server";
import { pruneSignInRecords } from "~/features/accounts/sign-in-prune.server";
import { deleteOldConsentsAndGrievances } from "~/features/privacy/record-retention.server";
import { testDatabaseForFile } from "../support/processes/test-database";

const handle = testDatabaseForFile();
const NOW = new Date("2030-06-15T06:30:00Z");
const ago = (seconds: number) => new Date(NOW.getTime() - seconds * 1000);
const DAY = 24 * 3600;
const YEAR = 365 * DAY;

describe("the daily sweeps", () => {
  it("delete expired codes and dead sessions, keeping the live ones", async () => {
    const code = (phone: string, expiresAt: Date) => ({
      phone,
      purpose: "sign_in" as const,
      codeHash: `hash-${phone}`,
      createdAt: new Date(expiresAt.getTime() - 600_000),
      expiresAt,
    });
    await handle.db.insert(oneTimeCodes).values([
      code("+919845000101", ago(60)), // expired a minute ago
      code("+919845000102", ago(-300)), // still live for 5 minutes
    ]);
    const session = (id: string, createdAt: Date, lastSeenAt: Date) => ({
      idHash: id,
      phone: "+919845000103",
      createdAt,
      lastSeenAt,
    });
    await handle.db
      .insert(customerSessions)
      .values([
        session("idle", ago(10 * DAY), ago(CUSTOMER_IDLE_TIMEOUT_SECONDS + 60)),
        session("too-old", ago(CUSTOMER_ABSOLUTE_TIMEOUT_SECONDS + 60), ago(60)),
        session("in-use", ago(2 * DAY), ago(60)),
      ]);

    expect(await pruneSignInRecords(handle.db, NOW)).toEqual({ codes: 1, sessions: 2 });
    expect((await handle.db.select().from(oneTimeCodes)).map((c) => c.phone)).toEqual([
      "+919845000102",
    ]);
    expect((await handle.db.select().from(customerSessions)).map((s) => s.idHash)).toEqual([
      "in-use",
    ]);
    expect(await pruneSignInRecords(handle.db, NOW)).toEqual({ codes: 0, sessions: 0 });
  });

  it("delete consents withdrawn and grievances answered more than 3 years ago, nothing else", async () => {
    const consent = (email: string, withdrawnAt: Date | null) => ({
      email,
      purpose: "newsletter" as const,
      noticeVersion: "2026-11-27",
      givenAt: ago(5 * YEAR),
      how: "join-us form",
      withdrawnAt,
      withdrawnHow: withdrawnAt ? "unsubscribe link" : null,
    });
    await handle.db
      .insert(consents)
      .values([
        consent("old@example.com", ago(3 * YEAR + 2 * DAY)),
        consent("recent@example.com", ago(3 * YEAR - 2 * DAY)),
        consent("in-force@example.com", null),
      ]);
    const grievance = (ticket: string, resolvedAt: Date | null) => ({
      ticket,
      name: "Meera",
      email: "meera@example.com",
      topic: "other" as const,
      details: "A question",
      receivedAt: ago(4 * YEAR),
      resolvedAt,
    });
    await handle.db
      .insert(grievances)
      .values([
        grievance("GR-OLD", ago(3 * YEAR + 2 * DAY)),
        grievance("GR-RECENT", ago(3 * YEAR - 2 * DAY)),
        grievance("GR-OPEN", null),
      ]);

    expect(await deleteOldConsentsAndGrievances(handle.db, NOW)).toEqual({
      consents: 1,
      grievances: 1,
      // No lead in this file's database (corporate-leads.test.ts tests theirs).
      leads: 0,
    });
    expect((await handle.db.select().from(consents)).map((c) => c.email).sort()).toEqual([
      "in-force@example.com",
      "recent@example.com",
    ]);
    expect((await handle.db.select().from(grievances)).map((g) => g.ticket).sort()).toEqual([
      "GR-OPEN",
      "GR-RECENT",
    ]);
    expect(await deleteOldConsentsAndGrievances(handle.db, NOW)).toEqual({
      consents: 0,
      grievances: 0,
      leads: 0,
    });
  });
});
