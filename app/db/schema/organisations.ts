/**
 * Tie-ups with organisations (docs/corporate.md): an office, a housing society, a school or a
 * shop asks on /corporate for regular scrap collection, plant care or bio-waste management, and
 * its enquiry reaches staff as a lead. Staff call the contact, keep a note and mark the lead
 * contacted, won or lost; every change is an audit row ('lead.*').
 */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { languages } from "../../i18n/languages";
import { pickups } from "./pickups";

/** What kind of organisation asks (docs/corporate.md "The enquiry"). */
export const organisationKinds = ["office", "housing_society", "school", "shop"] as const;
export type OrganisationKind = (typeof organisationKinds)[number];

/**
 * The services an organisation may ask for (spec §1: "regular scrap collection and plant interior
 * decoration, with bio-waste management"): scheduled scrap pickups, plants placed and looked
 * after, and wet-waste composting.
 */
export const leadServices = ["scrap_pickups", "plant_care", "bio_waste"] as const;
export type LeadService = (typeof leadServices)[number];

/** Where a lead stands: new until staff act; contacted; then won or lost (closed). */
export const leadStatuses = ["new", "contacted", "won", "lost"] as const;
export type LeadStatus = (typeof leadStatuses)[number];

export const leads = pgTable(
  "leads",
  {
    id: serial("id").primaryKey(),
    /** "LD-XXXXXX": the number the contact quotes (app/utils/codes.server.ts humanReference). */
    reference: text("reference").notNull().unique(),
    organisation: text("organisation").notNull(),
    kind: text("kind", { enum: organisationKinds }).notNull(),
    /** How many sites (offices, blocks, branches) the organisation wants served, 1 to 999. */
    sites: integer("sites").notNull(),
    /** The main site's PIN code, six digits. */
    pinCode: text("pin_code").notNull(),
    /** Scrap the organisation expects a week, whole kilograms (0: none, plant care only). */
    kgPerWeek: integer("kg_per_week").notNull(),
    /** At least one of leadServices, in that order. */
    services: text("services").array().$type<LeadService[]>().notNull(),
    contactName: text("contact_name").notNull(),
    /** E.164 Indian mobile, +91XXXXXXXXXX. */
    contactPhone: text("contact_phone").notNull(),
    /** Lower-cased or null; the acknowledgement e-mail goes to it. */
    contactEmail: text("contact_email"),
    /** The contact's own words ('' for none). */
    message: text("message").notNull().default(""),
    /** The language of the page it was sent from: its acknowledgement is in it. */
    language: text("language", { enum: languages }).notNull().default("en"),
    /** Keyed hash of the client address (evidence without the address itself). */
    clientKeyHash: text("client_key_hash"),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
    status: text("status", { enum: leadStatuses }).notNull().default("new"),
    /** Staff's working note, English. */
    note: text("note").notNull().default(""),
    /** When and by whom (staff e-mail) the status last changed; null while new. */
    statusChangedAt: timestamp("status_changed_at", { withTimezone: true }),
    statusChangedBy: text("status_changed_by"),
  },
  (t) => [
    check("leads_kind_valid", sql`${t.kind} in ('office', 'housing_society', 'school', 'shop')`),
    check("leads_status_valid", sql`${t.status} in ('new', 'contacted', 'won', 'lost')`),
    check("leads_sites_range", sql`${t.sites} between 1 and 999`),
    check("leads_kg_range", sql`${t.kgPerWeek} between 0 and 100000`),
    check("leads_pin_code_format", sql`${t.pinCode} ~ '^[1-9][0-9]{5}$'`),
    check(
      "leads_services_valid",
      sql`cardinality(${t.services}) between 1 and 3 and ${t.services} <@ array['scrap_pickups', 'plant_care', 'bio_waste']::text[]`,
    ),
    check("leads_language_valid", sql`${t.language} in ('en', 'hi', 'kn')`),
    check("leads_message_length", sql`char_length(${t.message}) <= 1000`),
    // The dashboard list (open first, oldest first) and the overview's count of open leads.
    index("leads_list_idx").on(t.status, t.receivedAt, t.id),
  ],
);

/**
 * How an organisation is rewarded for its scrap (docs/corporate.md "Organisation accounts"):
 * money to its bank account or UPI ID, or coupons for its members.
 */
export const organisationRewards = ["money", "coupon"] as const;
export type OrganisationReward = (typeof organisationRewards)[number];

/** How often a site's scrap is picked up (docs/corporate.md "Recurring pickups"). */
export const scheduleFrequencies = ["weekly", "fortnightly", "monthly"] as const;
export type ScheduleFrequency = (typeof scheduleFrequencies)[number];

/**
 * An organisation account, made by staff from a lead (or without one): its contact receives the
 * pickups' messages and, later, the monthly statements.
 */
export const organisations = pgTable(
  "organisations",
  {
    id: serial("id").primaryKey(),
    /** The lead it was made from; a lead makes at most one account. Null once the lead is deleted. */
    leadId: integer("lead_id")
      .unique()
      .references(() => leads.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    kind: text("kind", { enum: organisationKinds }).notNull(),
    contactName: text("contact_name").notNull(),
    /** E.164 Indian mobile, +91XXXXXXXXXX. */
    contactPhone: text("contact_phone").notNull(),
    /** Lower-cased: pickups' messages and statements go to it. */
    contactEmail: text("contact_email").notNull(),
    reward: text("reward", { enum: organisationRewards }).notNull(),
    /** Where money goes (a UPI ID or bank account and IFSC), as staff wrote it; '' for coupons. */
    payoutDetails: text("payout_details").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    createdBy: text("created_by").notNull(),
  },
  (t) => [
    check(
      "organisations_kind_valid",
      sql`${t.kind} in ('office', 'housing_society', 'school', 'shop')`,
    ),
    check("organisations_reward_valid", sql`${t.reward} in ('money', 'coupon')`),
    check(
      "organisations_payout_details",
      sql`(${t.reward} = 'money') = (char_length(${t.payoutDetails}) between 1 and 200)`,
    ),
    index("organisations_name_idx").on(t.name, t.id),
  ],
);

/**
 * A site of an organisation (a block, an office, a branch): its address, its own contact, and
 * its recurring pickup schedule, whose dates the scheduler books ahead
 * (app/features/corporate/site-pickups.server.ts).
 */
export const organisationSites = pgTable(
  "organisation_sites",
  {
    id: serial("id").primaryKey(),
    organisationId: integer("organisation_id")
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    /** What staff and the collector call it, e.g. "Tower B" or "Indiranagar office". */
    name: text("name").notNull(),
    addressLine1: text("address_line1").notNull(),
    addressLine2: text("address_line2").notNull().default(""),
    city: text("city").notNull(),
    pinCode: text("pin_code").notNull(),
    contactName: text("contact_name").notNull(),
    contactPhone: text("contact_phone").notNull(),
    frequency: text("frequency", { enum: scheduleFrequencies }).notNull(),
    /** ISO weekday of the pickups: 1 Monday … 7 Sunday. */
    weekday: integer("weekday").notNull(),
    /** Slot start as HH:MM in Asia/Kolkata, one of the configured pickup slots. */
    slotStart: text("slot_start").notNull(),
    /** The first day the schedule may fall on (Asia/Kolkata). */
    startsOn: date("starts_on", { mode: "string" }).notNull(),
    /** False once staff stop the schedule: nothing more is booked for it. */
    active: boolean("active").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "organisation_sites_frequency_valid",
      sql`${t.frequency} in ('weekly', 'fortnightly', 'monthly')`,
    ),
    check("organisation_sites_weekday_range", sql`${t.weekday} between 1 and 7`),
    check("organisation_sites_slot_format", sql`${t.slotStart} ~ '^[0-2][0-9]:[0-5][0-9]$'`),
    check("organisation_sites_pin_code_format", sql`${t.pinCode} ~ '^[1-9][0-9]{5}$'`),
    index("organisation_sites_organisation_idx").on(t.organisationId, t.id),
  ],
);

/** What the scheduler did with one date of a site's schedule. */
export const scheduleOutcomes = ["booked", "moved", "skipped"] as const;
export type ScheduleOutcome = (typeof scheduleOutcomes)[number];

/**
 * One date a site's schedule named, and the pickup booked for it: on that date ('booked'), on a
 * later open day because the shop closed that one ('moved'), or none ('skipped', no open day
 * before the next date). The primary key makes generation idempotent: a run killed half-way and
 * run again books exactly the dates still missing.
 */
export const sitePickupDates = pgTable(
  "site_pickup_dates",
  {
    siteId: integer("site_id")
      .notNull()
      .references(() => organisationSites.id, { onDelete: "cascade" }),
    /** The date the schedule named (Asia/Kolkata). */
    dueDate: date("due_date", { mode: "string" }).notNull(),
    outcome: text("outcome", { enum: scheduleOutcomes }).notNull(),
    /** The pickup booked; null when skipped (or if staff deleted it). */
    pickupId: integer("pickup_id").references(() => pickups.id, { onDelete: "set null" }),
    /** Why it moved or was skipped (the closed day's reason); '' when booked as named. */
    note: text("note").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.siteId, t.dueDate] }),
    check("site_pickup_dates_outcome_valid", sql`${t.outcome} in ('booked', 'moved', 'skipped')`),
    index("site_pickup_dates_pickup_idx").on(t.pickupId),
  ],
);

/**
 * A registered recycler the shop hands a material stream to (E-Waste (Management) Rules 2022:
 * bulk consumers' e-waste only to registered recyclers; Solid Waste Management Rules 2026: bulk
 * waste generators show where their waste went). Its registration number is printed on the
 * certificates of collection as staff entered it; the shop claims no registration of its own.
 */
export const recyclers = pgTable(
  "recyclers",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    /** As issued, e.g. a CPCB EPR portal or State Pollution Control Board number. */
    registration: text("registration").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    createdBy: text("created_by").notNull(),
  },
  (t) => [
    check("recyclers_name_length", sql`char_length(${t.name}) between 1 and 120`),
    check("recyclers_registration_length", sql`char_length(${t.registration}) between 3 and 60`),
  ],
);

/** The documents of an organisation's month: one statement, one certificate per site. */
export const organisationDocumentKinds = ["statement", "certificate"] as const;
export type OrganisationDocumentKind = (typeof organisationDocumentKinds)[number];

/** A material stream on a certificate: kilograms and the recycler it went to. */
export interface CertificateStream {
  stream: string;
  grams: number;
  recycler: string;
  registration: string;
}

/** A pickup on a statement: its day, site, kilograms by material, value and payout. */
export interface StatementPickup {
  reference: string;
  day: string;
  site: string;
  grams: number;
  materials: { name: string; grams: number }[];
  valuePaise: number;
  paidPaise: number;
}

/** What a document says, kept as issued (the PDF is drawn from it, every time the same). */
export type OrganisationDocumentContent =
  | {
      kind: "statement";
      organisation: string;
      month: string;
      reward: OrganisationReward;
      pickups: StatementPickup[];
      byMaterial: { name: string; grams: number; valuePaise: number }[];
      totalGrams: number;
      totalValuePaise: number;
      totalPaidPaise: number;
    }
  | {
      kind: "certificate";
      organisation: string;
      month: string;
      site: string;
      address: string;
      pickups: number;
      streams: CertificateStream[];
      totalGrams: number;
    };

/**
 * The issued monthly documents (docs/corporate.md "Monthly statement and certificates"): kept
 * as issued, found by an unguessable token from the link e-mailed to the contact.
 */
export const organisationDocuments = pgTable(
  "organisation_documents",
  {
    id: serial("id").primaryKey(),
    organisationId: integer("organisation_id")
      .notNull()
      .references(() => organisations.id, { onDelete: "cascade" }),
    /** The site of a certificate; null for the statement. */
    siteId: integer("site_id").references(() => organisationSites.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: organisationDocumentKinds }).notNull(),
    /** "YYYY-MM", a month that has ended (Asia/Kolkata). */
    month: text("month").notNull(),
    /** The link's secret (app/utils/codes.server.ts unguessableToken). */
    token: text("token").notNull().unique(),
    content: jsonb("content").$type<OrganisationDocumentContent>().notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
    issuedBy: text("issued_by").notNull(),
  },
  (t) => [
    check("organisation_documents_kind_valid", sql`${t.kind} in ('statement', 'certificate')`),
    check("organisation_documents_month_format", sql`${t.month} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check(
      "organisation_documents_site_for_certificates",
      sql`(${t.kind} = 'certificate') = (${t.siteId} is not null)`,
    ),
    // One statement per organisation and month; one certificate per site and month.
    uniqueIndex("organisation_documents_one_idx").on(
      t.organisationId,
      t.month,
      t.kind,
      sql`coalesce(${t.siteId}, 0)`,
    ),
  ],
);
