/**
 * The answer to a write that the disk has no room for (docs/operations.md "A full disk" and
 * "Writes on a nearly full disk"): 503, `Retry-After: 60`, and one sentence in the page's
 * language as plain text. The low-disk guard (server/low-disk.ts) gives it before a write is
 * tried; app/entry.server.tsx gives the same answer when a write fails for lack of space anyway
 * (the guard turned off with HEALTH_MIN_FREE_MB=0, or space used up between its readings).
 */
import { refusalText } from "~/i18n/i18n.server";
import type { Lang } from "~/i18n/languages";
import { message } from "~/utils/refusal";

/** Retry-After of a write refused for lack of disk space, seconds. */
export const DISK_FULL_RETRY_SECONDS = 60;

/** The sentence of that answer in `lang`, naming `shopPhone` (site config). */
export function diskFullMessage(lang: Lang, shopPhone: string): string {
  return refusalText(lang, message("errors.diskFull", { phone: shopPhone }));
}

/**
 * The whole answer (document and `.data` requests alike): 503, Retry-After, plain text. A
 * `.data` request's answer is not React Router's encoding, so its client turns it into a route
 * error response with the sentence as its data, which the root error boundary shows.
 */
export function diskFullResponse(lang: Lang, shopPhone: string, head = false): Response {
  return new Response(head ? null : diskFullMessage(lang, shopPhone), {
    status: 503,
    statusText: "Service Unavailable",
    headers: {
      "Retry-After": String(DISK_FULL_RETRY_SECONDS),
      "Content-Type": "text/plain; charset=utf-8",
    },
  });
}

/** SQLSTATE disk_full (PostgreSQL, and PGlite: `could not extend file …: No space left on device`). */
const DISK_FULL_SQLSTATE = "53100";
/** Node's errno codes for no space and an exhausted quota. */
const NO_SPACE_ERRNO = new Set(["ENOSPC", "EDQUOT"]);
/** ENOSPC in the numbering of the WebAssembly file system under PGlite (Emscripten's errno 51). */
const EMSCRIPTEN_ENOSPC = 51;

/**
 * Whether `error`, or an error it wraps as `cause` (Drizzle's `DrizzleQueryError` wraps the
 * driver's), says the disk is full: SQLSTATE 53100 from PostgreSQL or PGlite, a Node file-system
 * error ENOSPC or EDQUOT, or PGlite's own file-system `ErrnoError` with errno 51.
 */
export function isDiskFull(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const { code, name, errno } = current as { code?: unknown; name?: unknown; errno?: unknown };
    if (code === DISK_FULL_SQLSTATE) return true;
    if (typeof code === "string" && NO_SPACE_ERRNO.has(code)) return true;
    if (name === "ErrnoError" && errno === EMSCRIPTEN_ENOSPC) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
