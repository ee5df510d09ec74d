import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/db/client.server";
import { useDatabaseHandle } from "~/db/db.server";
import { staffSessions } from "~/db/schema/staff";
import {
  createStaffAccount,
  passwordProblem,
  StaffAccountError,
} from "~/features/staff/auth.server";
import { getStaffUser, LoginError, logIn, logOut } from "~/features/staff/session.server";
import { resetRateLimits } from "~/utils/rate-limit.server";
import { createTestDatabase } from "../db";
import { cookieHeaderFrom, signedInStaff, TEST_PASSWORD } from "../support/staff";

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDatabase();
  useDatabaseHandle(handle);
});
afterAll(async () => {
  await handle?.close();
});
beforeEach(() => resetRateLimits());

function requestWith(cookie: string) {
  return new Request("http://localhost/dashboard", { headers: { Cookie: cookie } });
}

describe("staff login", () => {
  it("logs in, reads the session back, and logout deletes it on the server", async () => {
    const { user, cookie } = await signedInStaff(handle.db, "staff");
    expect(cookie).toMatch(/^staff_session=/);
    const seen = await getStaffUser(requestWith(cookie));
    expect(seen).toMatchObject({ id: user.id, role: "staff", email: user.email });
    const rows = await handle.db
      .select()
      .from(staffSessions)
      .where(eq(staffSessions.userId, user.id));
    expect(rows).toHaveLength(1);
    await logOut(requestWith(cookie));
    expect(await getStaffUser(requestWith(cookie))).toBeNull();
    const after = await handle.db
      .select()
      .from(staffSessions)
      .where(eq(staffSessions.userId, user.id));
    expect(after).toHaveLength(0);
  });

  it("refuses a wrong password and an unknown e-mail with the same answer", async () => {
    const { user } = await signedInStaff(handle.db, "staff");
    const attempt = (email: string) =>
      logIn(
        new Request("http://localhost/dashboard/login"),
        "192.0.2.1",
        email,
        "wrong password 1",
      ).then(
        () => null,
        (error: unknown) => error,
      );
    const wrong = await attempt(user.email);
    const unknown = await attempt("nobody@staff.example");
    expect(wrong).toBeInstanceOf(LoginError);
    expect(unknown).toBeInstanceOf(LoginError);
    expect((wrong as LoginError).message).toBe((unknown as LoginError).message);
    expect((wrong as LoginError).status).toBe(401);
    expect((unknown as LoginError).status).toBe(401);
  });

  it("a tampered cookie is anonymous", async () => {
    const { cookie } = await signedInStaff(handle.db, "admin");
    const tampered = cookie.replace(/=(.)/, (_m, c: string) => `=${c === "a" ? "b" : "a"}`);
    expect(await getStaffUser(requestWith(tampered))).toBeNull();
  });

  it("a new session id at each login", async () => {
    const { user, cookie } = await signedInStaff(handle.db, "staff");
    const again = await logIn(
      new Request("http://localhost/dashboard/login", { headers: { Cookie: cookie } }),
      "192.0.2.2",
      user.email,
      TEST_PASSWORD,
    );
    const second = cookieHeaderFrom(again);
    expect(second).not.toBe(cookie);
    expect(await getStaffUser(requestWith(cookie))).toBeNull();
    expect(await getStaffUser(requestWith(second))).not.toBeNull();
  });
});

describe("passwords", () => {
  it("refuses short and common passwords, accepts long passphrases", async () => {
    expect(await passwordProblem("short")).toMatch(/at least 8/);
    expect(await passwordProblem("password1")).toMatch(/common/);
    expect(await passwordProblem("PASSWORD")).toMatch(/common/);
    expect(await passwordProblem("x".repeat(257))).toMatch(/at most 256/);
    expect(await passwordProblem(`${"long passphrase ".repeat(15)}ok`)).toBeNull();
    await expect(
      createStaffAccount(handle.db, {
        email: "weak@staff.example",
        name: "Weak",
        role: "staff",
        password: "12345678",
      }),
    ).rejects.toBeInstanceOf(StaffAccountError);
  });
});
