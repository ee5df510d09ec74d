import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog } from "~/db/schema/audit";
import { staffSessions } from "~/db/schema/staff";
import {
  createStaffAccount,
  passwordProblem,
  StaffAccountError,
} from "~/features/staff/auth.server";
import { loginThrottleKeys, recordLoginFailure } from "~/features/staff/login-throttle.server";
import { getStaffUser, LoginError, logIn, logOut } from "~/features/staff/session.server";
import { resetStaffPassword, setStaffDisabled } from "~/features/staff/staff-admin.server";
import { action as loginAction } from "~/routes/dashboard/login";
import { englishText } from "~/utils/refusal";
import {
  cookieHeaderFrom,
  routeArgs,
  signedInStaff,
  TEST_PASSWORD,
} from "../support/factories/staff";
import { testDatabaseForFile } from "../support/processes/test-database";

const handle = testDatabaseForFile();

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
  it("an attempt during a wait gets 429 with Retry-After and the seconds left in words", async () => {
    const { user } = await signedInStaff(handle.db, "staff");
    // Ten failures just now (the route reads the real clock): the next attempt waits 32 s.
    const now = new Date();
    const keys = loginThrottleKeys("192.0.2.50", user.email);
    for (let i = 0; i < 10; i++) await recordLoginFailure(handle.db, keys.slice(0, 1), now);
    const refused = (await loginAction(
      routeArgs("http://localhost/dashboard/login", {
        form: { email: user.email, password: TEST_PASSWORD },
        address: "192.0.2.51",
      }),
    )) as { init?: ResponseInit; data: { formError?: string } };
    expect(refused.init?.status).toBe(429);
    const retryAfter = Number(new Headers(refused.init?.headers).get("Retry-After"));
    expect(retryAfter).toBeGreaterThan(25);
    expect(retryAfter).toBeLessThanOrEqual(32);
    expect(refused.data.formError).toBe(
      `Too many login attempts. Try again in ${retryAfter} seconds.`,
    );
  });

  it("successful logins are not counted: a whole office behind one address can log in", async () => {
    const { user } = await signedInStaff(handle.db, "staff");
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

/** A moment `seconds` after `time`. */
function later(time: Date, seconds: number): Date {
  return new Date(time.getTime() + seconds * 1000);
}

/** One login attempt at `now`: its status (302 signed in), Retry-After seconds and message. */
async function attemptAt(now: Date, address: string, email: string, password: string) {
  try {
    await logIn(requestWith(""), address, email, password, now);
    return { status: 302, retryAfter: undefined, message: "" };
  } catch (error) {
    if (!(error instanceof LoginError)) throw error;
    return { status: error.status, retryAfter: error.retryAfterSeconds, message: error.message };
  }
}

async function failedLoginRows(userId: string) {
  const rows = await handle.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, userId), eq(auditLog.action, "staff.login-failed")));
  return rows.length;
}

// docs/dashboard.md "Login": per account 5 failures free, then waits of 1 s doubling to 5 min;
// per client address 20 free. The clock is passed in: no test waits.
describe("login waits instead of a lockout", () => {
  it("after a dozen wrong passwords the right one is accepted once the wait is over", async () => {
    const { user } = await signedInStaff(handle.db, "staff");
    let now = new Date();
    let failures = 0;
    // An attacker who fails as fast as the waits allow, from one address.
    for (let tries = 0; failures < 12 && tries < 40; tries++) {
      const answer = await attemptAt(now, "192.0.2.70", user.email, `wrong password ${tries}`);
      if (answer.status === 429) {
        now = later(now, answer.retryAfter ?? 1);
        continue;
      }
      expect(answer.status).toBe(401);
      failures += 1;
    }
    expect(failures).toBe(12);
    // The owner, elsewhere, during the wait: refused, told how long (2^(12-5) s) ...
    const during = await attemptAt(later(now, 1), "192.0.2.71", user.email, TEST_PASSWORD);
    expect(during).toMatchObject({ status: 429, retryAfter: 127 });
    expect(during.message).toBe("Too many login attempts. Try again in 127 seconds.");
    // ... and signed in once it is over.
    const after = await attemptAt(later(now, 128), "192.0.2.71", user.email, TEST_PASSWORD);
    expect(after.status).toBe(302);
  });

  it("an attempt during a wait is refused before its password is checked, and not counted", async () => {
    const { user } = await signedInStaff(handle.db, "staff");
    const now = new Date();
    for (let i = 0; i < 5; i++) {
      const answer = await attemptAt(now, "192.0.2.72", user.email, `wrong password ${i}`);
      expect(answer.status).toBe(401);
    }
    // The fifth failure starts a wait of 1 s: neither the right password nor a wrong one is tried.
    const right = await attemptAt(later(now, 0.5), "192.0.2.72", user.email, TEST_PASSWORD);
    expect(right).toMatchObject({ status: 429, retryAfter: 1 });
    expect(right.message).toBe("Too many login attempts. Try again in 1 second.");
    const wrong = await attemptAt(later(now, 0.5), "192.0.2.73", user.email, "wrong again");
    expect(wrong).toMatchObject({ status: 429, retryAfter: 1 });
    expect(await failedLoginRows(user.id)).toBe(5);
    // Not counted: the next failure is the sixth (a wait of 2 s), not the seventh (4 s).
    const sixth = await attemptAt(later(now, 1), "192.0.2.72", user.email, "wrong once more");
    expect(sixth.status).toBe(401);
    const next = await attemptAt(later(now, 1), "192.0.2.72", user.email, TEST_PASSWORD);
    expect(next).toMatchObject({ status: 429, retryAfter: 2 });
  });

  it("the wait doubles with each further failure, up to 5 minutes", async () => {
    const { user } = await signedInStaff(handle.db, "staff");
    let now = new Date();
    const wrong = () => attemptAt(now, "192.0.2.74", user.email, "a wrong password");
    expect((await wrong()).status).toBe(401);
    // The wait after each failure: what an attempt made at once is told (0: it was checked).
    const waits: number[] = [];
    while (waits.length < 15) {
      const next = await wrong();
      if (next.status === 429) {
        waits.push(next.retryAfter ?? -1);
        now = later(now, next.retryAfter ?? 0);
        expect((await wrong()).status).toBe(401);
      } else {
        expect(next.status).toBe(401);
        waits.push(0);
      }
    }
    expect(waits).toEqual([0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 300, 300]);
  });

  it("a successful login forgets the account's failures", async () => {
    const { user } = await signedInStaff(handle.db, "staff");
    let now = new Date();
    for (let i = 0; i < 7; i++) {
      const answer = await attemptAt(now, "192.0.2.76", user.email, `wrong password ${i}`);
      expect(answer.status).toBe(401);
      now = later(now, 60);
    }
    expect((await attemptAt(now, "192.0.2.76", user.email, TEST_PASSWORD)).status).toBe(302);
    // Five failures free again, at once.
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await attemptAt(now, "192.0.2.76", user.email, `typo ${i}`)).status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it("one address trying many accounts waits after 20 failures; other addresses do not", async () => {
    const { user } = await signedInStaff(handle.db, "staff");
    const now = new Date();
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      const email = `nobody-${i}@staff.example`;
      statuses.push((await attemptAt(now, "192.0.2.77", email, "a guessed password")).status);
    }
    expect(statuses).toEqual(Array(20).fill(401));
    const sameAddress = await attemptAt(now, "192.0.2.77", user.email, TEST_PASSWORD);
    expect(sameAddress).toMatchObject({ status: 429, retryAfter: 1 });
    expect((await attemptAt(now, "192.0.2.78", user.email, TEST_PASSWORD)).status).toBe(302);
    expect((await attemptAt(later(now, 1), "192.0.2.77", user.email, TEST_PASSWORD)).status).toBe(
      302,
    );
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
