/**
 * Staff accounts and their database sessions (docs/dashboard.md). The column set is the one the
 * authentication library (better-auth, with its admin plugin) reads and writes; the tables are
 * prefixed `staff_` because shoppers never have accounts here. Roles: 'admin' | 'staff' |
 * 'collector' (a collector sees only the route sheet and the pickups assigned to them;
 * docs/exchange.md).
 */
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const staffRoles = ["admin", "staff", "collector"] as const;
export type StaffRole = (typeof staffRoles)[number];

/** The languages a staff member's collector screens can be in (docs/languages.md). */
export const staffLanguages = ["en", "hi", "kn"] as const;

export const staffUsers = pgTable(
  "staff_user",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    /** Stored lower-case; the login identifier. */
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    role: text("role", { enum: staffRoles }).notNull().default("staff"),
    /**
     * Optional Indian mobile number, `+91XXXXXXXXXX`, set by an admin on the Staff page. A
     * collector's number is the call link on the customer's tracking page from 'On my way'
     * until the collection (docs/exchange.md "The customer's tracking page").
     */
    phone: text("phone"),
    /** A disabled account: the admin plugin's "banned" flag. */
    banned: boolean("banned").notNull().default(false),
    banReason: text("ban_reason"),
    banExpires: timestamp("ban_expires", { withTimezone: true }),
    /**
     * The language of the collector's screens (route sheet, weigh sheet): 'en' | 'hi' | 'kn',
     * English by default; set by the staff member or an admin (docs/languages.md "Staff
     * language"). The rest of the dashboard stays English.
     */
    language: text("language", { enum: staffLanguages }).notNull().default("en"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("staff_user_role_valid", sql`${t.role} in ('admin', 'staff', 'collector')`),
    check(
      "staff_user_phone_format",
      sql`${t.phone} is null or ${t.phone} ~ '^\\+91[6-9][0-9]{9}$'`,
    ),
    check("staff_user_language_valid", sql`${t.language} in ('en', 'hi', 'kn')`),
  ],
);

export const staffSessions = pgTable(
  "staff_session",
  {
    id: text("id").primaryKey(),
    /** Idle expiry: pushed forward while the session is used (8 h idle timeout). */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    impersonatedBy: text("impersonated_by"),
  },
  (t) => [index("staff_session_user_idx").on(t.userId)],
);

export const staffAccounts = pgTable(
  "staff_account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    /** Password hash (scrypt, by the library); never read by our code. */
    password: text("password"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("staff_account_user_idx").on(t.userId)],
);

export const staffVerifications = pgTable("staff_verification", {
  id: text("id").primaryKey(),
  identifier: text("identifier").notNull(),
  value: text("value").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Failed staff logins, counted per account and per client address, that make further attempts
 * wait (app/features/staff/login-throttle.server.ts; docs/dashboard.md "Login"). One row per
 * key while its failures are remembered; a successful login deletes its account's row, and the
 * scheduler's 'prune-login-throttle' job deletes rows whose last failure is over a day old. In
 * the database on both drivers, so several servers on one PostgreSQL share the counts.
 */
export const staffLoginThrottle = pgTable(
  "staff_login_throttle",
  {
    /** `account:<e-mail, lower-case>` or `address:<client key>` (an IPv6 client as its /64). */
    key: text("key").primaryKey(),
    /** Failed attempts since the count was last forgotten or reset. */
    failures: integer("failures").notNull(),
    lastFailureAt: timestamp("last_failure_at", { withTimezone: true }).notNull(),
    /** No attempt with this key is checked before this time. */
    blockedUntil: timestamp("blocked_until", { withTimezone: true }).notNull(),
  },
  (t) => [
    check("staff_login_throttle_failures_positive", sql`${t.failures} > 0`),
    index("staff_login_throttle_last_failure_idx").on(t.lastFailureAt),
  ],
);

export type StaffUserRow = typeof staffUsers.$inferSelect;
