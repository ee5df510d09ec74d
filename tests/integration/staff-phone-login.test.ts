/**
 * Collectors with a phone instead of an e-mail (docs/dashboard.md "Staff" and "Login"; ADR
 * 0032): an admin creates one on the Staff page (the form comes back empty, with and without
 * JavaScript, through a redirect), the collector signs in with the number in any accepted
 * spelling, a wrong number or password gets the answer of a wrong e-mail, and failures by phone
 * and by e-mail count against the one account. Also the setup link once used. Through the route
 * modules with real sessions.
 */
import { and, eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "~/db/schema/audit";
import { staffUsers } from "~/db/schema/staff";
import { getStaffUser, LoginError, logIn } from "~/features/staff/session.server";
import * as loginRoute from "~/routes/dashboard/login";
import * as setupRoute from "~/routes/dashboard/setup";
import * as staffRoute from "~/routes/dashboard/staff";
import {
  cookieHeaderFrom,
  routeAnswer,
  routeArgs,
  signedInStaff,
  TEST_PASSWORD,
} from "../support/factories/staff";
import { testDatabaseForFile } from "../support/processes/test-database";

const handle = testDatabaseForFile();
const STAFF_URL = "http://localhost/dashboard/staff";
const LOGIN_URL = "http://localhost/dashboard/login";
const PASSWORD = "tin cans and old papers";

let adminCookie: string;

beforeAll(async () => {
  adminCookie = (await signedInStaff(handle.db, "admin")).cookie;
});

/** Posts the Staff page's 'Create account' form as the admin. */
function createAccount(form: Record<string, string>) {
  return routeAnswer<{ errors?: Record<string, string>; values?: Record<string, string> }>(() =>
    staffRoute.action(
      routeArgs(STAFF_URL, { cookie: adminCookie, form: { intent: "create", ...form } }),
    ),
  );
}

/** Posts the login form; its status and the message above the form. */
async function loginWith(email: string, password: string, address = "203.0.113.40") {
  const answer = await routeAnswer<{ formError?: string }>(() =>
    loginRoute.action(routeArgs(LOGIN_URL, { form: { email, password }, address })),
  );
  return { status: answer.status, formError: answer.body?.formError };
}

async function accountWithPhone(phone: string) {
  return handle.db.select().from(staffUsers).where(eq(staffUsers.phone, phone));
}

describe("a collector created with a phone instead of an e-mail", () => {
  it("is created, the page says so and comes back with an empty form", async () => {
    const created = await createAccount({
      name: "Ravi Kumar",
      email: "",
      phone: "98450 12345",
      role: "collector",
      password: PASSWORD,
    });
    expect(created.status).toBe(302);
    const [row] = await accountWithPhone("+919845012345");
    if (!row) throw new Error("no collector with the phone");
    expect(row).toMatchObject({ name: "Ravi Kumar", role: "collector" });
    expect(created.location).toBe(`/dashboard/staff?created=${row.id}`);

    // The page the redirect leads to: the notice, no values to show again, a new form key.
    const page = (await staffRoute.loader(
      routeArgs(`http://localhost${created.location}`, { cookie: adminCookie }),
    )) as Awaited<ReturnType<typeof staffRoute.loader>>;
    expect(page.created).toEqual({
      id: row.id,
      notice: "Created collector account for +91 98450 12345.",
    });
    const listed = page.staff.find((member) => member.id === row.id);
    expect(listed).toMatchObject({ email: "", phone: "+91 98450 12345" });

    const [audit] = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, row.id), eq(auditLog.action, "staff.create")));
    expect(audit?.details).toMatchObject({ after: { role: "collector", phone: "+919845012345" } });
    expect(JSON.stringify(audit)).not.toContain(PASSWORD);
  });

  it("a created account with an e-mail redirects too, so a reload sends nothing again", async () => {
    const created = await createAccount({
      name: "Asha Collector",
      email: "asha.collector@staff.example",
      phone: "",
      role: "collector",
      password: PASSWORD,
    });
    expect(created.status).toBe(302);
    const page = (await staffRoute.loader(
      routeArgs(`http://localhost${created.location}`, { cookie: adminCookie }),
    )) as Awaited<ReturnType<typeof staffRoute.loader>>;
    expect(page.created?.notice).toBe(
      "Created collector account for asha.collector@staff.example.",
    );
    // Without `created` (a plain visit) there is no notice.
    const plain = (await staffRoute.loader(
      routeArgs(STAFF_URL, { cookie: adminCookie }),
    )) as Awaited<ReturnType<typeof staffRoute.loader>>;
    expect(plain.created).toBeNull();
  });

  it("refuses an account with neither, staff without e-mail, and a phone another phone-only account has", async () => {
    const before = await handle.db.select({ id: staffUsers.id }).from(staffUsers);
    const neither = await createAccount({
      name: "No Contact",
      email: "",
      phone: "",
      role: "collector",
      password: PASSWORD,
    });
    expect(neither.status).toBe(400);
    expect(neither.body.errors?.email).toBe(
      "Enter an e-mail address, or a phone number for a collector without e-mail.",
    );
    const office = await createAccount({
      name: "Desk Person",
      email: "",
      phone: "9845012399",
      role: "staff",
      password: PASSWORD,
    });
    expect(office.status).toBe(400);
    expect(office.body.errors?.email).toBe("Enter your e-mail address.");
    const badPhone = await createAccount({
      name: "Bad Phone",
      email: "",
      phone: "12345",
      role: "collector",
      password: PASSWORD,
    });
    expect(badPhone.status).toBe(400);
    expect(badPhone.body.errors?.phone).toMatch(/10-digit Indian mobile number/);
    const twice = await createAccount({
      name: "Second Ravi",
      email: "",
      phone: "+91 98450 12345",
      role: "collector",
      password: PASSWORD,
    });
    expect(twice.status).toBe(400);
    expect(twice.body.errors?.phone).toBe(
      "Another account signs in with this phone number. Use a different number.",
    );
    expect(twice.body.values).toMatchObject({ name: "Second Ravi", phone: "+91 98450 12345" });
    expect(JSON.stringify(twice.body)).not.toContain(PASSWORD);
    expect(await handle.db.select({ id: staffUsers.id }).from(staffUsers)).toEqual(before);
  });

  it("cannot lose the phone it signs in with", async () => {
    const [row] = await accountWithPhone("+919845012345");
    if (!row) throw new Error("no collector with the phone");
    const cleared = await routeAnswer<{ errors?: Record<string, string> }>(() =>
      staffRoute.action(
        routeArgs(STAFF_URL, {
          cookie: adminCookie,
          form: { intent: "set-phone", userId: row.id, phone: "" },
        }),
      ),
    );
    expect(cleared.status).toBe(400);
    expect(cleared.body.errors?.phone).toBe(
      "This account has no e-mail and signs in with its phone: enter a number.",
    );
    expect(await accountWithPhone("+919845012345")).toHaveLength(1);
  });
});

describe("login with a phone", () => {
  it("the right phone, in any spelling, and password log in as the collector", async () => {
    for (const typed of ["9845012345", "+91 98450 12345", "098450-12345"]) {
      const response = (await loginRoute.action(
        routeArgs(LOGIN_URL, { form: { email: typed, password: PASSWORD } }),
      )) as Response;
      expect(response.status).toBe(302);
      const cookie = cookieHeaderFrom(response.headers);
      const user = await getStaffUser(
        new Request("http://localhost/dashboard/route", { headers: { Cookie: cookie } }),
      );
      expect(user).toMatchObject({ name: "Ravi Kumar", role: "collector" });
    }
  });

  it("a wrong password, an unknown phone and an unknown e-mail get the same answer", async () => {
    const wrongPassword = await loginWith("9845012345", "not the password");
    const unknownPhone = await loginWith("9000000001", PASSWORD);
    const unknownEmail = await loginWith("nobody@staff.example", PASSWORD);
    for (const answer of [wrongPassword, unknownPhone, unknownEmail]) {
      expect(answer).toEqual({ status: 401, formError: "Email or password is incorrect." });
    }
  });

  it("a phone two e-mail accounts share signs neither in, and says nothing more", async () => {
    const first = await signedInStaff(handle.db, "staff");
    const second = await signedInStaff(handle.db, "staff");
    for (const account of [first, second]) {
      const saved = await routeAnswer(() =>
        staffRoute.action(
          routeArgs(STAFF_URL, {
            cookie: adminCookie,
            form: { intent: "set-phone", userId: account.user.id, phone: "9123456780" },
          }),
        ),
      );
      expect(saved.status).toBe(200);
    }
    expect(await loginWith("9123456780", TEST_PASSWORD)).toEqual({
      status: 401,
      formError: "Email or password is incorrect.",
    });
    // Each still signs in with its e-mail.
    expect((await loginWith(first.user.email, TEST_PASSWORD)).status).toBe(302);
  });

  it("failures by phone and by e-mail count against one account; the wait applies to both", async () => {
    const created = await createAccount({
      name: "Both Ways",
      email: "both.ways@staff.example",
      phone: "9876501234",
      role: "collector",
      password: PASSWORD,
    });
    expect(created.status).toBe(302);
    const now = new Date();
    const attempt = async (name: string, password: string, address: string) => {
      try {
        await logIn(new Request(LOGIN_URL), address, name, password, now);
        return { status: 302, retryAfter: undefined as number | undefined };
      } catch (error) {
        if (!(error instanceof LoginError)) throw error;
        return { status: error.status, retryAfter: error.retryAfterSeconds };
      }
    };
    // Three failures by phone and two by e-mail, each from a different address: the fifth
    // failure of the account starts a wait of 1 s for every spelling of it.
    const names = ["9876501234", "+919876501234", "09876501234", "both.ways@staff.example"];
    for (const [i, name] of [...names, "BOTH.WAYS@staff.example"].entries()) {
      expect((await attempt(name, `wrong ${i}`, `198.51.100.${200 + i}`)).status).toBe(401);
    }
    expect(await attempt("98765 01234", PASSWORD, "198.51.100.220")).toEqual({
      status: 429,
      retryAfter: 1,
    });
    expect(await attempt("both.ways@staff.example", PASSWORD, "198.51.100.221")).toEqual({
      status: 429,
      retryAfter: 1,
    });
    // Once the wait is over the phone logs in.
    const after = new Date(now.getTime() + 1000);
    await expect(
      logIn(new Request(LOGIN_URL), "198.51.100.222", "9876501234", PASSWORD, after),
    ).resolves.toBeInstanceOf(Headers);
  });

  it("failures of an unknown phone from one address make that address wait", async () => {
    const now = new Date();
    const address = "192.0.2.180";
    let status = 0;
    for (let i = 0; i < 21 && status !== 429; i++) {
      try {
        await logIn(new Request(LOGIN_URL), address, `90000${String(10_000 + i)}`, "x", now);
      } catch (error) {
        if (!(error instanceof LoginError)) throw error;
        status = error.status;
      }
    }
    expect(status).toBe(429);
  });
});

/** What the setup route's loader threw, as React Router hands it to the ErrorBoundary. */
let deadLinkError: unknown;

function DeadSetupLink() {
  return createElement(setupRoute.ErrorBoundary, { error: deadLinkError } as never);
}

const Stub = createRoutesStub([{ path: "/dashboard/setup", Component: DeadSetupLink }]);

describe("the setup link once used", () => {
  it("answers 404 and says an admin exists, with a link to the login", async () => {
    const answer = await routeAnswer<unknown>(() =>
      setupRoute.loader(routeArgs("http://localhost/dashboard/setup?token=used-or-old")),
    );
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ adminExists: true });

    deadLinkError = { status: 404, statusText: "Not Found", internal: false, data: answer.body };
    const html = renderToStaticMarkup(
      createElement(Stub, { initialEntries: ["/dashboard/setup?token=used-or-old"] }),
    );
    expect(html).toContain("An admin exists");
    expect(html).toMatch(/<a href="\/dashboard\/login"[^>]*>Log in here<\/a>/);
    expect(html).not.toContain("Page Not Found");
  });

  it("a second try to create an admin with it is refused the same way, and creates nothing", async () => {
    const before = await handle.db.select({ id: staffUsers.id }).from(staffUsers);
    const answer = await routeAnswer<unknown>(() =>
      setupRoute.action(
        routeArgs("http://localhost/dashboard/setup", {
          form: {
            token: "used-or-old",
            name: "Evil",
            email: "evil@example.com",
            password: PASSWORD,
          },
        }),
      ),
    );
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ adminExists: true });
    expect(await handle.db.select({ id: staffUsers.id }).from(staffUsers)).toEqual(before);
  });
});
