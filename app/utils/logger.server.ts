/**
 * The process's structured JSON logger (pino), shared by the HTTP server and React Router's
 * error hook. Cookies, authorization headers and Set-Cookie are never written.
 */
import pino from "pino";
import { env } from "./env.server";

let instance: pino.Logger | undefined;

/** The logger, created on first use at LOG_LEVEL. */
export function logger(): pino.Logger {
  instance ??= pino({
    level: env().LOG_LEVEL,
    redact: {
      paths: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
      remove: true,
    },
  });
  return instance;
}
