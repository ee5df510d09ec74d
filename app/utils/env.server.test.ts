import path from "node:path";
import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env.server";

describe("parseEnv", () => {
  it("gives the documented defaults", () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.HOST).toBe("127.0.0.1");
    expect(env.dataDir).toBe(path.resolve("./data"));
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.isProduction).toBe(false);
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

  it("enables Razorpay only with all three keys, and refuses some of them with a one-line reason (issue 7)", () => {
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
