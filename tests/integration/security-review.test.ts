/**
 * Regression tests for the security review (docs/operations.md "Security") that run
 * against the database: sign-in events in the audit log (with account and client address,
 * never the password) and on the dashboard audit page; refused staff forms never send the
 * password back; passwords with the account's e-mail, name, the shop's brand or a run of one
 * character are refused with a message next to the field.
 */
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditLog } from "~/db/schema/audit";
import {
  createStaffAccount,
  passwordProblem,
  StaffAccountError,
} from "~/features/staff/auth.server";
import { LOGIN_AUDIT_ENTITY } from "~/features/staff/login-audit.server";
import { type LoginError, logIn } from "~/features/staff/session.server";
import { resetStaffPassword } from "~/features/staff/staff-admin.server";
import { loader as auditLoader } from "~/routes/dashboard/audit";
import { action as loginAction } from "~/routes/dashboard/login";
import { action as logoutAction } from "~/routes/dashboard/logout";
import { action as staffAction } from "~/routes/dashboard/staff";
import { resetRateLimits } from "~/utils/rate-limit.server";
import { englishText } from "~/utils/refusal";
import { routeAnswer, routeArgs, signedInStaff, TEST_PASSWORD } from "../support/factories/staff";
import { testDatabaseForFile } from "../support/processes/test-database";

const handle = testDatabaseForFile();
beforeEach(() => resetRateLimits());

/** The English words of `passwordProblem`'s answer (a message id with its values), or null. */
async function problemText(...args: Parameters<typeof passwordProblem>): Promise<string | null> {
  const problem = await passwordProblem(...args);
  return problem && englishText(problem.id, problem.values);
}

async function loginRows(entityId: string) {
  return handle.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, LOGIN_AUDIT_ENTITY), eq(auditLog.entityId, entityId)))
    .orderBy(auditLog.id);
}

describe("sign-in events in the audit log", () => {
  it("records login, failed login, the start of login waits and logout with the account and address, never the password", async () => {
    const { user } = await signedInStaff(handle.db, "staff");
    await handle.db.delete(auditLog).where(eq(auditLog.entityId, user.id));

    const login = await routeAnswer(() =>
      loginAction(
        routeArgs("http://localhost/dashboard/login", {
          form: { email: user.email, password: TEST_PASSWORD },
          address: "192.0.2.70",
        }),
      ),
    );
    expect(login.status).toBe(302);
    const [loggedIn] = await loginRows(user.id);
    expect(loggedIn).toMatchObject({ action: "staff.login", actor: user.email });
    expect(loggedIn?.details).toMatchObject({ email: user.email, clientAddress: "192.0.2.70" });

    const wrong = "wrong secret phrase";
    const statuses: number[] = [];
    const now = new Date();
    for (let i = 0; i < 6; i++) {
      const answer = await logIn(
        new Request("http://localhost/dashboard/login", { method: "POST" }),
        "192.0.2.71",
        user.email,
        `${wrong} ${i}`,
        now,
      ).then(
        () => 302,
        (error: LoginError) => error.status,
      );
      statuses.push(answer);
    }
    // Five failures free, then a wait of 1 s (docs/dashboard.md "Login").
    expect(statuses).toEqual([...Array(5).fill(401), 429]);
    const rows = await loginRows(user.id);
    const actions = rows.map((row) => row.action);
    // Five failures, the fifth starting the waits; the 6th attempt, refused during the wait, is
    // not logged.
    expect(actions.filter((a) => a === "staff.login-failed")).toHaveLength(5);
    expect(actions.filter((a) => a === "staff.login-throttled")).toHaveLength(1);
    const throttled = rows.find((row) => row.action === "staff.login-throttled");
    expect(throttled?.actor).toBe("visitor");
    expect(throttled?.details).toMatchObject({
      email: user.email,
      clientAddress: "192.0.2.71",
      waitSeconds: 1,
    });
    const lastFailure = rows.filter((row) => row.action === "staff.login-failed").at(-1);
    expect(lastFailure?.details).toMatchObject({ waitSeconds: 1 });
    expect(JSON.stringify(rows)).not.toContain(wrong);
    expect(JSON.stringify(rows)).not.toContain(TEST_PASSWORD);

    // An unknown e-mail is recorded too, with no account id.
    await logIn(
      new Request("http://localhost/dashboard/login", { method: "POST" }),
      "192.0.2.72",
      "Nobody@Example.com",
      "whatever it is",
    ).catch(() => null);
    const [unknown] = await loginRows("unknown");
    expect(unknown?.details).toMatchObject({
      email: "nobody@example.com",
      clientAddress: "192.0.2.72",
    });
  });

  it("records a logout with the address, and the audit page lists sign-in events under their own kind", async () => {
    const { user: admin, cookie: adminCookie } = await signedInStaff(handle.db, "admin");
    const { user, cookie } = await signedInStaff(handle.db, "staff");
    const logout = await routeAnswer(() =>
      logoutAction(
        routeArgs("http://localhost/dashboard/logout", { cookie, form: {}, address: "192.0.2.80" }),
      ),
    );
    expect(logout.status).toBe(302);
    const rows = await loginRows(user.id);
    expect(rows.map((row) => row.action)).toEqual(["staff.login", "staff.logout"]);
    expect(rows[1]?.details).toMatchObject({ email: user.email, clientAddress: "192.0.2.80" });

    const page = await routeAnswer<{ rows: { action: string; changes: string[] }[] }>(() =>
      auditLoader(
        routeArgs(`http://localhost/dashboard/audit?entity=${LOGIN_AUDIT_ENTITY}`, {
          cookie: adminCookie,
        }),
      ),
    );
    expect(page.status).toBe(200);
    const logoutRow = page.body.rows.find((row) => row.action === "staff.logout");
    expect(logoutRow?.changes).toContain("client address: 192.0.2.80");
    expect(page.body.rows.some((row) => row.action === "staff.login")).toBe(true);
    expect(admin.role).toBe("admin");
  });

  it("a password reset is audited with the admin's address, not the password", async () => {
    const { user: admin } = await signedInStaff(handle.db, "admin");
    const { user } = await signedInStaff(handle.db, "staff");
    await resetStaffPassword(handle.db, admin, user.id, "a fresh river stone", "192.0.2.90");
    const [row] = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "staff.reset-password"), eq(auditLog.entityId, user.id)));
    expect(row?.details).toMatchObject({ clientAddress: "192.0.2.90", email: user.email });
    expect(JSON.stringify(row)).not.toContain("river stone");
  });
});

describe("refused staff forms never send the password back", () => {
  it("create and reset-password answers hold no password", async () => {
    const { cookie } = await signedInStaff(handle.db, "admin");
    const { user } = await signedInStaff(handle.db, "staff");
    const secret = "Meera Rao secret words";
    const created = await routeAnswer(() =>
      staffAction(
        routeArgs("http://localhost/dashboard/staff", {
          cookie,
          form: {
            intent: "create",
            name: "Meera Rao",
            email: "ops.desk@staff.example",
            role: "staff",
            password: secret,
          },
        }),
      ),
    );
    expect(created.status).toBe(400);
    expect(created.body).toMatchObject({
      values: { name: "Meera Rao", email: "ops.desk@staff.example", role: "staff" },
      errors: { password: "Do not use the account's name in the password." },
    });
    expect(JSON.stringify(created.body)).not.toContain("secret words");

    const invalid = await routeAnswer(() =>
      staffAction(
        routeArgs("http://localhost/dashboard/staff", {
          cookie,
          form: {
            intent: "create",
            name: "",
            email: "x",
            role: "staff",
            password: "hunter2 is mine",
          },
        }),
      ),
    );
    expect(invalid.status).toBe(400);
    expect(JSON.stringify(invalid.body)).not.toContain("hunter2");

    const reset = await routeAnswer(() =>
      staffAction(
        routeArgs("http://localhost/dashboard/staff", {
          cookie,
          form: { intent: "reset-password", userId: user.id, password: "zzzz plus more words" },
        }),
      ),
    );
    expect(reset.status).toBe(400);
    expect(reset.body).toMatchObject({
      errors: { password: "Do not repeat one character 4 or more times in a row." },
    });
    expect(JSON.stringify(reset.body)).not.toContain("plus more words");
  });
});

describe("password rules", () => {
  const owner = { email: "ravi.kumar@shop.example", name: "Ravi Kumar" };

  it("refuses the e-mail, its local part, the name and its words", async () => {
    expect(await problemText("my ravi.kumar@shop.example!", owner)).toMatch(/e-mail/);
    expect(await problemText("hello RaviKumar 2026", owner)).toMatch(/e-mail/);
    expect(await problemText("kumar likes long walks", owner)).toMatch(/name/);
    expect(await problemText("walks with RAVI daily", owner)).toMatch(/name/);
  });

  it("refuses the shop's brand and its words, in any case and spacing", async () => {
    expect(await problemText("i love scrap&sprout!!")).toMatch(/shop's name/);
    expect(await problemText("Sprout season is here")).toMatch(/shop's name/);
    expect(await problemText("old SCRAP metal yard")).toMatch(/Scrap & Sprout/);
  });

  it("refuses a run of one character 4 times or more, not 3", async () => {
    expect(await problemText("aaaa bbb cc river")).toMatch(/repeat one character 4/);
    expect(await problemText("river 11111 stones")).toMatch(/repeat/);
    expect(await problemText("aaa river stones 111")).toBeNull();
  });

  it("still refuses short and common passwords and accepts good passphrases", async () => {
    expect(await problemText("short", owner)).toMatch(/at least 8/);
    expect(await problemText("password1", owner)).toMatch(/common/);
    expect(await problemText("correct horse battery staple", owner)).toBeNull();
  });

  it("account creation refuses them with the message next to the password field", async () => {
    const refused = await createStaffAccount(handle.db, {
      email: "asha@staff.example",
      name: "Asha",
      role: "staff",
      password: "asha in the garden",
    }).catch((error) => error);
    expect(refused).toBeInstanceOf(StaffAccountError);
    expect((refused as StaffAccountError).field).toBe("password");
  });
});
