import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditLog } from "~/db/schema/audit";
import { staffSessions } from "~/db/schema/staff";
import {
  createStaffAccount,
  passwordProblem,
  StaffAccountError,
} from "~/features/staff/auth.server";
import { getStaffUser, LoginError, logIn, logOut } from "~/features/staff/session.server";
import { resetStaffPassword, setStaffDisabled } from "~/features/staff/staff-admin.server";
import { action as loginAction } from "~/routes/dashboard/login";
import { resetRateLimits } from "~/utils/rate-limit.server";
import { englishText } from "~/utils/refusal";
import {
  cookieHeaderFrom,
  routeArgs,
  signedInStaff,
  TEST_PASSWORD,
} from "../support/factories/staff";
import { testDatabaseForFile } from "../support/processes/test-database";

const handle = testDatabaseForFile();
beforeEach(() => resetRateLimits());

/** The English words of `passwordProblem`'s answer (a message id with its values), or null. */
async function problemText(...args: Parameters<typeof passwordProblem>): Promise<string | null> {
  const problem = await passwordProblem(...args);
  return problem && englishText(problem.id, problem.values);
}

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

  it("an unknown e-mail takes about as long as a wrong password (no account probing by timing)", async () => {
    const { user } = await signedInStaff(handle.db, "staff");
    const timeOf = async (email: string) => {
      const samples: number[] = [];
      for (let i = 0; i < 5; i++) {
        resetRateLimits();
        const started = performance.now();
        await logIn(requestWith(""), "192.0.2.9", email, `wrong password ${i}`).catch(() => null);
        samples.push(performance.now() - started);
      }
      return samples.sort((a, b) => a - b)[2] as number;
    };
    const wrongPassword = await timeOf(user.email);
    const unknownEmail = await timeOf("nobody-here@staff.example");
    // Both pay one scrypt hash; an unknown e-mail that skipped it would be many times faster.
    expect(unknownEmail / wrongPassword).toBeGreaterThan(0.5);
    expect(unknownEmail / wrongPassword).toBeLessThan(2);
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
    expect(await problemText("short")).toMatch(/at least 8/);
    expect(await problemText("password1")).toMatch(/common/);
    expect(await problemText("PASSWORD")).toMatch(/common/);
    expect(await problemText("x".repeat(257))).toMatch(/at most 256/);
    expect(await problemText(`${"long passphrase ".repeat(15)}ok`)).toBeNull();
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

describe("session limits", () => {
  it("a session idle past its expiry is anonymous", async () => {
    const { user, cookie } = await signedInStaff(handle.db, "staff");
    await handle.db
      .update(staffSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffSessions.userId, user.id));
    expect(await getStaffUser(requestWith(cookie))).toBeNull();
  });

  it("a session used within 8 hours keeps going, but not past 7 days from login", async () => {
    const { user, cookie } = await signedInStaff(handle.db, "staff");
    const [row] = await handle.db
      .select()
      .from(staffSessions)
      .where(eq(staffSessions.userId, user.id));
    if (!row) throw new Error("no session row after login");
    const idleLimitHours = (row.expiresAt.getTime() - row.createdAt.getTime()) / 3_600_000;
    expect(idleLimitHours).toBeCloseTo(8, 1);
    await handle.db
      .update(staffSessions)
      .set({ createdAt: new Date(Date.now() - 7 * 24 * 3_600_000 - 60_000) })
      .where(eq(staffSessions.userId, user.id));
    expect(await getStaffUser(requestWith(cookie))).toBeNull();
    const left = await handle.db
      .select()
      .from(staffSessions)
      .where(eq(staffSessions.userId, user.id));
    expect(left).toHaveLength(0);
  });
});

describe("login form", () => {
  it("the 11th attempt in a minute gets 429 with a readable message, per address and per account", async () => {
    const { user } = await signedInStaff(handle.db, "staff");
    resetRateLimits(); // the helper's own login counted against the account
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const result = await loginAction(
        routeArgs("http://localhost/dashboard/login", {
          form: { email: user.email, password: `wrong password ${i}` },
          address: "192.0.2.50",
        }),
      );
      statuses.push((result as { init?: ResponseInit }).init?.status ?? 200);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    // Even the right password is refused now, from another address too (per account).
    const fromElsewhere = (await loginAction(
      routeArgs("http://localhost/dashboard/login", {
        form: { email: user.email, password: TEST_PASSWORD },
        address: "192.0.2.51",
      }),
    )) as { init?: ResponseInit; data: { formError?: string } };
    expect(fromElsewhere.init?.status).toBe(429);
    expect(fromElsewhere.data.formError).toBe("Too many login attempts. Try again in a minute.");
  });

  it("successful logins are not counted: a whole office behind one address can log in", async () => {
    const { user } = await signedInStaff(handle.db, "staff");
    resetRateLimits();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const result = await loginAction(
        routeArgs("http://localhost/dashboard/login", {
          form: { email: user.email, password: TEST_PASSWORD },
          address: "192.0.2.60",
        }),
      );
      statuses.push(
        result instanceof Response
          ? result.status
          : ((result as { init?: ResponseInit }).init?.status ?? 200),
      );
    }
    expect(statuses).toEqual(Array(12).fill(302));
  });

  it("logs in and goes back to the page asked for, with an HttpOnly SameSite=Lax cookie", async () => {
    const { user } = await signedInStaff(handle.db, "staff");
    const response = (await loginAction(
      routeArgs("http://localhost/dashboard/login", {
        form: {
          email: user.email.toUpperCase(),
          password: TEST_PASSWORD,
          redirectTo: "/dashboard/orders?status=placed",
        },
      }),
    )) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard/orders?status=placed");
    const setCookie = response.headers.get("Set-Cookie") ?? "";
    expect(setCookie).toMatch(/staff_session=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
  });

  it("refuses an off-site redirect after login", async () => {
    const { user } = await signedInStaff(handle.db, "staff");
    const response = (await loginAction(
      routeArgs("http://localhost/dashboard/login", {
        form: { email: user.email, password: TEST_PASSWORD, redirectTo: "//evil.example/x" },
      }),
    )) as Response;
    expect(response.headers.get("Location")).toBe("/dashboard");
  });
});

describe("staff management", () => {
  it("disabling an account ends its sessions and refuses its login; reset password ends sessions", async () => {
    const { user: admin } = await signedInStaff(handle.db, "admin");
    const { user, cookie } = await signedInStaff(handle.db, "staff");
    await setStaffDisabled(handle.db, admin, user.id, true);
    expect(await getStaffUser(requestWith(cookie))).toBeNull();
    const refused = await logIn(requestWith(""), "192.0.2.60", user.email, TEST_PASSWORD).catch(
      (e) => e,
    );
    expect(refused).toBeInstanceOf(LoginError);
    expect((refused as LoginError).status).toBe(403);
    await setStaffDisabled(handle.db, admin, user.id, false);
    const headers = await logIn(requestWith(""), "192.0.2.60", user.email, TEST_PASSWORD);
    const second = cookieHeaderFrom(headers);
    await resetStaffPassword(handle.db, admin, user.id, "a brand new passphrase");
    expect(await getStaffUser(requestWith(second))).toBeNull();
    await expect(
      logIn(requestWith(""), "192.0.2.61", user.email, TEST_PASSWORD),
    ).rejects.toBeInstanceOf(LoginError);
    expect(
      await logIn(requestWith(""), "192.0.2.61", user.email, "a brand new passphrase"),
    ).toBeInstanceOf(Headers);
    // Account changes only (sign-ins are audited under their own entity, 'login').
    const audit = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "staff"), eq(auditLog.entityId, user.id)));
    expect(audit.map((row) => row.action).sort()).toEqual([
      "staff.disable",
      "staff.enable",
      "staff.reset-password",
    ]);
    expect(JSON.stringify(audit)).not.toContain("brand new");
  });

  it("an admin cannot disable themselves", async () => {
    const { user: admin } = await signedInStaff(handle.db, "admin");
    await expect(setStaffDisabled(handle.db, admin, admin.id, true)).rejects.toBeInstanceOf(
      StaffAccountError,
    );
  });
});
