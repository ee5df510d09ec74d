/**
 * Environment, validated once at boot (DESIGN §3 "Env"). Anything invalid stops the server
 * with a one-line reason instead of failing later on a request.
 *
 * Variables: PORT (default 3000), HOST (default 127.0.0.1), DATA_DIR (default ./data),
 * DATABASE_URL (postgres://…, optional), SESSION_SECRET (see docs/decisions/0002),
 * LOG_LEVEL (default info), REVIEWS_REQUIRE_APPROVAL (default false), NODE_ENV;
 * online payment (issue 7): RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET (all
 * three or none: with none, the shop offers cash on delivery only) and RAZORPAY_API_BASE
 * (default https://api.razorpay.com; tests point it at a fake on 127.0.0.1).
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

/** Razorpay settings when online payment is enabled (issue 7 item 1). */
export interface RazorpayConfig {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /** Origin of the Razorpay API, without a trailing slash. */
  apiBase: string;
}

export type Env = z.infer<typeof schema> & {
  dataDir: string;
  isProduction: boolean;
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
  return { ...env, dataDir: path.resolve(env.DATA_DIR), isProduction, razorpay };
}

let cached: Env | undefined;

/** The process environment, parsed once. @throws EnvError */
export function env(): Env {
  cached ??= parseEnv();
  return cached;
}
