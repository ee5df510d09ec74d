/**
 * Consent records and grievances (docs/accounts.md "Notice, consent and grievances"; Digital
 * Personal Data Protection Act 2023 s.6 consent and its withdrawal, s.8(10) and s.13 grievance
 * redressal; DPDP Rules 2025 rule 3 notice, rule 14 grievances).
 *
 * A consent row is one person's consent to one optional purpose under one version of the privacy
 * notice: who (phone and/or e-mail), what (purpose), under which notice (`notice_version`),
 * when (`given_at`, `withdrawn_at`) and how (`how`, `withdrawn_how`), with the client address
 * hashed (`client_key_hash`) as evidence that does not keep the address itself.
 *
 * A grievance is a complaint or a data-rights request filed on /grievance; staff acknowledge it
 * within 48 hours (Consumer Protection (E-Commerce) Rules 2020, rule 4(5)) and resolve it.
 */
import { sql } from "drizzle-orm";
import { check, index, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { languages } from "../../i18n/languages";

/** The optional purposes a consent row can be for (docs/accounts.md: only the newsletter). */
export const consentPurposes = ["newsletter"] as const;
export type ConsentPurpose = (typeof consentPurposes)[number];

export const consents = pgTable(
  "consents",
  {
    id: serial("id").primaryKey(),
    /** E.164, +91XXXXXXXXXX; null when the consent was given with an e-mail address only. */
    phone: text("phone"),
    /** Lower-cased; null when given with a phone only. */
    email: text("email"),
    purpose: text("purpose", { enum: consentPurposes }).notNull(),
    /** The privacy notice's version the person was shown (NOTICE_VERSION, e.g. "2026-11-27"). */
    noticeVersion: text("notice_version").notNull(),
    givenAt: timestamp("given_at", { withTimezone: true }).notNull(),
    /** e.g. "checkbox on Join us" or "Join us form and confirmation link". */
    how: text("how").notNull(),
    /** HMAC-SHA256 (hex) of the client address under the session secret; null when unknown. */
    clientKeyHash: text("client_key_hash"),
    withdrawnAt: timestamp("withdrawn_at", { withTimezone: true }),
    /** e.g. "account page" or "unsubscribe link"; set with `withdrawn_at`. */
    withdrawnHow: text("withdrawn_how"),
  },
  (t) => [
    check("consents_purpose_valid", sql`${t.purpose} in ('newsletter')`),
    check("consents_someone", sql`${t.phone} is not null or ${t.email} is not null`),
    check("consents_withdrawn_how", sql`(${t.withdrawnAt} is null) = (${t.withdrawnHow} is null)`),
    // The account page's list: a phone's and its e-mail addresses' consents.
    index("consents_phone_idx").on(t.phone),
    index("consents_email_idx").on(t.email),
  ],
);

/** What a grievance is about: the data rights, then the shop's services, then anything else. */
export const grievanceTopics = [
  "access",
  "correct",
  "erase",
  "consent",
  "nominate",
  "service",
  "other",
] as const;
export type GrievanceTopic = (typeof grievanceTopics)[number];

export const grievances = pgTable(
  "grievances",
  {
    id: serial("id").primaryKey(),
    /** "GR-XXXXXX": the number the person quotes (app/utils/codes.server.ts humanReference). */
    ticket: text("ticket").notNull().unique(),
    name: text("name").notNull(),
    /** E.164 or null; at least one of phone and e-mail is given. */
    phone: text("phone"),
    /** Lower-cased or null. */
    email: text("email"),
    topic: text("topic", { enum: grievanceTopics }).notNull(),
    details: text("details").notNull(),
    /** The language of the page it was filed on: its acknowledgement e-mail is in it. */
    language: text("language", { enum: languages }).notNull().default("en"),
    clientKeyHash: text("client_key_hash"),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
    acknowledgedAt: timestamp("acknowledged_at", { withTimezone: true }),
    /** The staff member's e-mail. */
    acknowledgedBy: text("acknowledged_by"),
    /** Staff's working note, English; every change is an audit row. */
    note: text("note").notNull().default(""),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolvedBy: text("resolved_by"),
  },
  (t) => [
    check("grievances_someone", sql`${t.phone} is not null or ${t.email} is not null`),
    check(
      "grievances_topic_valid",
      sql`${t.topic} in ('access', 'correct', 'erase', 'consent', 'nominate', 'service', 'other')`,
    ),
    check("grievances_language_valid", sql`${t.language} in ('en', 'hi', 'kn')`),
    check("grievances_details_length", sql`char_length(${t.details}) between 1 and 2000`),
    // The dashboard list: open first, oldest first within each.
    index("grievances_list_idx").on(t.resolvedAt, t.receivedAt, t.id),
    // The overview's count of grievances not acknowledged within 48 hours.
    index("grievances_unacknowledged_idx")
      .on(t.receivedAt)
      .where(sql`${t.acknowledgedAt} is null and ${t.resolvedAt} is null`),
  ],
);
