import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { customerSessions } from "~/db/schema/customer-sign-in";
import {
  CUSTOMER_ABSOLUTE_TIMEOUT_SECONDS,
  CUSTOMER_IDLE_TIMEOUT_SECONDS,
  endCustomerSession,
  getCustomer,
  requireCustomer,
  startCustomerSession,
} from "~/features/accounts/customer-session.server";
import { signedInCustomer } from "../support/factories/customers";
import { testDatabaseForFile } from "../support/processes/test-database";

const handle = testDatabaseForFile();
const PHONE = "+919845012345";
const OTHER = "+919845054321";

function requestWith(cookie: string, url = "http://localhost/account") {
  return new Request(url, { headers: { Cookie: cookie } });
}

async function sessionsOf(phone: string) {
  return handle.db.select().from(customerSessions).where(eq(customerSessions.phone, phone));
}

describe("customer sessions", () => {
  it("signs in with a signed HttpOnly Lax cookie apart from the staff cookie, storing only a hash", async () => {
    const setCookie = await startCustomerSession(
      new Request("http://localhost/account", { method: "POST" }),
      PHONE,
      handle.db,
    );
    expect(setCookie).toMatch(/^customer_session=/);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).not.toMatch(/Secure/);
    const cookie = setCookie.split(";")[0] ?? "";
    const customer = await getCustomer(requestWith(cookie), handle.db);
    expect(customer?.phone).toBe(PHONE);
    const rows = await sessionsOf(PHONE);
    const raw = decodeURIComponent(cookie.split("=").slice(1).join("="));
    for (const row of rows) expect(raw).not.toContain(row.idHash);
  });

  it("refuses a tampered or unsigned cookie", async () => {
    const { cookie } = await signedInCustomer(handle.db, PHONE);
    const value = cookie.slice("customer_session=".length);
    const tampered = `customer_session=${value.slice(0, 5)}${value[5] === "A" ? "B" : "A"}${value.slice(6)}`;
    expect(await getCustomer(requestWith(tampered), handle.db)).toBeNull();
    expect(await getCustomer(requestWith("customer_session=abc"), handle.db)).toBeNull();
    expect(await getCustomer(requestWith("staff_session=abc"), handle.db)).toBeNull();
  });

  it("ends a session idle for 7 days and one older than 30 days, deleting its row", async () => {
    const start = new Date("2026-03-01T06:00:00Z");
    const request = new Request("http://localhost/account", { method: "POST" });
    const idle = (await startCustomerSession(request, OTHER, handle.db, start)).split(";")[0] ?? "";
    const justIdle = new Date(start.getTime() + CUSTOMER_IDLE_TIMEOUT_SECONDS * 1000 - 1000);
    expect(await getCustomer(requestWith(idle), handle.db, justIdle)).not.toBeNull();
    const tooIdle = new Date(justIdle.getTime() + CUSTOMER_IDLE_TIMEOUT_SECONDS * 1000 + 1000);
    expect(await getCustomer(requestWith(idle), handle.db, tooIdle)).toBeNull();

    const used = (await startCustomerSession(request, OTHER, handle.db, start)).split(";")[0] ?? "";
    const day = 24 * 60 * 60 * 1000;
    let at = start;
    while (at.getTime() - start.getTime() < CUSTOMER_ABSOLUTE_TIMEOUT_SECONDS * 1000 - 6 * day) {
      at = new Date(at.getTime() + 6 * day);
      expect(await getCustomer(requestWith(used), handle.db, at)).not.toBeNull();
    }
    const tooOld = new Date(start.getTime() + CUSTOMER_ABSOLUTE_TIMEOUT_SECONDS * 1000 + 1000);
    expect(await getCustomer(requestWith(used), handle.db, tooOld)).toBeNull();
    expect(await sessionsOf(OTHER)).toHaveLength(0);
  });

  it("signs out here, or on all devices of the phone", async () => {
    const phone = "+916000000001";
    const first = await signedInCustomer(handle.db, phone);
    const second = await signedInCustomer(handle.db, phone);
    const third = await signedInCustomer(handle.db, phone);
    const bystander = await signedInCustomer(handle.db, PHONE);
    const cleared = await endCustomerSession(requestWith(first.cookie), {}, handle.db);
    expect(cleared).toMatch(/Max-Age=0/);
    expect(await getCustomer(requestWith(first.cookie), handle.db)).toBeNull();
    expect(await getCustomer(requestWith(second.cookie), handle.db)).not.toBeNull();
    await endCustomerSession(requestWith(second.cookie), { everywhere: true }, handle.db);
    expect(await getCustomer(requestWith(third.cookie), handle.db)).toBeNull();
    expect(await sessionsOf(phone)).toHaveLength(0);
    expect(await getCustomer(requestWith(bystander.cookie), handle.db)).not.toBeNull();
  });

  it("a new sign-in replaces the session the browser carried", async () => {
    const phone = "+916000000002";
    const { cookie } = await signedInCustomer(handle.db, phone);
    await startCustomerSession(requestWith(cookie), phone, handle.db);
    expect(await getCustomer(requestWith(cookie), handle.db)).toBeNull();
    expect(await sessionsOf(phone)).toHaveLength(1);
  });

  it("requireCustomer redirects to the sign-in page in the page's language, coming back after", async () => {
    const thrown = await requireCustomer(
      new Request("http://localhost/hi/account-orders.data?_routes=x"),
      "hi",
      handle.db,
    ).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    const location = (thrown as Response).headers.get("Location");
    expect(location).toBe(`/hi/account?redirectTo=${encodeURIComponent("/hi/account-orders")}`);
    const { cookie } = await signedInCustomer(handle.db, PHONE);
    const customer = await requireCustomer(requestWith(cookie), "kn", handle.db);
    expect(customer.phone).toBe(PHONE);
  });
});
