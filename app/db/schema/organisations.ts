/**
 * Tie-ups with organisations (docs/corporate.md): an office, a housing society, a school or a
 * shop asks on /corporate for regular scrap collection, plant care or bio-waste management, and
 * its enquiry reaches staff as a lead. Staff call the contact, keep a note and mark the lead
 * contacted, won or lost; every change is an audit row ('lead.*').
 */
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { languages } from "../../i18n/languages";

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
