/**
 * Organisation accounts and their recurring pickups (docs/corporate.md "Organisation accounts",
 * "Recurring pickups"): staff make an account from a lead (the lead is marked won), add a site
 * with a weekly schedule, and its four weeks of pickups are booked at once as ordinary confirmed
 * pickups at the site's address and slot; the scheduler's job books each later date once; a
 * date the shop closed moves to the next open day or is skipped, saying why; stopping a
 * schedule cancels its pickups from tomorrow on. Bad input is refused with nothing written.
 */
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import { messages } from "~/db/schema/messages";
import {
  leads,
  organisationSites,
  organisations,
  sitePickupDates,
} from "~/db/schema/organisations";
import { pickups } from "~/db/schema/pickups";
import { closeDay } from "~/features/calendar/closed-days.server";
import { fileLead } from "~/features/corporate/leads.server";
import {
  addSite,
  createOrganisation,
  OrganisationError,
  stopSite,
} from "~/features/corporate/organisations.server";
import { bookSitePickups } from "~/features/corporate/site-pickups.server";
import { renderEmail } from "~/features/messages/templates";
import * as organisationRoute from "~/routes/dashboard/organisation";
import * as newOrganisationRoute from "~/routes/dashboard/organisation-new";
import { addDays, kolkataInstant, todayInKolkata } from "~/utils/dates";
import { testSite } from "../support/factories/message-params";
import { callRoute, errorsOf, signedInStaff, statusOf } from "../support/factories/staff";
import { queryRows, testDatabaseForFile } from "../support/processes/test-database";

const handle = testDatabaseForFile({ seeded: true });
/** Monday 1 March 2027, 10:00 IST: the clock of the feature calls. */
const monday = kolkataInstant("2027-03-01", "10:00");
const actor = { email: "office@example.com" };

type Handler = (args: never) => Promise<unknown>;

const accountInput = {
  leadId: null,
  name: "Prestige Lakeside Residents' Association",
  kind: "housing_society" as const,
  contactName: "Meera Iyer",
  contactPhone: "+919845044444",
  contactEmail: "meera@example.com",
  reward: "money" as const,
  payoutDetails: "prestigelakeside@okhdfc",
};

function siteInput(overrides: Record<string, unknown> = {}) {
  return {
    siteName: "Tower B",
    addressLine1: "Prestige Lakeside, Tower B",
    addressLine2: "Varthur Road",
    city: "Bengaluru",
    pinCode: "560087",
    contactName: "Ravi (security desk)",
    contactPhone: "+919845055555",
    frequency: "weekly" as const,
    weekday: 6,
    slotStart: "09:00",
    startsOn: "2027-03-01",
    ...overrides,
  };
}

async function datesOf(db: Database, siteId: number) {
  return db
    .select({
      dueDate: sitePickupDates.dueDate,
      outcome: sitePickupDates.outcome,
      note: sitePickupDates.note,
      pickupDate: pickups.pickupDate,
      status: pickups.status,
    })
    .from(sitePickupDates)
    .leftJoin(pickups, eq(pickups.id, sitePickupDates.pickupId))
    .where(eq(sitePickupDates.siteId, siteId))
    .orderBy(sitePickupDates.dueDate);
}

async function count(table: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    handle.db,
    sql`select count(*)::int as n from ${sql.raw(table)}`,
  );
  return Number(row?.n);
}

describe("a site's recurring pickups", () => {
  it("books four Saturdays at once as confirmed pickups at the site, then each later date once", async () => {
    const db = handle.db;
    const organisationId = await createOrganisation(db, actor, accountInput, monday);
    const siteId = await addSite(db, actor, organisationId, siteInput(), monday);
    expect(await datesOf(db, siteId)).toEqual(
      ["2027-03-06", "2027-03-13", "2027-03-20", "2027-03-27"].map((day) => ({
        dueDate: day,
        outcome: "booked",
        note: "",
        pickupDate: day,
        status: "confirmed",
      })),
    );
    const [pickup] = await db
      .select()
      .from(pickups)
      .where(eq(pickups.idempotencyKey, `site ${siteId} 2027-03-06`));
    expect(pickup).toMatchObject({
      name: "Prestige Lakeside Residents' Association, Tower B",
      email: "meera@example.com",
      phone: "+919845055555",
      addressLine1: "Prestige Lakeside, Tower B",
      pinCode: "560087",
      slotStart: "09:00",
      rewardPreference: "money",
    });

    // The job again the same day books nothing; a week later, one more Saturday.
    expect(await bookSitePickups(db, monday)).toEqual({ booked: 0, moved: 0, skipped: 0 });
    const nextMonday = kolkataInstant("2027-03-08", "01:30");
    expect(await bookSitePickups(db, nextMonday)).toEqual({ booked: 1, moved: 0, skipped: 0 });
    expect((await datesOf(db, siteId)).map((row) => row.dueDate)).toContain("2027-04-03");
    expect(await bookSitePickups(db, nextMonday)).toEqual({ booked: 0, moved: 0, skipped: 0 });

    // Stopping cancels the open pickups from tomorrow on and books nothing more.
    expect(await stopSite(db, actor, organisationId, siteId, monday)).toBe(5);
    expect((await datesOf(db, siteId)).every((row) => row.status === "cancelled")).toBe(true);
    expect(await bookSitePickups(db, kolkataInstant("2027-03-15", "01:30"))).toEqual({
      booked: 0,
      moved: 0,
      skipped: 0,
    });
    await expect(stopSite(db, actor, organisationId, siteId, monday)).rejects.toMatchObject({
      id: "dashboard.organisations.siteNotFound",
      status: 404,
    });
  });

  it("moves a date the shop closed to the next open day, or skips it when none is near, saying why", async () => {
    const db = handle.db;
    const organisationId = await createOrganisation(
      db,
      actor,
      {
        ...accountInput,
        name: "Bagmane Tech Park",
        kind: "office",
        reward: "coupon",
        payoutDetails: "",
      },
      monday,
    );
    await closeDay(db, actor, { day: "2027-03-10", reason: "Holi" }, monday);
    for (const day of ["2027-03-24", "2027-03-25", "2027-03-26", "2027-03-27"]) {
      await closeDay(db, actor, { day, reason: "Office shifting" }, monday);
    }
    const siteId = await addSite(
      db,
      actor,
      organisationId,
      siteInput({ siteName: "Block A", weekday: 3, slotStart: "11:00" }),
      monday,
    );
    expect(await datesOf(db, siteId)).toEqual([
      {
        dueDate: "2027-03-03",
        outcome: "booked",
        note: "",
        pickupDate: "2027-03-03",
        status: "confirmed",
      },
      {
        dueDate: "2027-03-10",
        outcome: "moved",
        note: "Shop closed on 2027-03-10 (Holi): moved to 2027-03-11.",
        pickupDate: "2027-03-11",
        status: "confirmed",
      },
      {
        dueDate: "2027-03-17",
        outcome: "booked",
        note: "",
        pickupDate: "2027-03-17",
        status: "confirmed",
      },
      {
        dueDate: "2027-03-24",
        outcome: "skipped",
        note: "Shop closed on 2027-03-24 (Office shifting): skipped, no open day within 3 days before the next date.",
        pickupDate: null,
        status: null,
      },
    ]);
    const [coupon] = await db
      .select({ reward: pickups.rewardPreference })
      .from(pickups)
      .where(eq(pickups.idempotencyKey, `site ${siteId} 2027-03-03`));
    expect(coupon?.reward).toBe("coupon");
    // The contact is told of the moved and the skipped date, once each.
    const told = await db
      .select({ recipient: messages.recipient, params: messages.params })
      .from(messages)
      .where(eq(messages.template, "organisation_date_changed"))
      .orderBy(messages.id);
    expect(told).toEqual([
      {
        recipient: "meera@example.com",
        params: expect.objectContaining({
          site: "Block A",
          dueDate: "2027-03-10",
          movedTo: "2027-03-11",
          reason: "Holi",
        }),
      },
      {
        recipient: "meera@example.com",
        params: expect.objectContaining({
          dueDate: "2027-03-24",
          movedTo: null,
          reason: "Office shifting",
        }),
      },
    ]);
    const email = renderEmail(
      "organisation_date_changed",
      told[0]?.params as never,
      "en",
      testSite,
    );
    expect(email.subject).toBe(
      "Bagmane Tech Park, Block A: pickup of Wed, 10 Mar moved to Thu, 11 Mar",
    );
    expect(email.text).toContain("We are closed on Wed, 10 Mar (Holi)");
  });

  it("refuses a start in the past, a lead made into an account twice and an unknown lead, writing nothing", async () => {
    const db = handle.db;
    const organisationId = await createOrganisation(
      db,
      actor,
      { ...accountInput, name: "Refusals" },
      monday,
    );
    const before = { sites: await count("organisation_sites"), pickups: await count("pickups") };
    await expect(
      addSite(db, actor, organisationId, siteInput({ startsOn: "2027-02-28" }), monday),
    ).rejects.toMatchObject({ id: "dashboard.organisations.startsOnPassed", field: "startsOn" });
    await expect(addSite(db, actor, 999_999, siteInput(), monday)).rejects.toBeInstanceOf(
      OrganisationError,
    );
    expect(await count("organisation_sites")).toBe(before.sites);
    expect(await count("pickups")).toBe(before.pickups);

    const lead = await fileLead(
      db,
      {
        organisation: "Green Valley School",
        kind: "school",
        sites: 1,
        pinCode: "560034",
        kgPerWeek: 60,
        services: ["scrap_pickups"],
        name: "Anita Rao",
        phone: "+919845066666",
        email: null,
        message: "",
      },
      { now: monday, language: "en", alertEmail: null },
    );
    const accounts = await count("organisations");
    await createOrganisation(
      db,
      actor,
      { ...accountInput, name: "Green Valley School", leadId: lead.id },
      monday,
    );
    await expect(
      createOrganisation(db, actor, { ...accountInput, name: "Twice", leadId: lead.id }, monday),
    ).rejects.toMatchObject({ id: "dashboard.organisations.leadHasAccount", status: 409 });
    await expect(
      createOrganisation(db, actor, { ...accountInput, name: "Nobody", leadId: 999_999 }, monday),
    ).rejects.toMatchObject({ status: 404 });
    expect(await count("organisations")).toBe(accounts + 1);
    const [won] = await db
      .select({ status: leads.status })
      .from(leads)
      .where(eq(leads.id, lead.id));
    expect(won?.status).toBe("won");
  });
});

describe("the organisation pages", () => {
  const today = todayInKolkata(new Date());

  it("make an account from a lead, add a weekly site and list its four booked pickups", async () => {
    const db = handle.db;
    const office = await signedInStaff(db, "staff");
    const lead = await fileLead(
      db,
      {
        organisation: "Sobha Dream Acres",
        kind: "housing_society",
        sites: 2,
        pinCode: "560087",
        kgPerWeek: 400,
        services: ["scrap_pickups"],
        name: "Kiran Shetty",
        phone: "+919845077777",
        email: "kiran@example.com",
        message: "",
      },
      { now: new Date(), language: "kn", alertEmail: null },
    );
    const form = (await callRoute(
      newOrganisationRoute.loader as Handler,
      `http://localhost/dashboard/organisations/new?lead=${lead.id}`,
      { cookie: office.cookie },
    )) as { values: Record<string, string> };
    expect(form.values).toMatchObject({
      name: "Sobha Dream Acres",
      contactEmail: "kiran@example.com",
    });

    const made = await callRoute(
      newOrganisationRoute.action as Handler,
      "http://localhost/dashboard/organisations/new",
      {
        cookie: office.cookie,
        form: { ...form.values, reward: "coupon", payoutDetails: "" },
      },
    );
    const location = (made as Response).headers.get("Location") ?? "";
    expect(location).toMatch(/^\/dashboard\/organisations\/[0-9]+\?created=1$/);
    const id = Number(location.split("/")[3]?.split("?")[0]);
    const url = `http://localhost/dashboard/organisations/${id}`;
    const site = {
      intent: "add-site",
      siteName: "Phase 1",
      addressLine1: "Sobha Dream Acres, Phase 1",
      addressLine2: "",
      city: "Bengaluru",
      pinCode: "560087",
      contactName: "Estate office",
      contactPhone: "98450 88888",
      frequency: "weekly",
      weekday: "7",
      slotStart: "09:00",
      startsOn: addDays(today, 1),
    };
    const added = await callRoute(organisationRoute.action as Handler, url, {
      cookie: office.cookie,
      form: site,
      params: { id: String(id) },
    });
    expect(statusOf(added), JSON.stringify(added)).toBe(302);
    expect((added as Response).headers.get("Location")).toBe(
      `/dashboard/organisations/${id}?added=1`,
    );
    const page = (await callRoute(organisationRoute.loader as Handler, url, {
      cookie: office.cookie,
      params: { id: String(id) },
    })) as {
      sites: { name: string; schedule: string }[];
      dates: { outcome: string; reference: string | null }[];
    };
    expect(page.sites).toEqual([
      expect.objectContaining({ name: "Phase 1", schedule: "Every week on Sunday, from 09:00" }),
    ]);
    expect(page.dates).toHaveLength(4);
    expect(
      page.dates.every((row) => row.outcome === "booked" && /^PU-/.test(row.reference ?? "")),
    ).toBe(true);
    const [account] = await db.select().from(organisations).where(eq(organisations.id, id));
    expect(account).toMatchObject({
      leadId: lead.id,
      reward: "coupon",
      createdBy: office.user.email,
    });

    // Change details: a refused e-mail opens the form again; a good one reaches the open pickups.
    const edit = (fields: Record<string, string>) =>
      callRoute(organisationRoute.action as Handler, url, {
        cookie: office.cookie,
        params: { id: String(id) },
        form: {
          intent: "edit",
          name: "Sobha Dream Acres RWA",
          kind: "housing_society",
          contactName: "Anil Kumar",
          contactPhone: "98450 99999",
          reward: "money",
          payoutDetails: "sobharwa@okicici",
          ...fields,
        },
      });
    const badEdit = await edit({ contactEmail: "anil@" });
    expect(statusOf(badEdit)).toBe(400);
    expect(errorsOf(badEdit).contactEmail).toMatch(/name@example.com/);
    expect((badEdit as { data: { form: string } }).data.form).toBe("edit");
    const saved = await edit({ contactEmail: "Anil@Example.com" });
    expect((saved as Response).headers.get("Location")).toBe(
      `/dashboard/organisations/${id}?saved=4`,
    );
    const open = await db
      .select({ name: pickups.name, email: pickups.email, reward: pickups.rewardPreference })
      .from(sitePickupDates)
      .innerJoin(pickups, eq(pickups.id, sitePickupDates.pickupId))
      .innerJoin(organisationSites, eq(organisationSites.id, sitePickupDates.siteId))
      .where(eq(organisationSites.organisationId, id));
    expect(open).toHaveLength(4);
    for (const row of open) {
      expect(row).toEqual({
        name: "Sobha Dream Acres RWA, Phase 1",
        email: "anil@example.com",
        reward: "money",
      });
    }
    const [edited] = await db.select().from(organisations).where(eq(organisations.id, id));
    expect(edited).toMatchObject({
      leadId: lead.id,
      contactName: "Anil Kumar",
      payoutDetails: "sobharwa@okicici",
    });
  });

  it("refuse bad fields next to them and a collector, with nothing written", async () => {
    const db = handle.db;
    const office = await signedInStaff(db, "staff");
    const before = await count("organisations");
    const refused = await callRoute(
      newOrganisationRoute.action as Handler,
      "http://localhost/dashboard/organisations/new",
      {
        cookie: office.cookie,
        form: {
          name: "",
          kind: "castle",
          contactName: "",
          contactPhone: "12345",
          contactEmail: "no",
          reward: "money",
          payoutDetails: "",
        },
      },
    );
    expect(statusOf(refused)).toBe(400);
    expect(errorsOf(refused)).toMatchObject({
      name: "Enter the organisation's name.",
      kind: "Choose the type of organisation.",
      contactName: "Enter the contact's name.",
      payoutDetails: "Enter the UPI ID or bank account where money goes.",
    });
    expect(errorsOf(refused).contactPhone).toBeTruthy();
    expect(errorsOf(refused).contactEmail).toBeTruthy();
    expect(await count("organisations")).toBe(before);

    const id = await createOrganisation(db, actor, { ...accountInput, name: "Pages" }, new Date());
    const url = `http://localhost/dashboard/organisations/${id}`;
    const sites = await count("organisation_sites");
    const bad = await callRoute(organisationRoute.action as Handler, url, {
      cookie: office.cookie,
      params: { id: String(id) },
      form: {
        intent: "add-site",
        siteName: "",
        pinCode: "012345",
        frequency: "daily",
        weekday: "8",
        slotStart: "08:00",
        startsOn: "2020-01-01",
      },
    });
    expect(statusOf(bad)).toBe(400);
    expect(Object.keys(errorsOf(bad)).sort()).toEqual(
      [
        "addressLine1",
        "city",
        "contactName",
        "contactPhone",
        "frequency",
        "pinCode",
        "siteName",
        "slotStart",
        "weekday",
      ].sort(),
    );
    const past = await callRoute(organisationRoute.action as Handler, url, {
      cookie: office.cookie,
      params: { id: String(id) },
      form: {
        intent: "add-site",
        siteName: "Old",
        addressLine1: "1 MG Road",
        city: "Bengaluru",
        pinCode: "560001",
        contactName: "Desk",
        contactPhone: "9845099999",
        frequency: "monthly",
        weekday: "1",
        slotStart: "09:00",
        startsOn: addDays(today, -1),
      },
    });
    expect(statusOf(past)).toBe(422);
    expect(errorsOf(past).startsOn).toMatch(/has passed/);
    const collector = await signedInStaff(db, "collector");
    const refusedCollector = await callRoute(organisationRoute.action as Handler, url, {
      cookie: collector.cookie,
      params: { id: String(id) },
      form: { intent: "stop", site: "1", confirm: "yes" },
    });
    expect(statusOf(refusedCollector)).toBe(403);
    expect(await count("organisation_sites")).toBe(sites);
    const unstopped = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(sitePickupDates)
      .where(and(eq(sitePickupDates.outcome, "booked")));
    expect(Number(unstopped[0]?.n)).toBeGreaterThan(0);
  });
});
