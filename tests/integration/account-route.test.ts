/**
 * The /account route (docs/accounts.md "Signing in"): the same answer whether or not a phone has
 * history, refusals next to the field in the page's language with nothing written, the code from
 * the outbox signing in (cookie, redirect), 'Send a new code' within 30 s, and signing out on all
 * devices. The page's Cache-Control is server/cache-control.ts's.
 */
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { customerSessions } from "~/db/schema/customer-sign-in";
import { messages } from "~/db/schema/messages";
import { pickups } from "~/db/schema/pickups";
import { getCustomer } from "~/features/accounts/customer-session.server";
import { renderForChannel } from "~/features/messages/templates";
import { action, loader } from "~/routes/account";
import { resetRateLimits } from "~/utils/rate-limit.server";
import { isPersonalPath, PERSONAL_CACHE_CONTROL } from "../../server/cache-control";
import { signedInCustomer } from "../support/factories/customers";
import { insertSubscriber } from "../support/factories/mailing-list";
import { testSite } from "../support/factories/message-params";
import { pickupRow } from "../support/factories/overview-rows";
import { callRoute, routeAnswer, routeArgs } from "../support/factories/staff";
import { testDatabaseForFile } from "../support/processes/test-database";

const handle = testDatabaseForFile();
const WITH_HISTORY = "+919845011111";
const EMAIL = "meera@example.com";

beforeEach(() => resetRateLimits());

interface Answer {
  step: string;
  phone: string;
  sent?: boolean;
  errors: Record<string, string>;
}

function post(path: string, form: Record<string, string>, cookie?: string) {
  return routeAnswer<Answer>(() =>
    action(routeArgs(`http://localhost${path}`, { form, ...(cookie ? { cookie } : {}) })),
  );
}

/** The code in the latest sign-in e-mail to `email`. */
async function codeMailedTo(email: string): Promise<string> {
  const rows = await handle.db
    .select()
    .from(messages)
    .where(and(eq(messages.template, "sign_in_code"), eq(messages.recipient, email)));
  const last = rows.at(-1);
  const rendered = renderForChannel("email", last as never, testSite);
  return /: ([0-9]{6})/.exec(rendered.text)?.[1] ?? "";
}

describe("/account", () => {
  it("answers the same for a phone with history and one without", async () => {
    await insertSubscriber(handle.db, { name: "Meera", email: EMAIL, phone: WITH_HISTORY });
    await handle.db.insert(pickups).values({
      ...pickupRow("2026-04-01", "11:00", "collected"),
      phone: WITH_HISTORY,
      email: EMAIL,
    });
    const known = await post("/hi/account", {
      intent: "send",
      step: "phone",
      phone: "98450 11111",
    });
    const unknown = await post("/hi/account", {
      intent: "send",
      step: "phone",
      phone: "98450 22222",
    });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect({ ...known.body, phone: "" }).toEqual({ ...unknown.body, phone: "" });
    expect(known.body).toMatchObject({ step: "code", sent: true, errors: {} });
  });

  it("refuses a bad phone next to the field in the page's language, writing nothing", async () => {
    const before = await handle.db.select().from(messages);
    const answer = await post("/kn/account", { intent: "send", step: "phone", phone: "12345" });
    expect(answer.status).toBe(400);
    expect(answer.body.errors.phone).toBe("10 ಅಂಕಿಯ ಭಾರತೀಯ ಮೊಬೈಲ್ ಸಂಖ್ಯೆ ಬರೆಯಿರಿ, ಉದಾಹರಣೆಗೆ 98450 12345.");
    expect(await handle.db.select().from(messages)).toHaveLength(before.length);
  });

  it("signs in with the mailed code after a wrong one; a new code waits 30 s", async () => {
    const code = await codeMailedTo(EMAIL);
    expect(code).toMatch(/^[0-9]{6}$/);
    const base = { step: "code", phone: WITH_HISTORY };
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
    const refused = await post("/hi/account", { ...base, intent: "verify", code: wrong });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.code).toBe("यह कोड सही नहीं है। मैसेज देखकर फिर से लिखें।");
    const again = await post("/hi/account", { ...base, intent: "send", code: "" });
    expect(again.status).toBe(429);
    expect(again.body.errors.code).toMatch(/^नया कोड माँगने से पहले कृपया \d+ सेकंड रुकें।$/);

    const response = await callRoute(action as never, "http://localhost/hi/account", {
      form: { ...base, intent: "verify", code, redirectTo: "//evil.example" },
    });
    expect(response).toBeInstanceOf(Response);
    const signedIn = response as Response;
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("Location")).toBe("/hi/account");
    const setCookie = signedIn.headers.get("Set-Cookie") ?? "";
    expect(setCookie).toMatch(/^customer_session=.*HttpOnly.*SameSite=Lax/i);
    const cookie = setCookie.split(";")[0] ?? "";
    const page = await loader(routeArgs("http://localhost/hi/account", { cookie }) as never);
    expect(page.signedInAs).toBe("+91 98450 11111");
    const replayed = await post("/hi/account", { ...base, intent: "verify", code });
    expect(replayed.body.errors.code).toBe("यह कोड पहले ही इस्तेमाल हो चुका है। नया कोड मँगाएँ।");
  });

  it("signs out on all devices: every session of the phone is deleted", async () => {
    const phone = "+919845033333";
    const here = await signedInCustomer(handle.db, phone);
    const there = await signedInCustomer(handle.db, phone);
    const answer = await post("/account", { intent: "signOutEverywhere" }, here.cookie);
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/account");
    const request = new Request("http://localhost/account", { headers: { Cookie: there.cookie } });
    expect(await getCustomer(request, handle.db)).toBeNull();
    const rows = await handle.db
      .select()
      .from(customerSessions)
      .where(eq(customerSessions.phone, phone));
    expect(rows).toHaveLength(0);
  });

  it("is a personal page: private, no-store in every language and as data", () => {
    expect(PERSONAL_CACHE_CONTROL).toBe("private, no-store");
    for (const path of ["/account", "/hi/account", "/kn/account", "/account.data"]) {
      expect(isPersonalPath(path), path).toBe(true);
    }
  });
});
