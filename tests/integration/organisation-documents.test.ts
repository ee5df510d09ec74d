/**
 * An organisation's monthly documents (docs/corporate.md "Monthly statement and certificates"):
 * a housing society's weekly site has its four March pickups booked, weighed (paper and
 * plastic) and confirmed, one paid; in April staff issue March's statement and the site's
 * certificate of collection. The PDFs' text lists the kilograms by stream, the recycler and its
 * registration number, and the statement's pickups and totals; the contact's e-mail carries
 * both links; the public link serves the PDF and an unknown one is 404. A month still running,
 * a month with nothing collected, a stream without a recycler and a month issued twice are
 * refused with nothing written. Staff holding the organisation's signed paper slip confirm a
 * scheduled pickup's weigh sheet from the pickup page; a customer's pickup and an empty slip are
 * refused.
 */
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { messages } from "~/db/schema/messages";
import { organisationDocuments, sitePickupDates } from "~/db/schema/organisations";
import { pickups } from "~/db/schema/pickups";
import {
  issueMonthDocuments,
  monthFigures,
  recyclerField,
} from "~/features/corporate/month-documents.server";
import { addSite, createOrganisation } from "~/features/corporate/organisations.server";
import { addRecycler } from "~/features/corporate/recyclers.server";
import { confirmWeighSheetByToken } from "~/features/exchange/confirmation.server";
import { recordPayout } from "~/features/payouts/payouts.server";
import * as monthRoute from "~/routes/dashboard/organisation-month";
import * as pickupRoute from "~/routes/dashboard/pickup";
import * as documentRoute from "~/routes/organisation-document";
import { kolkataInstant } from "~/utils/dates";
import { exchangeDefaults } from "~/utils/env.server";
import { pdfText } from "../support/documents/pdf-text";
import { callRoute, errorsOf, signedInStaff, statusOf } from "../support/factories/staff";
import { addSheetVersion, weighedPickup } from "../support/factories/weighed-pickups";
import { queryRows, testDatabaseForFile } from "../support/processes/test-database";

const handle = testDatabaseForFile({ seeded: true });
const actor = { email: "office@example.com" };
/** Monday 1 March 2027 10:00 IST, when the site is added. */
const march = kolkataInstant("2027-03-01", "10:00");
/** Friday 2 April 2027, when March's documents are issued. */
const april = kolkataInstant("2027-04-02", "11:00");

type Handler = (args: never) => Promise<unknown>;

async function documentCount(): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    handle.db,
    sql`select count(*)::int as n from organisation_documents`,
  );
  return Number(row?.n);
}

async function pdfOf(
  token: string,
): Promise<{ status: number; type: string | null; text: string }> {
  const answer = await callRoute(
    documentRoute.loader as Handler,
    `http://localhost/organisation-documents/${token}`,
    {
      params: { token },
    },
  );
  if (!(answer instanceof Response)) return { status: statusOf(answer), type: null, text: "" };
  const bytes = new Uint8Array(await answer.arrayBuffer());
  return {
    status: answer.status,
    type: answer.headers.get("Content-Type"),
    text: answer.status === 200 ? await pdfText(bytes) : "",
  };
}

describe("a month's statement and certificate", () => {
  it("lists the kilograms by stream with the recycler's registration, e-mails the links, and refuses what cannot be issued", async () => {
    const db = handle.db;
    const organisationId = await createOrganisation(
      db,
      actor,
      {
        leadId: null,
        name: "Prestige Lakeside Residents' Association",
        kind: "housing_society",
        contactName: "Meera Iyer",
        contactPhone: "+919845044444",
        contactEmail: "meera@example.com",
        reward: "money",
        payoutDetails: "prestigelakeside@okhdfc",
      },
      march,
    );
    const siteId = await addSite(
      db,
      actor,
      organisationId,
      {
        siteName: "Tower B",
        addressLine1: "Prestige Lakeside, Tower B",
        addressLine2: "",
        city: "Bengaluru",
        pinCode: "560087",
        contactName: "Security desk",
        contactPhone: "+919845055555",
        frequency: "weekly",
        weekday: 6,
        slotStart: "09:00",
        startsOn: "2027-03-01",
      },
      march,
    );
    const booked = await db
      .select({ id: pickups.id, token: pickups.trackingToken, reference: pickups.reference })
      .from(sitePickupDates)
      .innerJoin(pickups, eq(pickups.id, sitePickupDates.pickupId))
      .where(eq(sitePickupDates.siteId, siteId))
      .orderBy(sitePickupDates.dueDate);
    expect(booked).toHaveLength(4);
    // Each Saturday: 12.5 kg newspaper and 2 kg soft plastic (the 1st and 7th materials).
    for (const pickup of booked) {
      await addSheetVersion(db, pickup.id, { grams: [12_500, 1, 1, 1, 1, 1, 2_000] });
      await confirmWeighSheetByToken(db, pickup.token, 1, kolkataInstant("2027-03-27", "12:00"), {
        ...exchangeDefaults,
      });
    }
    const first = booked[0];
    if (!first) throw new Error("no pickup");
    const [paidPickup] = await db.select().from(pickups).where(eq(pickups.id, first.id));
    expect(paidPickup?.status).toBe("collected");
    await recordPayout(
      db,
      first.id,
      { method: "upi", reference: "412345678901", paidAt: kolkataInstant("2027-03-29", "10:00") },
      (await signedInStaff(db, "staff")).user,
      april,
    );

    const figures = await monthFigures(db, organisationId, "2027-03");
    expect(figures.pickups).toHaveLength(4);
    expect(figures.totalGrams).toBe(4 * 14_505);
    const [site] = figures.sites;
    expect(site?.streams.map((stream) => [stream.stream, stream.grams])).toEqual([
      ["Paper", 4 * 12_505],
      ["Plastic", 4 * 2_000],
    ]);
    const paper = recyclerField(siteId, site?.streams[0]?.streamId ?? 0);
    const plastic = recyclerField(siteId, site?.streams[1]?.streamId ?? 0);
    await addRecycler(db, actor, {
      recyclerName: "Saahas Zero Waste",
      registration: "KSPCB/AUTH/2026/4411",
    });
    await addRecycler(db, actor, {
      recyclerName: "Banyan Nation",
      registration: "CPCB-PWM-PWP-0093",
    });
    const [saahas, banyan] = await queryRows<{ id: number }>(
      db,
      sql`select id from recyclers order by id`,
    );
    const choices = { [paper]: String(saahas?.id), [plastic]: String(banyan?.id) };

    // Refused, nothing written: a month still running, an empty month, a stream without a recycler.
    await expect(
      issueMonthDocuments(db, actor, organisationId, "2027-04", choices, april),
    ).rejects.toMatchObject({ id: "dashboard.organisations.monthRunning", field: "month" });
    await expect(
      issueMonthDocuments(db, actor, organisationId, "2027-02", choices, april),
    ).rejects.toMatchObject({ id: "dashboard.organisations.monthEmpty" });
    await expect(
      issueMonthDocuments(
        db,
        actor,
        organisationId,
        "2027-03",
        { [paper]: String(saahas?.id) },
        april,
      ),
    ).rejects.toMatchObject({ id: "dashboard.organisations.recyclerRequired", field: plastic });
    expect(await documentCount()).toBe(0);

    expect(await issueMonthDocuments(db, actor, organisationId, "2027-03", choices, april)).toBe(2);
    await expect(
      issueMonthDocuments(db, actor, organisationId, "2027-03", choices, april),
    ).rejects.toMatchObject({ id: "dashboard.organisations.monthIssued", status: 409 });
    expect(await documentCount()).toBe(2);

    const documents = await db
      .select()
      .from(organisationDocuments)
      .where(eq(organisationDocuments.organisationId, organisationId))
      .orderBy(organisationDocuments.id);
    const [statementRow, certificateRow] = documents;
    const certificate = await pdfOf(certificateRow?.token ?? "");
    expect(certificate).toMatchObject({ status: 200, type: "application/pdf" });
    expect(certificate.text).toContain("Certificate of collection");
    expect(certificate.text).toContain(
      "Site: Tower B, Prestige Lakeside, Tower B, Bengaluru 560087",
    );
    expect(certificate.text).toContain("Month: March 2027 (4 pickups)");
    expect(certificate.text).toMatch(/Paper 50\.02 kg Saahas Zero Waste KSPCB\/AUTH\/2026\/4411/);
    expect(certificate.text).toMatch(/Plastic 8 kg Banyan Nation CPCB-PWM-PWP-0093/);
    expect(certificate.text).toContain("Total collected: 58.02 kg");

    const statement = await pdfOf(statementRow?.token ?? "");
    expect(statement.text).toContain("Monthly statement of scrap pickups");
    expect(statement.text).toContain("Organisation: Prestige Lakeside Residents' Association");
    for (const pickup of booked) expect(statement.text).toContain(pickup.reference);
    expect(statement.text).toContain("Total weight: 58.02 kg");
    expect(statement.text).toMatch(/Newspaper and books 50 kg/);

    const [mail] = await db
      .select()
      .from(messages)
      .where(eq(messages.template, "organisation_documents"));
    expect(mail).toMatchObject({ channel: "email", recipient: "meera@example.com" });
    expect(JSON.stringify(mail?.params)).toContain(
      `/organisation-documents/${certificateRow?.token}`,
    );
    expect(JSON.stringify(mail?.params)).toContain(
      `/organisation-documents/${statementRow?.token}`,
    );

    expect((await pdfOf("x".repeat(43))).status).toBe(404);
    expect((await pdfOf("../etc/passwd")).status).toBe(404);
  });
});

describe("a weigh sheet confirmed with the organisation's signed paper slip", () => {
  it("confirms a scheduled pickup's pending sheet from the pickup page, and refuses a customer's pickup and an empty slip", async () => {
    const db = handle.db;
    const office = await signedInStaff(db, "staff");
    const organisationId = await createOrganisation(
      db,
      actor,
      {
        leadId: null,
        name: "Bagmane Tech Park",
        kind: "office",
        contactName: "Facilities desk",
        contactPhone: "+919845066666",
        contactEmail: "facilities@example.com",
        reward: "coupon",
        payoutDetails: "",
      },
      march,
    );
    const siteId = await addSite(
      db,
      actor,
      organisationId,
      {
        siteName: "Block C",
        addressLine1: "Bagmane Tech Park, Block C",
        addressLine2: "",
        city: "Bengaluru",
        pinCode: "560093",
        contactName: "Ravi (security desk)",
        contactPhone: "+919845077777",
        frequency: "monthly",
        weekday: 2,
        slotStart: "11:00",
        startsOn: "2027-03-01",
      },
      march,
    );
    const [scheduled] = await db
      .select({ id: pickups.id })
      .from(sitePickupDates)
      .innerJoin(pickups, eq(pickups.id, sitePickupDates.pickupId))
      .where(eq(sitePickupDates.siteId, siteId));
    if (!scheduled) throw new Error("nothing booked");
    await addSheetVersion(db, scheduled.id, { grams: [20_000] });
    const customer = await weighedPickup(db);
    const url = (id: number) => `http://localhost/dashboard/pickups/${id}`;
    const post = (id: number, form: Record<string, string>) =>
      callRoute(pickupRoute.action as Handler, url(id), {
        cookie: office.cookie,
        params: { id: String(id) },
        form: { intent: "paper-slip", ...form },
      });

    const page = (await callRoute(pickupRoute.loader as Handler, url(scheduled.id), {
      cookie: office.cookie,
      params: { id: String(scheduled.id) },
    })) as { organisationSite: { organisation: string; site: string } | null };
    expect(page.organisationSite).toMatchObject({
      organisation: "Bagmane Tech Park",
      site: "Block C",
    });

    const empty = await post(scheduled.id, { version: "1", slip: "  " });
    expect(statusOf(empty)).toBe(422);
    expect(
      (empty as { data: { fieldErrors: Record<string, string> } }).data.fieldErrors.slip,
    ).toMatch(/which signed slip/);
    const notOrganisation = await post(customer.pickup.id, { version: "1", slip: "Slip 0412" });
    expect(statusOf(notOrganisation)).toBe(409);
    const sheetsBefore = await queryRows<{ status: string }>(
      db,
      sql`select status from weigh_sheets where pickup_id in (${scheduled.id}, ${customer.pickup.id})`,
    );
    expect(sheetsBefore.map((row) => row.status)).toEqual(["pending", "pending"]);

    const done = await post(scheduled.id, {
      version: "1",
      slip: "Slip 0412, signed by Ravi (security desk)",
    });
    expect((done as Response).headers.get("Location")).toBe(
      `/dashboard/pickups/${scheduled.id}?done=paper-slip`,
    );
    const [sheet] = await queryRows<{
      status: string;
      confirmed_via: string;
      resolution_note: string;
    }>(
      db,
      sql`select status, confirmed_via, resolution_note from weigh_sheets where pickup_id = ${scheduled.id}`,
    );
    expect(sheet).toEqual({
      status: "confirmed",
      confirmed_via: "paper slip",
      resolution_note: "Signed paper slip: Slip 0412, signed by Ravi (security desk)",
    });
    const [after] = await db
      .select({ status: pickups.status })
      .from(pickups)
      .where(eq(pickups.id, scheduled.id));
    expect(after?.status).toBe("collected");
    const coupons = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from coupons where pickup_id = ${scheduled.id}`,
    );
    expect(Number(coupons[0]?.n)).toBe(1);
    // Again (a double submit): the sheet is decided, nothing more is issued.
    expect(statusOf(await post(scheduled.id, { version: "1", slip: "Slip 0412" }))).toBe(409);
  });
});

describe("the registered recyclers on the month page", () => {
  it("adds one, refuses a registration number twice and bad fields next to them, and never echoes a bad month", async () => {
    const db = handle.db;
    const office = await signedInStaff(db, "staff");
    const id = await createOrganisation(
      db,
      actor,
      {
        leadId: null,
        name: "Green Valley School",
        kind: "school",
        contactName: "Anita Rao",
        contactPhone: "+919845088888",
        contactEmail: "anita@example.com",
        reward: "coupon",
        payoutDetails: "",
      },
      march,
    );
    const post = (form: Record<string, string>) =>
      callRoute(
        monthRoute.action as Handler,
        `http://localhost/dashboard/organisations/${id}/month`,
        {
          cookie: office.cookie,
          params: { id: String(id) },
          form: { intent: "add-recycler", ...form },
        },
      );
    const added = await post({
      recyclerName: "E-Parisaraa",
      registration: "KSPCB-EW-2026-0101",
      month: "x\r\nSet-Cookie: a=b",
    });
    expect((added as Response).headers.get("Location")).toBe(
      `/dashboard/organisations/${id}/month`,
    );
    const twice = await post({
      recyclerName: "Another",
      registration: "KSPCB-EW-2026-0101",
      month: "2027-03",
    });
    expect(statusOf(twice)).toBe(409);
    expect(errorsOf(twice).registration).toMatch(/on the list already/);
    const bad = await post({ recyclerName: " ", registration: "x", month: "2027-03" });
    expect(statusOf(bad)).toBe(400);
    expect(Object.keys(errorsOf(bad)).sort()).toEqual(["recyclerName", "registration"]);
    const rows = await queryRows<{ name: string }>(
      db,
      sql`select name from recyclers where registration = 'KSPCB-EW-2026-0101'`,
    );
    expect(rows).toEqual([{ name: "E-Parisaraa" }]);
  });
});
