/**
 * Every setting the running app reads, validated once at start from the environment. Anything
 * invalid stops the server with one line naming the variable and what is wrong, instead of
 * failing (or being silently ignored) later on a request. docs/configuration.md documents each
 * variable, its default and an example (tests/documentation.test.ts checks it against
 * {@link settingNames} and the defaults here); this schema is the one place that reads them.
 *
 * - Server: PORT (default 3000), HOST (default 127.0.0.1), NODE_ENV (`npm start` defaults it to
 *   production, see docs/decisions/0002-production-mode-and-secrets.md), LOG_LEVEL (default
 *   info), TRUST_PROXY (Express `trust proxy`: hop count, true/false, or addresses and names).
 * - Data: DATA_DIR (default ./data), DATABASE_URL (postgres://…, optional), SESSION_SECRET
 *   (docs/decisions/0002-production-mode-and-secrets.md).
 * - Community: REVIEWS_REQUIRE_APPROVAL (true/false, default false).
 * - Pickups: PICKUP_WINDOW_DAYS (bookable days counting today, 1–90, default 14),
 *   PICKUP_SLOT_CAPACITY (active bookings per date and slot, 1–1000, default 8),
 *   PICKUP_PIN_PREFIXES (comma-separated serviceable PIN code prefixes such as "560,5700";
 *   unset serves every PIN code). docs/pickups.md describes the rules they feed.
 * - Exchange (docs/exchange.md): PICKUP_CHARGE_BELOW_MINIMUM_PAISE (deducted from a weigh sheet
 *   under the 15 kg minimum, 0–100000 paise, default 0), COUPON_BONUS_PERCENT (added to a coupon
 *   or plant reward, 0–100, default 10), COUPON_VALID_DAYS (1–3650, default 180),
 *   WEIGH_SHEET_APPROVAL_ABOVE_PAISE (a weigh sheet whose reward value is above it waits for an
 *   admin's approval before the customer can confirm it; 0–100000000 paise, default 1000000 =
 *   ₹10,000).
 * - Messages (docs/messages.md): PUBLIC_URL (the site's address in links inside messages, default
 *   http://localhost:PORT), SMTP_URL (smtp:// or smtps://user:pass@host:port; unset skips
 *   e-mail), MAIL_FROM (default "Scrap & Sprout <no-reply@localhost>"), SHOP_ALERT_EMAIL (staff
 *   alerts and the daily digest; unset skips them), WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID
 *   (both or none; none skips WhatsApp), WHATSAPP_API_BASE (default https://graph.facebook.com),
 *   MESSAGES_DISPATCHER (on/off, default on: off leaves pending messages unsent).
 * - Operations (docs/operations.md): BACKUP_KEEP (nightly backups kept, 1–365, default 14),
 *   PAYMENT_PENDING_MINUTES (an online payment still pending after this is expired and its stock
 *   returned, 5–1440, default 30), RETENTION_INACTIVE_DAYS (a customer inactive this many days
 *   has their personal data erased, 30–3650, default 1095; docs/accounts.md "Retention"),
 *   OPEN_PICKUPS_PER_CONTACT (open pickups one phone number or
 *   e-mail may hold, 1–100, default 3), UNCONFIRMED_COD_ORDERS_PER_PHONE (unconfirmed cash on
 *   delivery orders one phone number may hold before the next is refused, 1–100, default 3),
 *   COD_CONFIRM_ABOVE_PAISE (a cash-on-delivery order above this total, from a phone that never
 *   entered a code, waits for the customer's code; 0–100000000 paise, default 200000 = ₹2,000)
 *   and COD_CONFIRM_MINUTES (how long it waits before it is cancelled, 10–1440, default 120;
 *   docs/shop.md "Confirming a cash-on-delivery order"),
 *   METRICS_TOKEN (bearer token for GET /metrics, ≥ 16 characters; unset: /metrics answers 404),
 *   DATABASE_CONNECT_TIMEOUT_SECONDS (how long a start keeps retrying an unreachable PostgreSQL,
 *   0–3600, default 60), HEALTH_MIN_FREE_MB (/healthz answers 503 below this free space in
 *   DATA_DIR, 0–100000, default 50), PAGE_CACHE_MB (memory for stored
 *   public pages, 0–1024, default 32; 0 turns the page store off), PAGE_CACHE_SECONDS (a stored
 *   page is rendered again at the latest after this, 1–3600, default 60;
 *   docs/operations.md "Page store").
 * - Grievances (docs/accounts.md "Notice, consent and grievances"): GRIEVANCE_OFFICER_NAME,
 *   GRIEVANCE_OFFICER_EMAIL, GRIEVANCE_OFFICER_PHONE and GRIEVANCE_OFFICER_ADDRESS, the person the
 *   grievance page names (Digital Personal Data Protection Act 2023 s.8(9)–(10)); the defaults
 *   are the shop's support contact, and an unset name shows the role ("Grievance officer").
 * - Shop (docs/shop.md "Delivery window"): DELIVERY_DAYS_MIN and DELIVERY_DAYS_MAX (calendar days
 *   after the order in Asia/Kolkata between which an order is expected to arrive, 0–60, defaults
 *   2 and 5; the minimum may not exceed the maximum).
 * - Online payment (docs/decisions/0009-online-payment-razorpay.md): RAZORPAY_KEY_ID,
 *   RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET (all three or none: with none, the shop offers
 *   cash on delivery only) and RAZORPAY_API_BASE (default https://api.razorpay.com; tests point
 *   it at a fake on 127.0.0.1).
 *
 * Test, benchmark and browser-test tooling (CHROMIUM_PATH, TEST_DATABASE_URL, E2E_DATABASE_URL,
 * BENCH_DATABASE_URL…) read their own variables; the app never does.
 */
import net from "node:net";
import path from "node:path";
import { z } from "zod";

/**
 * Defaults of the pickup settings, in the units of {@link Env.pickups}. The pickups feature
 * builds its default configuration from these too, so the numbers live here once.
 */
export const pickupDefaults = { windowDays: 14, slotCapacity: 8 } as const;

/** Defaults of the shop settings, in the units of {@link Env.shop}. */
export const shopDefaults = { deliveryDaysMin: 2, deliveryDaysMax: 5 } as const;

/** Defaults of the exchange settings, in the units of {@link Env.exchange}. */
export const exchangeDefaults = {
  pickupChargeBelowMinimumPaise: 0,
  couponBonusPercent: 10,
  couponValidDays: 180,
  approvalAbovePaise: 1_000_000,
} as const;

/**
 * The grievance officer's contact on a fresh install: the shop's support contact
 * (app/features/site/site-config.ts); without GRIEVANCE_OFFICER_NAME the page names the role.
 */
export const grievanceDefaults = {
  email: "support@scrapandsprout.in",
  phone: "+91 98450 12345",
  address: "Scrap & Sprout, Bengaluru, Karnataka 560001, India",
} as const;

/** Defaults of the operations settings, in the units of {@link Env.operations}. */
export const operationsDefaults = {
  backupKeep: 14,
  paymentPendingMinutes: 30,
  retentionInactiveDays: 1095,
  openPickupsPerContact: 3,
  unconfirmedCodOrdersPerPhone: 3,
  codConfirmAbovePaise: 200_000,
  codConfirmMinutes: 120,
  databaseConnectTimeoutSeconds: 60,
  healthMinFreeMb: 50,
  pageCacheMb: 32,
  pageCacheSeconds: 60,
} as const;

/** A whole number within [min, max]; anything else is refused with a message naming `name`. */
function wholeNumber(name: string, min: number, max: number) {
  const message = `${name} must be a whole number from ${min} to ${max}`;
  return z.coerce
    .number({ error: message })
    .int({ error: message })
    .min(min, { error: message })
    .max(max, { error: message });
}

/** An Indian PIN code prefix: 1–6 digits, not starting with 0. */
const PIN_PREFIX = /^[1-9][0-9]{0,5}$/;

const pinPrefixes = z.string().transform((value, context) => {
  const prefixes = value
    .split(",")
    .map((prefix) => prefix.trim())
    .filter((prefix) => prefix !== "");
  const bad = prefixes.find((prefix) => !PIN_PREFIX.test(prefix));
  if (bad !== undefined) {
    context.addIssue({
      code: "custom",
      message: `PICKUP_PIN_PREFIXES must be comma-separated PIN code prefixes of 1-6 digits not starting with 0 (e.g. 560,5700); ${JSON.stringify(bad)} is not one`,
    });
    return z.NEVER;
  }
  return prefixes;
});

/** Names Express's `trust proxy` accepts for address ranges. */
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = "", mask, ...rest] = entry.split("/");
  if (rest.length > 0 || net.isIP(address) === 0) return false;
  return mask === undefined || /^\d{1,3}$/.test(mask) || net.isIP(mask) === 4;
}

/**
 * TRUST_PROXY as Express's `trust proxy` setting (https://expressjs.com/en/guide/behind-proxies.html):
 * a whole number is the count of proxy hops to trust ("1": the one in front), true/false
 * trusts every or no proxy, anything else is a comma-separated list of addresses, subnets
 * (10.0.0.0/8) and the names loopback, linklocal, uniquelocal, passed on as written.
 */
const trustProxy = z.string().transform((value, context): number | boolean | string => {
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  if (trimmed === "true") return true;
  if (trimmed === "false") return false;
  const entries = trimmed.split(",").map((entry) => entry.trim());
  if (entries.every(isProxyAddress)) return trimmed;
  context.addIssue({
    code: "custom",
    message:
      "TRUST_PROXY must be a hop count (e.g. 1), true, false, or comma-separated addresses, subnets or loopback/linklocal/uniquelocal",
  });
  return z.NEVER;
});

const schema = z.object({
  NODE_ENV: z.enum(["production", "development", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must start with postgres:// or postgresql://")
    .optional(),
  SESSION_SECRET: z.string().min(32, "SESSION_SECRET must be at least 32 characters").optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  REVIEWS_REQUIRE_APPROVAL: z
    .enum(["true", "false"], { error: "REVIEWS_REQUIRE_APPROVAL must be true or false" })
    .default("false")
    .transform((value) => value === "true"),
  TRUST_PROXY: trustProxy.optional(),
  PICKUP_WINDOW_DAYS: wholeNumber("PICKUP_WINDOW_DAYS", 1, 90).default(pickupDefaults.windowDays),
  PICKUP_SLOT_CAPACITY: wholeNumber("PICKUP_SLOT_CAPACITY", 1, 1000).default(
    pickupDefaults.slotCapacity,
  ),
  PICKUP_PIN_PREFIXES: pinPrefixes.default([]),
  PICKUP_CHARGE_BELOW_MINIMUM_PAISE: wholeNumber(
    "PICKUP_CHARGE_BELOW_MINIMUM_PAISE",
    0,
    100_000,
  ).default(exchangeDefaults.pickupChargeBelowMinimumPaise),
  COUPON_BONUS_PERCENT: wholeNumber("COUPON_BONUS_PERCENT", 0, 100).default(
    exchangeDefaults.couponBonusPercent,
  ),
  COUPON_VALID_DAYS: wholeNumber("COUPON_VALID_DAYS", 1, 3650).default(
    exchangeDefaults.couponValidDays,
  ),
  WEIGH_SHEET_APPROVAL_ABOVE_PAISE: wholeNumber(
    "WEIGH_SHEET_APPROVAL_ABOVE_PAISE",
    0,
    100_000_000,
  ).default(exchangeDefaults.approvalAbovePaise),
  PUBLIC_URL: z
    .url({
      protocol: /^https?$/,
      error: "PUBLIC_URL must be an http(s) URL such as https://shop.example",
    })
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, "SMTP_URL must look like smtp://user:pass@host:587 or smtps://…")
    .optional(),
  MAIL_FROM: z.string().min(3).max(200).default("Scrap & Sprout <no-reply@localhost>"),
  SHOP_ALERT_EMAIL: z.email({ error: "SHOP_ALERT_EMAIL must be an e-mail address" }).optional(),
  WHATSAPP_TOKEN: z.string().min(8, "WHATSAPP_TOKEN is too short").optional(),
  WHATSAPP_PHONE_NUMBER_ID: z
    .string()
    .regex(/^[0-9]{5,20}$/, "WHATSAPP_PHONE_NUMBER_ID must be the numeric id of the sending number")
    .optional(),
  MESSAGES_DISPATCHER: z
    .enum(["on", "off"], { error: "MESSAGES_DISPATCHER must be on or off" })
    .default("on"),
  WHATSAPP_API_BASE: z
    .url({
      protocol: /^https?$/,
      error: "WHATSAPP_API_BASE must be an http(s) URL such as https://graph.facebook.com",
    })
    .default("https://graph.facebook.com"),
  BACKUP_KEEP: wholeNumber("BACKUP_KEEP", 1, 365).default(operationsDefaults.backupKeep),
  PAYMENT_PENDING_MINUTES: wholeNumber("PAYMENT_PENDING_MINUTES", 5, 1440).default(
    operationsDefaults.paymentPendingMinutes,
  ),
  RETENTION_INACTIVE_DAYS: wholeNumber("RETENTION_INACTIVE_DAYS", 30, 3650).default(
    operationsDefaults.retentionInactiveDays,
  ),
  OPEN_PICKUPS_PER_CONTACT: wholeNumber("OPEN_PICKUPS_PER_CONTACT", 1, 100).default(
    operationsDefaults.openPickupsPerContact,
  ),
  UNCONFIRMED_COD_ORDERS_PER_PHONE: wholeNumber("UNCONFIRMED_COD_ORDERS_PER_PHONE", 1, 100).default(
    operationsDefaults.unconfirmedCodOrdersPerPhone,
  ),
  COD_CONFIRM_ABOVE_PAISE: wholeNumber("COD_CONFIRM_ABOVE_PAISE", 0, 100_000_000).default(
    operationsDefaults.codConfirmAbovePaise,
  ),
  COD_CONFIRM_MINUTES: wholeNumber("COD_CONFIRM_MINUTES", 10, 1440).default(
    operationsDefaults.codConfirmMinutes,
  ),
  DELIVERY_DAYS_MIN: wholeNumber("DELIVERY_DAYS_MIN", 0, 60).default(shopDefaults.deliveryDaysMin),
  DELIVERY_DAYS_MAX: wholeNumber("DELIVERY_DAYS_MAX", 0, 60).default(shopDefaults.deliveryDaysMax),
  METRICS_TOKEN: z.string().min(16, "METRICS_TOKEN must be at least 16 characters").optional(),
  DATABASE_CONNECT_TIMEOUT_SECONDS: wholeNumber(
    "DATABASE_CONNECT_TIMEOUT_SECONDS",
    0,
    3600,
  ).default(operationsDefaults.databaseConnectTimeoutSeconds),
  HEALTH_MIN_FREE_MB: wholeNumber("HEALTH_MIN_FREE_MB", 0, 100_000).default(
    operationsDefaults.healthMinFreeMb,
  ),
  PAGE_CACHE_MB: wholeNumber("PAGE_CACHE_MB", 0, 1024).default(operationsDefaults.pageCacheMb),
  PAGE_CACHE_SECONDS: wholeNumber("PAGE_CACHE_SECONDS", 1, 3600).default(
    operationsDefaults.pageCacheSeconds,
  ),
  GRIEVANCE_OFFICER_NAME: z.string().trim().min(2).max(120).optional(),
  GRIEVANCE_OFFICER_EMAIL: z
    .email({ error: "GRIEVANCE_OFFICER_EMAIL must be an e-mail address" })
    .default(grievanceDefaults.email),
  GRIEVANCE_OFFICER_PHONE: z
    .string()
    .regex(/^\+?[0-9][0-9 -]{5,20}$/, "GRIEVANCE_OFFICER_PHONE must be a phone number")
    .default(grievanceDefaults.phone),
  GRIEVANCE_OFFICER_ADDRESS: z.string().trim().min(5).max(300).default(grievanceDefaults.address),
  RAZORPAY_KEY_ID: z
    .string()
    .regex(
      /^rzp_(test|live)_[A-Za-z0-9]{6,40}$/,
      "RAZORPAY_KEY_ID must look like rzp_test_… or rzp_live_…",
    )
    .optional(),
  RAZORPAY_KEY_SECRET: z.string().min(8, "RAZORPAY_KEY_SECRET is too short").optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().min(8, "RAZORPAY_WEBHOOK_SECRET is too short").optional(),
  RAZORPAY_API_BASE: z
    .url({
      protocol: /^https?$/,
      error: "RAZORPAY_API_BASE must be an http(s) URL such as https://api.razorpay.com",
    })
    .default("https://api.razorpay.com"),
});

/** The name of every variable the schema reads, in its order (docs/configuration.md). */
export const settingNames: readonly string[] = Object.keys(schema.shape);

/** Razorpay settings when online payment is enabled. */
export interface RazorpayConfig {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Origin of the Razorpay API, without a trailing slash. */
  apiBase: string;
}

/** The pickup settings (see the module comment for ranges and defaults). */
export interface PickupSettings {
  /** Bookable days counting today. */
  windowDays: number;
  /** Active bookings (requested or confirmed) allowed per date and slot. */
  slotCapacity: number;
  /** Serviceable PIN code prefixes; empty serves every PIN code. */
  pinPrefixes: string[];
}

/** The shop's settings (see the module comment for ranges and defaults). */
export interface ShopSettings {
  /** An order is expected to arrive from this many calendar days after it was placed… */
  deliveryDaysMin: number;
  /** …up to this many (Asia/Kolkata calendar days; docs/shop.md "Delivery window"). */
  deliveryDaysMax: number;
}

/** Where messages go out (docs/messages.md); a channel left null is skipped with a reason. */
export interface MessageSettings {
  /** The site's origin for links in messages, without a trailing slash. */
  publicUrl: string;
  /** Null: e-mail is skipped ("SMTP_URL is not set"). */
  smtpUrl: string | null;
  mailFrom: string;
  /** Null: staff alerts and the digest are skipped. */
  shopAlertEmail: string | null;
  /** Null: WhatsApp is skipped. */
  whatsapp: { token: string; phoneNumberId: string; apiBase: string } | null;
}

/** The exchange loop's settings (see the module comment for ranges and defaults). */
export interface ExchangeSettings {
  /** Deducted from a weigh sheet whose total is under the 15 kg minimum, paise. */
  pickupChargeBelowMinimumPaise: number;
  /** Bonus on a coupon or plant reward, percent of the payout. */
  couponBonusPercent: number;
  /** Days a coupon stays valid after it is issued. */
  couponValidDays: number;
  /** A weigh sheet whose reward value is above this waits for an admin's approval, paise. */
  approvalAbovePaise: number;
}

/** Operations settings (see the module comment for ranges and defaults; docs/operations.md). */
export interface OperationsSettings {
  /** Nightly backups kept in DATA_DIR/backups. */
  backupKeep: number;
  /** Minutes after which a pending online payment expires and its stock returns. */
  paymentPendingMinutes: number;
  /**
   * Days without activity after which a customer's personal data is erased by the
   * 'erase-inactive-customers' job (docs/accounts.md "Retention").
   */
  retentionInactiveDays: number;
  /** Open pickups (requested, confirmed) one phone number or e-mail may hold. */
  openPickupsPerContact: number;
  /** Unconfirmed ('placed' or awaiting the customer's code) cash on delivery orders one phone number may hold. */
  unconfirmedCodOrdersPerPhone: number;
  /**
   * A cash-on-delivery order above this total (paise) from a phone never verified by a code
   * waits for the customer's code (docs/shop.md "Confirming a cash-on-delivery order").
   */
  codConfirmAbovePaise: number;
  /** Minutes such an order waits before the 'cancel-unconfirmed-orders' job cancels it. */
  codConfirmMinutes: number;
  /** Bearer token for GET /metrics; null: /metrics is not served. */
  metricsToken: string | null;
  /** Seconds a start keeps retrying an unreachable PostgreSQL. */
  databaseConnectTimeoutSeconds: number;
  /** /healthz answers 503 below this many free bytes in DATA_DIR. */
  healthMinFreeBytes: number;
  /** Upper bound of the public page store (server/page-cache.ts), bytes; 0: no store. */
  pageCacheBytes: number;
  /** A stored page is rendered again at the latest after this many seconds. */
  pageCacheSeconds: number;
}

export type Env = z.infer<typeof schema> & {
  /** DATA_DIR as an absolute path. */
  dataDir: string;
  isProduction: boolean;
  pickups: PickupSettings;
  shop: ShopSettings;
  exchange: ExchangeSettings;
  messages: MessageSettings;
  operations: OperationsSettings;
  /** Null when the three Razorpay variables are unset: cash on delivery only. */
  razorpay: RazorpayConfig | null;
};

const RAZORPAY_KEYS = [
  "RAZORPAY_KEY_ID",
  "RAZORPAY_KEY_SECRET",
  "RAZORPAY_WEBHOOK_SECRET",
] as const;

/** Thrown when the environment is invalid; its message is one line for the operator. */
export class EnvError extends Error {
  override name = "EnvError";
}

/**
 * Parses an environment object (process.env by default).
 * @throws EnvError with a one-line reason when a variable is invalid.
 */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ""),
  );
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    const issue = result.error.issues[0];
    const key = issue?.path.join(".") ?? "environment";
    throw new EnvError(`Invalid ${key}: ${issue?.message ?? "invalid value"}`);
  }
  const env = result.data;
  const isProduction = env.NODE_ENV === "production";
  if (isProduction && env.DATABASE_URL && !env.SESSION_SECRET) {
    throw new EnvError(
      "SESSION_SECRET is required when NODE_ENV=production and DATABASE_URL is set (several servers must share it)",
    );
  }
  const missing = RAZORPAY_KEYS.filter((key) => !env[key]);
  if (missing.length > 0 && missing.length < RAZORPAY_KEYS.length) {
    throw new EnvError(
      `Online payment needs RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET together; missing: ${missing.join(", ")} (unset all three for cash on delivery only)`,
    );
  }
  const razorpay =
    env.RAZORPAY_KEY_ID && env.RAZORPAY_KEY_SECRET && env.RAZORPAY_WEBHOOK_SECRET
      ? {
          keyId: env.RAZORPAY_KEY_ID,
          keySecret: env.RAZORPAY_KEY_SECRET,
          webhookSecret: env.RAZORPAY_WEBHOOK_SECRET,
          apiBase: env.RAZORPAY_API_BASE.replace(/\/+$/, ""),
        }
      : null;
  const pickups = {
    windowDays: env.PICKUP_WINDOW_DAYS,
    slotCapacity: env.PICKUP_SLOT_CAPACITY,
    pinPrefixes: env.PICKUP_PIN_PREFIXES,
  };
  if (Boolean(env.WHATSAPP_TOKEN) !== Boolean(env.WHATSAPP_PHONE_NUMBER_ID)) {
    throw new EnvError(
      "WhatsApp needs WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID together (unset both to skip WhatsApp)",
    );
  }
  const messages: MessageSettings = {
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
    smtpUrl: env.SMTP_URL ?? null,
    mailFrom: env.MAIL_FROM,
    shopAlertEmail: env.SHOP_ALERT_EMAIL ?? null,
    whatsapp:
      env.WHATSAPP_TOKEN && env.WHATSAPP_PHONE_NUMBER_ID
        ? {
            token: env.WHATSAPP_TOKEN,
            phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID,
            apiBase: env.WHATSAPP_API_BASE.replace(/\/+$/, ""),
          }
        : null,
  };
  if (env.DELIVERY_DAYS_MIN > env.DELIVERY_DAYS_MAX) {
    throw new EnvError(
      `DELIVERY_DAYS_MIN (${env.DELIVERY_DAYS_MIN}) must not be more than DELIVERY_DAYS_MAX (${env.DELIVERY_DAYS_MAX})`,
    );
  }
  const shop: ShopSettings = {
    deliveryDaysMin: env.DELIVERY_DAYS_MIN,
    deliveryDaysMax: env.DELIVERY_DAYS_MAX,
  };
  const exchange = {
    pickupChargeBelowMinimumPaise: env.PICKUP_CHARGE_BELOW_MINIMUM_PAISE,
    couponBonusPercent: env.COUPON_BONUS_PERCENT,
    couponValidDays: env.COUPON_VALID_DAYS,
    approvalAbovePaise: env.WEIGH_SHEET_APPROVAL_ABOVE_PAISE,
  };
  const operations: OperationsSettings = {
    backupKeep: env.BACKUP_KEEP,
    paymentPendingMinutes: env.PAYMENT_PENDING_MINUTES,
    retentionInactiveDays: env.RETENTION_INACTIVE_DAYS,
    openPickupsPerContact: env.OPEN_PICKUPS_PER_CONTACT,
    unconfirmedCodOrdersPerPhone: env.UNCONFIRMED_COD_ORDERS_PER_PHONE,
    codConfirmAbovePaise: env.COD_CONFIRM_ABOVE_PAISE,
    codConfirmMinutes: env.COD_CONFIRM_MINUTES,
    metricsToken: env.METRICS_TOKEN ?? null,
    databaseConnectTimeoutSeconds: env.DATABASE_CONNECT_TIMEOUT_SECONDS,
    healthMinFreeBytes: env.HEALTH_MIN_FREE_MB * 1024 * 1024,
    pageCacheBytes: env.PAGE_CACHE_MB * 1024 * 1024,
    pageCacheSeconds: env.PAGE_CACHE_SECONDS,
  };
  return {
    ...env,
    dataDir: path.resolve(env.DATA_DIR),
    isProduction,
    pickups,
    shop,
    exchange,
    messages,
    operations,
    razorpay,
  };
}

let cached: Env | undefined;

/** The process environment, parsed once. @throws EnvError */
export function env(): Env {
  cached ??= parseEnv();
  return cached;
}
