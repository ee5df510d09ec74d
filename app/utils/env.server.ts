/**
 * Environment, validated once at boot (DESIGN §3 "Env"). Anything invalid stops the server
 * with a one-line reason instead of failing later on a request.
 *
 * Variables: PORT (default 3000), HOST (default 127.0.0.1), DATA_DIR (default ./data),
 * DATABASE_URL (postgres://…, optional), SESSION_SECRET (see docs/decisions/0002),
 * LOG_LEVEL (default info), REVIEWS_REQUIRE_APPROVAL (default false), NODE_ENV.
 */
import path from "node:path";
import { z } from "zod";

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
});

export type Env = z.infer<typeof schema> & { dataDir: string; isProduction: boolean };

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
  return { ...env, dataDir: path.resolve(env.DATA_DIR), isProduction };
}

let cached: Env | undefined;

/** The process environment, parsed once. @throws EnvError */
export function env(): Env {
  cached ??= parseEnv();
  return cached;
}
