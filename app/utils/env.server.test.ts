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
});
