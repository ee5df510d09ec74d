import path from "node:path";
import express from "express";
import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env.server";

/** The EnvError message `parseEnv(source)` throws; fails the test when it does not throw. */
function refusal(source: Record<string, string>): string {
  try {
    parseEnv(source);
  } catch (error) {
    expect(error).toBeInstanceOf(EnvError);
    return (error as EnvError).message;
  }
  throw new Error(`parseEnv accepted ${JSON.stringify(source)}`);
}

describe("parseEnv", () => {
  it("gives the documented defaults", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.HOST).toBe("127.0.0.1");
    expect(env.dataDir).toBe(path.resolve("./data"));
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.isProduction).toBe(false);
    expect(env.NODE_ENV).toBe("development");
    expect(env.LOG_LEVEL).toBe("info");
    expect(env.SESSION_SECRET).toBeUndefined();
    expect(env.TRUST_PROXY).toBeUndefined();
    expect(env.REVIEWS_REQUIRE_APPROVAL).toBe(false);
    expect(env.pickups).toEqual({ windowDays: 14, slotCapacity: 8, pinPrefixes: [] });
    expect(env.razorpay).toBeNull();
  });
  it("treats empty values as unset", () => {
    expect(parseEnv({ PORT: "", DATABASE_URL: "" }).PORT).toBe(3000);
  });
  it("refuses a bad PORT or DATABASE_URL with a one-line reason", () => {
    expect(() => parseEnv({ PORT: "eighty" })).toThrow(EnvError);
    expect(() => parseEnv({ PORT: "70000" })).toThrow(/PORT/);
    expect(() => parseEnv({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL must start/);
  });
  it("requires SESSION_SECRET in production on PostgreSQL, where servers must share it", () => {
    expect(() =>
      parseEnv({ NODE_ENV: "production", DATABASE_URL: "postgres://app@localhost/app" }),
    ).toThrow(/SESSION_SECRET is required/);
    expect(
      parseEnv({
        NODE_ENV: "production",
        DATABASE_URL: "postgres://app@localhost/app",
        SESSION_SECRET: "x".repeat(32),
      }).isProduction,
    ).toBe(true);
    expect(() => parseEnv({ SESSION_SECRET: "short" })).toThrow(/at least 32/);
  });

  it("refuses a bad NODE_ENV, LOG_LEVEL or REVIEWS_REQUIRE_APPROVAL, naming it", () => {
    expect(refusal({ NODE_ENV: "staging" })).toMatch(/^Invalid NODE_ENV: /);
    expect(refusal({ LOG_LEVEL: "loud" })).toMatch(/^Invalid LOG_LEVEL: /);
    expect(refusal({ REVIEWS_REQUIRE_APPROVAL: "yes" })).toBe(
      "Invalid REVIEWS_REQUIRE_APPROVAL: REVIEWS_REQUIRE_APPROVAL must be true or false",
    );
    expect(parseEnv({ REVIEWS_REQUIRE_APPROVAL: "true" }).REVIEWS_REQUIRE_APPROVAL).toBe(true);
  });

  it("reads the pickup settings, and refuses a bad one naming it instead of ignoring it", () => {
    expect(
      parseEnv({
        PICKUP_WINDOW_DAYS: "30",
        PICKUP_SLOT_CAPACITY: "12",
        PICKUP_PIN_PREFIXES: " 560, 5700 ,",
      }).pickups,
    ).toEqual({ windowDays: 30, slotCapacity: 12, pinPrefixes: ["560", "5700"] });
    expect(parseEnv({ PICKUP_WINDOW_DAYS: "90", PICKUP_SLOT_CAPACITY: "1000" }).pickups).toEqual({
      windowDays: 90,
      slotCapacity: 1000,
      pinPrefixes: [],
    });
    for (const value of ["abc", "0", "91", "2.5", "-3"]) {
      expect(refusal({ PICKUP_WINDOW_DAYS: value })).toBe(
        "Invalid PICKUP_WINDOW_DAYS: PICKUP_WINDOW_DAYS must be a whole number from 1 to 90",
      );
    }
    for (const value of ["abc", "0", "1001", "7.5"]) {
      expect(refusal({ PICKUP_SLOT_CAPACITY: value })).toBe(
        "Invalid PICKUP_SLOT_CAPACITY: PICKUP_SLOT_CAPACITY must be a whole number from 1 to 1000",
      );
    }
    for (const value of ["560,abc", "0560", "1234567", "560;570"]) {
      expect(refusal({ PICKUP_PIN_PREFIXES: value })).toMatch(
        /^Invalid PICKUP_PIN_PREFIXES: PICKUP_PIN_PREFIXES must be comma-separated PIN code prefixes/,
      );
    }
    expect(refusal({ PICKUP_PIN_PREFIXES: "560,5\n7" })).not.toContain("\n");
  });

  it("reads the delivery window, and refuses a minimum above the maximum", () => {
    expect(parseEnv({}).shop).toEqual({ deliveryDaysMin: 2, deliveryDaysMax: 5 });
    expect(parseEnv({ DELIVERY_DAYS_MIN: "0", DELIVERY_DAYS_MAX: "0" }).shop).toEqual({
      deliveryDaysMin: 0,
      deliveryDaysMax: 0,
    });
    expect(refusal({ DELIVERY_DAYS_MIN: "6" })).toBe(
      "DELIVERY_DAYS_MIN (6) must not be more than DELIVERY_DAYS_MAX (5)",
    );
    expect(refusal({ DELIVERY_DAYS_MAX: "61" })).toMatch(/DELIVERY_DAYS_MAX/);
  });

  it("reads TRUST_PROXY as Express's trust proxy value: a number is a hop count, as docs/configuration.md says", () => {
    expect(parseEnv({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: "loopback" }).TRUST_PROXY).toBe("loopback");
    expect(parseEnv({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(true);
    expect(parseEnv({ TRUST_PROXY: "10.0.0.0/8, 192.168.1.1, uniquelocal" }).TRUST_PROXY).toBe(
      "10.0.0.0/8, 192.168.1.1, uniquelocal",
    );
    // Before, the raw string "1" reached Express, which read it as the address 0.0.0.1.
    const app = express();
    app.set("trust proxy", parseEnv({ TRUST_PROXY: "1" }).TRUST_PROXY);
    const trusts = app.get("trust proxy fn") as (address: string, hop: number) => boolean;
    expect(trusts("203.0.113.7", 0)).toBe(true);
    expect(trusts("203.0.113.7", 1)).toBe(false);
    for (const value of ["yes", "10.0.0.0/8/8", "proxy.internal"]) {
      expect(refusal({ TRUST_PROXY: value })).toMatch(/^Invalid TRUST_PROXY: TRUST_PROXY must be/);
    }
  });

  it("enables Razorpay only with all three keys, and refuses some of them with a one-line reason", () => {
    expect(parseEnv({}).razorpay).toBeNull();
    const keys = {
      RAZORPAY_KEY_ID: "rzp_test_AbCdEf123456",
      RAZORPAY_KEY_SECRET: "key-secret-123",
      RAZORPAY_WEBHOOK_SECRET: "webhook-secret-123",
    };
    expect(parseEnv(keys).razorpay).toEqual({
      keyId: "rzp_test_AbCdEf123456",
      keySecret: "key-secret-123",
      webhookSecret: "webhook-secret-123",
      apiBase: "https://api.razorpay.com",
    });
    expect(
      parseEnv({ ...keys, RAZORPAY_API_BASE: "http://127.0.0.1:4010/" }).razorpay?.apiBase,
    ).toBe("http://127.0.0.1:4010");
    const partial = () =>
      parseEnv({ RAZORPAY_KEY_ID: keys.RAZORPAY_KEY_ID, RAZORPAY_WEBHOOK_SECRET: "" });
    expect(partial).toThrow(EnvError);
    expect(partial).toThrow(/missing: RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET/);
    try {
      partial();
    } catch (error) {
      expect((error as Error).message).not.toContain("\n");
    }
    expect(() => parseEnv({ ...keys, RAZORPAY_KEY_ID: "key_123" })).toThrow(
      /RAZORPAY_KEY_ID must look like/,
    );
    expect(() => parseEnv({ ...keys, RAZORPAY_API_BASE: "ftp://x" })).toThrow(/RAZORPAY_API_BASE/);
  });
});
