/**
 * Tie-up enquiries (docs/corporate.md) against a freshly migrated database: the /corporate
 * form's refusals in the page's language with nothing written, the lead with its reference and
 * outbox rows (acknowledgement in the page's language, staff alert), the rate limit; the
 * dashboard's list (open first), the overview's count, a status change with its audit row; the
 * retention job's deletion of leads closed over 3 years ago. Time is a clock passed in.
 */
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditLog } from "~/db/schema/audit";
import { messages } from "~/db/schema/messages";
import { leads } from "~/db/schema/organisations";
import type { LeadInput } from "~/features/corporate/lead.schema";
import { LEADS_PER_HOUR } from "~/features/corporate/lead-fields";
import { countOpenLeads, fileLead, listLeads } from "~/features/corporate/leads.server";
import { deleteOldConsentsAndGrievances } from "~/features/privacy/record-retention.server";
import * as corporateRoute from "~/routes/corporate";
import * as leadDashboard from "~/routes/dashboard/lead";
import { resetRateLimits } from "~/utils/rate-limit.server";
import { routeAnswer, routeArgs, signedInStaff } from "../support/factories/staff";
import { testDatabaseForFile } from "../support/processes/test-database";

const handle = testDatabaseForFile();
beforeEach(() => resetRateLimits());

const DAY = 86_400_000;
/** Any instant: every rule here is relative to it. */
const t0 = new Date();
const at = (ms: number) => new Date(t0.getTime() + ms);

type LeadAnswer = {
  reference?: string;
  emailed?: boolean;
  values: Record<string, string>;
  errors: Record<string, string>;
  formError?: string;
};

/** The form as a browser sends it: one `services` pair per ticked box. */
function formOf(fields: Record<string, string>, services: string[]): [string, string][] {
  return [...Object.entries(fields), ...services.map((s): [string, string] => ["services", s])];
}

const complete = {
  organisation: "Prestige Lakeside Residents' Association",
  kind: "housing_society",
  sites: "4",
  pinCode: "560066",
  kgPerWeek: "1,200",
  name: "Meera Iyer",
  phone: "98450 44444",
  email: "Meera.Iyer@Example.com",
  message: "Four blocks, 320 flats. Collection on Sundays would suit us.",
};

function sendThroughPage(
  form: [string, string][],
  prefix = "",
  address = "198.51.100.21",
): Promise<{ status: number; body: LeadAnswer }> {
  return routeAnswer<LeadAnswer>(() =>
    corporateRoute.action(
      routeArgs<Parameters<typeof corporateRoute.action>[0]>(
        `http://localhost${prefix}/corporate`,
        { form, address },
      ),
    ),
  );
}

async function leadCount(): Promise<number> {
  return (await handle.db.select({ id: leads.id }).from(leads)).length;
}

describe("the tie-up enquiry on /corporate", () => {
  it("refuses incomplete or malformed input next to each field, in the page's language, and writes nothing", async () => {
    const before = await leadCount();
    const empty = await sendThroughPage(
      formOf(
        {
          organisation: "",
          kind: "factory",
          sites: "0",
          pinCode: "056000",
          kgPerWeek: "lots",
          name: "",
          phone: "12345",
          email: "not-an-address",
          message: "x".repeat(1001),
        },
        ["shredding"],
      ),
      "/kn",
    );
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.body.errors).sort()).toEqual([
      "email",
      "kgPerWeek",
      "kind",
      "message",
      "name",
      "organisation",
      "phone",
      "pinCode",
      "services",
      "sites",
    ]);
    expect(empty.body.errors.services).toBe("ಕನಿಷ್ಠ ಒಂದು ಸೇವೆಯನ್ನು ಆರಿಸಿ.");
    expect(empty.body.errors.organisation).toBe("ನಿಮ್ಮ ಸಂಸ್ಥೆಯ ಹೆಸರು ಬರೆಯಿರಿ.");
    // What was typed comes back, so the form is not emptied.
    expect(empty.body.values.kgPerWeek).toBe("lots");

    const english = await sendThroughPage(formOf({ ...complete, sites: "1000" }, []));
    expect(english.body.errors).toEqual({
      sites: "Enter the number of sites, from 1 to 999.",
      services: "Choose at least one service.",
    });
    // The honeypot: refused without a word.
    const bot = await sendThroughPage(
      formOf({ ...complete, website: "http://spam.example" }, ["scrap_pickups"]),
    );
    expect(bot.status).toBe(400);
    expect(await leadCount()).toBe(before);
  });

  it("files a lead with a reference, queues the acknowledgement in the page's language, and rate limits", async () => {
    const answer = await sendThroughPage(
      formOf(complete, ["bio_waste", "scrap_pickups", "scrap_pickups"]),
      "/hi",
    );
    expect(answer.status).toBe(200);
    expect(answer.body.reference).toMatch(/^LD-[0-9A-HJKMNP-TV-Z]{6}$/);
    expect(answer.body.emailed).toBe(true);
    const [row] = await handle.db
      .select()
      .from(leads)
      .where(eq(leads.reference, answer.body.reference ?? ""));
    expect(row).toMatchObject({
      organisation: "Prestige Lakeside Residents' Association",
      kind: "housing_society",
      sites: 4,
      pinCode: "560066",
      kgPerWeek: 1200,
      // In the form's order, each once.
      services: ["scrap_pickups", "bio_waste"],
      contactName: "Meera Iyer",
      contactPhone: "+919845044444",
      contactEmail: "meera.iyer@example.com",
      language: "hi",
      status: "new",
    });
    expect(row?.clientKeyHash).toMatch(/^[0-9a-f]{64}$/);
    const outbox = await handle.db
      .select()
      .from(messages)
      .where(and(eq(messages.entityType, "lead"), eq(messages.entityId, String(row?.id))));
    const acknowledgement = outbox.find((message) => message.template === "lead_received");
    expect(acknowledgement).toMatchObject({
      channel: "email",
      recipient: "meera.iyer@example.com",
      language: "hi",
      params: { reference: answer.body.reference, corporatePath: "/hi/corporate" },
    });

    for (let i = 1; i < LEADS_PER_HOUR; i++) {
      const next = await sendThroughPage(formOf({ ...complete, email: "" }, ["plant_care"]));
      expect(next.status).toBe(200);
      expect(next.body.emailed).toBe(false);
    }
    const before = await leadCount();
    const limited = await sendThroughPage(formOf(complete, ["plant_care"]));
    expect(limited.status).toBe(429);
    expect(limited.body.formError).toMatch(/Too many enquiries/);
    expect(await leadCount()).toBe(before);
    // Another address still may.
    expect(
      (await sendThroughPage(formOf(complete, ["plant_care"]), "", "198.51.100.99")).status,
    ).toBe(200);
  });

  it("alerts staff by e-mail with the organisation, services and size; no acknowledgement without an e-mail", async () => {
    const input: LeadInput = {
      organisation: "Acme Tools Pvt Ltd",
      kind: "office",
      sites: 1,
      pinCode: "411001",
      kgPerWeek: 0,
      services: ["plant_care"],
      name: "Ravi Kulkarni",
      phone: "+919845055555",
      email: null,
      message: "",
    };
    const { id, reference } = await fileLead(handle.db, input, {
      now: at(0),
      language: "en",
      alertEmail: "staff@shop.example",
    });
    const rows = await handle.db
      .select()
      .from(messages)
      .where(and(eq(messages.entityType, "lead"), eq(messages.entityId, String(id))));
    expect(rows.map((message) => [message.template, message.recipient])).toEqual([
      ["staff_new_lead", "staff@shop.example"],
    ]);
    expect(rows[0]?.params).toMatchObject({
      reference,
      organisation: "Acme Tools Pvt Ltd",
      kind: "Office",
      services: "Office plants and their care",
      kgPerWeek: 0,
      pinCode: "411001",
      dashboardPath: `/dashboard/leads/${id}`,
    });
  });
});

describe("the dashboard's leads", () => {
  it("lists open ones first, counts them on the overview, and records each status change", async () => {
    await handle.db.delete(leads);
    const file = (daysAgo: number, organisation: string) =>
      fileLead(
        handle.db,
        {
          organisation,
          kind: "school",
          sites: 1,
          pinCode: "570001",
          kgPerWeek: 50,
          services: ["scrap_pickups"],
          name: "Principal",
          phone: "+919845066666",
          email: null,
          message: "",
        },
        { now: at(-daysAgo * DAY), language: "kn", alertEmail: null },
      );
    const old = await file(5, "Old school");
    const recent = await file(1, "Recent school");
    const called = await file(9, "Called school");
    const staff = await signedInStaff(handle.db, "staff");
    const change = (id: number, form: Record<string, string>) =>
      routeAnswer<{ error?: string }>(() =>
        leadDashboard.action(
          routeArgs<Parameters<typeof leadDashboard.action>[0]>(
            `http://localhost/dashboard/leads/${id}`,
            { cookie: staff.cookie, form, params: { id: String(id) } },
          ),
        ),
      );
    expect(await countOpenLeads(handle.db)).toBe(3);
    const saved = await change(called.id, { status: "contacted", note: "Visit on Monday." });
    expect(saved.status).toBe(302);
    expect(saved.location).toBe(`/dashboard/leads/${called.id}?saved=1`);
    // New first (oldest on top), then contacted.
    expect((await listLeads(handle.db)).map((row) => row.organisation)).toEqual([
      "Old school",
      "Recent school",
      "Called school",
    ]);

    expect((await change(old.id, { status: "lost", note: "" })).status).toBe(302);
    expect(await countOpenLeads(handle.db)).toBe(2);
    expect((await listLeads(handle.db)).map((row) => row.organisation)).toEqual([
      "Recent school",
      "Called school",
      "Old school",
    ]);
    // Nothing changed: no audit row. Bad input and unknown leads change nothing.
    expect(
      (await change(called.id, { status: "contacted", note: "Visit on Monday." })).status,
    ).toBe(302);
    const bad = await change(recent.id, { status: "signed", note: "" });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("Choose a status.");
    expect((await change(recent.id, { status: "won", note: "x".repeat(2001) })).status).toBe(400);
    expect((await change(2_000_000_000, { status: "won", note: "" })).status).toBe(404);
    const [untouched] = await handle.db.select().from(leads).where(eq(leads.id, recent.id));
    expect(untouched).toMatchObject({ status: "new", note: "", statusChangedBy: null });

    const audit = await handle.db
      .select({ action: auditLog.action, entityId: auditLog.entityId, details: auditLog.details })
      .from(auditLog)
      .where(eq(auditLog.entity, "lead"))
      .orderBy(auditLog.id);
    expect(audit).toEqual([
      {
        action: "lead.updated",
        entityId: String(called.id),
        details: expect.objectContaining({
          before: { note: "", status: "new" },
          after: { note: "Visit on Monday.", status: "contacted" },
        }),
      },
      {
        action: "lead.updated",
        entityId: String(old.id),
        details: expect.objectContaining({ before: { status: "new" }, after: { status: "lost" } }),
      },
    ]);
    const [lost] = await handle.db.select().from(leads).where(eq(leads.id, old.id));
    expect(lost?.statusChangedBy).toBe(staff.user.email);
  });

  it("deletes a lead closed more than 3 years ago; open ones stay whatever their age", async () => {
    await handle.db.delete(leads);
    const input: LeadInput = {
      organisation: "Corner Stores",
      kind: "shop",
      sites: 2,
      pinCode: "600001",
      kgPerWeek: 30,
      services: ["scrap_pickups"],
      name: "Owner",
      phone: "+919845077777",
      email: null,
      message: "",
    };
    const options = { language: "en" as const, alertEmail: null };
    const closedLongAgo = await fileLead(handle.db, input, { ...options, now: at(-1200 * DAY) });
    const closedRecently = await fileLead(handle.db, input, { ...options, now: at(-1200 * DAY) });
    const openOld = await fileLead(handle.db, input, { ...options, now: at(-1500 * DAY) });
    await handle.db
      .update(leads)
      .set({ status: "lost", statusChangedAt: at(-1100 * DAY) })
      .where(eq(leads.id, closedLongAgo.id));
    await handle.db
      .update(leads)
      .set({ status: "won", statusChangedAt: at(-1000 * DAY) })
      .where(eq(leads.id, closedRecently.id));
    const done = await deleteOldConsentsAndGrievances(handle.db, at(0));
    expect(done.leads).toBe(1);
    const left = await handle.db.select({ id: leads.id }).from(leads).orderBy(leads.id);
    expect(left.map((row) => row.id)).toEqual([closedRecently.id, openOld.id]);
  });
});
