/**
 * Consent records and grievances (docs/accounts.md "Notice, consent and grievances") against a
 * freshly migrated database: the newsletter consent recorded with the notice's version when the
 * 'Join us' link is confirmed, withdrawn in one request (which unsubscribes and skips queued
 * newsletters) or by the unsubscribe link; the grievance form's refusals, its ticket, outbox
 * rows and rate limit; the dashboard's list (open first, overdue after 48 hours), the overview's
 * count, and the staff changes with their audit rows. Time is a clock passed in.
 */
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditLog } from "~/db/schema/audit";
import { registrations } from "~/db/schema/community";
import { messages } from "~/db/schema/messages";
import { consents, grievances } from "~/db/schema/privacy-notice";
import { joinMailingList } from "~/features/community/mailing-list.server";
import { sendNewsletter } from "~/features/community/newsletter.server";
import {
  consentsOf,
  emailsOfPhone,
  NEWSLETTER_CONSENT_HOW,
  withdrawConsent,
} from "~/features/privacy/consent.server";
import type { GrievanceInput } from "~/features/privacy/grievance.schema";
import {
  countOverdueGrievances,
  fileGrievance,
  listGrievances,
} from "~/features/privacy/grievance.server";
import { GRIEVANCES_PER_HOUR } from "~/features/privacy/grievance-fields";
import { NOTICE_VERSION } from "~/features/privacy/notice";
import * as accountConsents from "~/routes/account-consents";
import * as grievanceDashboard from "~/routes/dashboard/grievance";
import * as grievanceRoute from "~/routes/grievance";
import * as subscribeRoute from "~/routes/subscribe";
import * as unsubscribeRoute from "~/routes/unsubscribe";
import { idempotencyKey } from "~/utils/codes.server";
import { formatDateTimeIST } from "~/utils/dates";
import { resetRateLimits } from "~/utils/rate-limit.server";
import { signedInCustomer } from "../support/factories/customers";
import { confirmationLink } from "../support/factories/mailing-list";
import { routeAnswer, routeArgs, signedInStaff } from "../support/factories/staff";
import { testDatabaseForFile } from "../support/processes/test-database";

const handle = testDatabaseForFile();
beforeEach(() => resetRateLimits());

const HOUR = 3_600_000;
/** Any instant: every rule here is relative to it. */
const t0 = new Date();
const at = (ms: number) => new Date(t0.getTime() + ms);

let seq = 0;
/** A new reader's details: a fresh e-mail address and mobile number each time. */
function reader() {
  seq += 1;
  return {
    name: `Reader ${seq}`,
    email: `consent${seq}@example.com`,
    contact: `+9198450${String(10000 + seq).slice(-5)}`,
  };
}

/** Joins and confirms through the confirmation page's POST, as the address's owner. */
async function joinAndConfirm(person: ReturnType<typeof reader>, address = "203.0.113.9") {
  await joinMailingList(handle.db, person, { now: at(-2 * HOUR) });
  const link = await confirmationLink(handle.db, person.email);
  const token = link?.token ?? "";
  const answer = await routeAnswer<{ status: string }>(() =>
    subscribeRoute.action(
      routeArgs<Parameters<typeof subscribeRoute.action>[0]>(
        `http://localhost/subscribe/${token}`,
        { form: {}, params: { token }, address },
      ),
    ),
  );
  expect(answer.body).toEqual({ status: "confirmed" });
}

async function consentRows(email: string) {
  return handle.db.select().from(consents).where(eq(consents.email, email));
}

describe("newsletter consent", () => {
  it("is recorded once, with the notice's version, when the 'Join us' link is confirmed", async () => {
    const person = reader();
    await joinMailingList(handle.db, person, { now: at(-2 * HOUR) });
    // Joining alone is not consent: the address's owner has not confirmed.
    expect(await consentRows(person.email)).toEqual([]);
    await joinAndConfirm(person);
    const [row, ...more] = await consentRows(person.email);
    expect(more).toEqual([]);
    expect(row).toMatchObject({
      phone: person.contact,
      purpose: "newsletter",
      noticeVersion: NOTICE_VERSION,
      how: NEWSLETTER_CONSENT_HOW,
      withdrawnAt: null,
    });
    // The client address is kept only as a keyed hash.
    expect(row?.clientKeyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.clientKeyHash).not.toContain("203.0.113.9");
    // A second press of the button records nothing more.
    const token = (await confirmationLink(handle.db, person.email))?.token ?? "";
    await subscribeRoute.action(
      routeArgs<Parameters<typeof subscribeRoute.action>[0]>(
        `http://localhost/subscribe/${token}`,
        {
          form: {},
          params: { token },
        },
      ),
    );
    expect(await consentRows(person.email)).toHaveLength(1);
  });

  it("is listed for the phone and its addresses, and withdrawn in one request that unsubscribes", async () => {
    const person = reader();
    await joinAndConfirm(person);
    expect(await emailsOfPhone(handle.db, person.contact)).toEqual([person.email]);
    const [listed] = await consentsOf(handle.db, person.contact, [person.email]);
    expect(listed).toMatchObject({ purpose: "newsletter", email: person.email });
    expect(listed).not.toHaveProperty("clientKeyHash");
    // Nobody else's consents: another phone with no addresses sees none.
    expect(await consentsOf(handle.db, "+919000000001", [])).toEqual([]);

    await sendNewsletter(
      handle.db,
      { email: "admin@example.com" },
      { newsletterId: idempotencyKey(), subject: "Monsoon plants", text: "Tulsi is back." },
    );
    expect(await withdrawConsent(handle.db, listed?.id ?? 0, at(0))).toBe("withdrawn");

    const [row] = await consentRows(person.email);
    expect(row?.withdrawnAt).toEqual(at(0));
    expect(row?.withdrawnHow).toBe("account page");
    const [registration] = await handle.db
      .select()
      .from(registrations)
      .where(eq(registrations.email, person.email));
    expect(registration?.unsubscribedAt).toEqual(at(0));
    const queued = await handle.db
      .select({ status: messages.status })
      .from(messages)
      .where(and(eq(messages.template, "newsletter"), eq(messages.recipient, person.email)));
    expect(queued.map((message) => message.status)).toEqual(["skipped"]);
    // Idempotent, and an unknown id is said so.
    expect(await withdrawConsent(handle.db, listed?.id ?? 0, at(HOUR))).toBe("already");
    expect(await withdrawConsent(handle.db, 2_000_000_000, at(HOUR))).toBe("unknown");
  });

  it("is withdrawn by the newsletter's unsubscribe link too", async () => {
    const person = reader();
    await joinAndConfirm(person);
    const [registration] = await handle.db
      .select()
      .from(registrations)
      .where(eq(registrations.email, person.email));
    const token = registration?.unsubscribeToken ?? "";
    await unsubscribeRoute.action(
      routeArgs<Parameters<typeof unsubscribeRoute.action>[0]>(
        `http://localhost/unsubscribe/${token}`,
        { form: {}, params: { token } },
      ),
    );
    const [row] = await consentRows(person.email);
    expect(row?.withdrawnHow).toBe("unsubscribe link");
    expect(row?.withdrawnAt).not.toBeNull();
  });
});

describe("the account's consents page", () => {
  type Page = { consents: { id: number; purpose: string; withdrawnAt: Date | null }[] };
  const consentsPage = (cookie: string, prefix = "", form?: Record<string, string>) => {
    const url = `http://localhost${prefix}/account/consents`;
    return routeAnswer<Page & { withdrawn?: boolean }>(() =>
      form
        ? accountConsents.action(
            routeArgs<Parameters<typeof accountConsents.action>[0]>(url, { cookie, form }),
          )
        : accountConsents.loader(
            routeArgs<Parameters<typeof accountConsents.loader>[0]>(url, { cookie }),
          ),
    );
  };

  it("shows a signed-in customer's consents and withdraws one in one request; others get 404", async () => {
    const person = reader();
    await joinAndConfirm(person);
    const other = reader();
    await joinAndConfirm(other);
    // Signed out: to the sign-in page in the page's language.
    const anonymous = await consentsPage("", "/kn");
    expect(anonymous.location).toMatch(/^\/kn\/account/);

    const { cookie } = await signedInCustomer(handle.db, person.contact);
    const page = await consentsPage(cookie);
    expect(page.body.consents.map((consent) => consent.purpose)).toEqual(["newsletter"]);
    const [mine] = page.body.consents;
    const [theirs] = await consentRows(other.email);
    expect((await consentsPage(cookie, "", { consentId: String(theirs?.id) })).status).toBe(404);
    expect((await consentsPage(cookie, "", { consentId: "not-a-number" })).status).toBe(404);
    expect((await consentRows(other.email))[0]?.withdrawnAt).toBeNull();

    const withdrawn = await consentsPage(cookie, "/hi", { consentId: String(mine?.id) });
    expect(withdrawn.body).toEqual({ withdrawn: true });
    const [row] = await consentRows(person.email);
    expect(row?.withdrawnHow).toBe("account page");
    const [registration] = await handle.db
      .select()
      .from(registrations)
      .where(eq(registrations.email, person.email));
    expect(registration?.unsubscribedAt).not.toBeNull();
  });
});

type GrievanceAnswer = {
  ticket?: string;
  emailed?: boolean;
  errors: Record<string, string>;
  formError?: string;
};

function fileThroughPage(form: Record<string, string>, prefix = "", address = "198.51.100.7") {
  return routeAnswer<GrievanceAnswer>(() =>
    grievanceRoute.action(
      routeArgs<Parameters<typeof grievanceRoute.action>[0]>(
        `http://localhost${prefix}/grievance`,
        {
          form,
          address,
        },
      ),
    ),
  );
}

const complete = {
  name: "Asha Rao",
  phone: "",
  email: "asha.grievance@example.com",
  topic: "erase",
  details: "Please erase my old address.",
};

async function grievanceCount(): Promise<number> {
  return (await handle.db.select({ id: grievances.id }).from(grievances)).length;
}

describe("the grievance page", () => {
  it("refuses incomplete or malformed input in the page's language and writes nothing", async () => {
    const before = await grievanceCount();
    const noContact = await fileThroughPage({ ...complete, email: "" }, "/kn");
    expect(noContact.status).toBe(400);
    expect(noContact.body.errors.phone).toBe("ನಾವು ನಿಮಗೆ ಉತ್ತರಿಸಲು ಮೊಬೈಲ್ ಸಂಖ್ಯೆ ಅಥವಾ ಇ-ಮೇಲ್ ವಿಳಾಸ ನೀಡಿ.");
    const bad = await fileThroughPage({
      name: "",
      phone: "12345",
      email: "not-an-address",
      topic: "lottery",
      details: "x".repeat(2001),
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual([
      "details",
      "email",
      "name",
      "phone",
      "topic",
    ]);
    expect(bad.body.errors.topic).toBe("Choose what your grievance is about.");
    // The honeypot: refused without a word.
    const bot = await fileThroughPage({ ...complete, website: "http://spam.example" });
    expect(bot.status).toBe(400);
    expect(await grievanceCount()).toBe(before);
  });

  it("gives a ticket, queues the acknowledgement in the page's language, and rate limits", async () => {
    const answer = await fileThroughPage({ ...complete, phone: "98450 11111" }, "/kn");
    expect(answer.status).toBe(200);
    expect(answer.body.ticket).toMatch(/^GR-[0-9A-HJKMNP-TV-Z]{6}$/);
    expect(answer.body.emailed).toBe(true);
    const [row] = await handle.db
      .select()
      .from(grievances)
      .where(eq(grievances.ticket, answer.body.ticket ?? ""));
    expect(row).toMatchObject({
      name: "Asha Rao",
      phone: "+919845011111",
      email: "asha.grievance@example.com",
      topic: "erase",
      language: "kn",
      acknowledgedAt: null,
    });
    const outbox = await handle.db
      .select()
      .from(messages)
      .where(and(eq(messages.entityType, "grievance"), eq(messages.entityId, String(row?.id))));
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({
      template: "grievance_received",
      channel: "email",
      recipient: "asha.grievance@example.com",
      language: "kn",
      params: { ticket: answer.body.ticket, grievancePath: "/kn/grievance" },
    });

    for (let i = 1; i < GRIEVANCES_PER_HOUR; i++) {
      expect((await fileThroughPage({ ...complete, email: "", phone: "9845011111" })).status).toBe(
        200,
      );
    }
    const limited = await fileThroughPage({ ...complete });
    expect(limited.status).toBe(429);
    expect(limited.body.formError).toMatch(/Too many grievances/);
  });

  it("alerts staff by e-mail, with the time to acknowledge by", async () => {
    const { id, ticket } = await fileGrievance(
      handle.db,
      { ...(complete as GrievanceInput), email: null, phone: "+919845022222" },
      { now: at(0), language: "hi", alertEmail: "staff@shop.example" },
    );
    const rows = await handle.db
      .select()
      .from(messages)
      .where(and(eq(messages.entityType, "grievance"), eq(messages.entityId, String(id))));
    // No e-mail address given: no acknowledgement row, only the staff alert.
    expect(rows.map((message) => [message.template, message.recipient])).toEqual([
      ["staff_new_grievance", "staff@shop.example"],
    ]);
    expect(rows[0]?.params).toMatchObject({
      ticket,
      acknowledgeBy: formatDateTimeIST(at(48 * HOUR)),
      dashboardPath: `/dashboard/grievances/${id}`,
    });
  });
});

describe("the dashboard's grievances", () => {
  it("lists open ones first, oldest on top, marks those past 48 hours, and counts them", async () => {
    await handle.db.delete(grievances);
    const file = (hoursAgo: number, name: string) =>
      fileGrievance(
        handle.db,
        { ...(complete as GrievanceInput), name, email: null, phone: "+919845033333" },
        { now: at(-hoursAgo * HOUR), language: "en", alertEmail: null },
      );
    const old = await file(60, "Old");
    const recent = await file(10, "Recent");
    const late = await file(49, "Late");
    const done = await file(100, "Done");
    const staff = await signedInStaff(handle.db, "staff");
    const change = (id: number, form: Record<string, string>) =>
      routeAnswer<{ error?: string }>(() =>
        grievanceDashboard.action(
          routeArgs<Parameters<typeof grievanceDashboard.action>[0]>(
            `http://localhost/dashboard/grievances/${id}`,
            { cookie: staff.cookie, form, params: { id: String(id) } },
          ),
        ),
      );
    expect((await change(done.id, { intent: "resolve" })).status).toBe(302);

    const list = await listGrievances(handle.db, at(0));
    expect(list.map((row) => row.name)).toEqual(["Old", "Late", "Recent", "Done"]);
    expect(list.map((row) => row.overdue)).toEqual([true, true, false, false]);
    expect(list[0]?.acknowledgeBy).toEqual(at(-12 * HOUR));
    expect(await countOverdueGrievances(handle.db, at(0))).toBe(2);

    // Acknowledging takes one off the count; a second time is refused.
    expect((await change(late.id, { intent: "acknowledge" })).status).toBe(302);
    expect(await countOverdueGrievances(handle.db, at(0))).toBe(1);
    const again = await change(late.id, { intent: "acknowledge" });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe("This grievance was acknowledged already.");
    expect((await change(old.id, { intent: "note", note: "Called back." })).status).toBe(302);
    expect((await change(old.id, { intent: "resolve" })).status).toBe(302);
    expect((await change(old.id, { intent: "acknowledge" })).status).toBe(409);
    expect((await change(recent.id, { intent: "bogus" })).status).toBe(400);
    expect((await change(2_000_000_000, { intent: "resolve" })).status).toBe(404);
    expect(await countOverdueGrievances(handle.db, at(0))).toBe(0);

    const audit = await handle.db
      .select({ action: auditLog.action, entityId: auditLog.entityId, actor: auditLog.actor })
      .from(auditLog)
      .where(eq(auditLog.entity, "grievance"))
      .orderBy(auditLog.id);
    expect(audit).toEqual([
      { action: "grievance.resolve", entityId: String(done.id), actor: staff.user.email },
      { action: "grievance.acknowledge", entityId: String(late.id), actor: staff.user.email },
      { action: "grievance.note", entityId: String(old.id), actor: staff.user.email },
      { action: "grievance.resolve", entityId: String(old.id), actor: staff.user.email },
    ]);
    const [resolved] = await handle.db.select().from(grievances).where(eq(grievances.id, old.id));
    expect(resolved).toMatchObject({ note: "Called back.", acknowledgedBy: staff.user.email });
  });
});
