/**
 * React Router middleware on the root route (docs/operations.md "Security"): a form body that
 * cannot be read (a multipart body cut short or without its closing boundary) is refused with
 * 400 and a plain message before any loader or action runs, instead of the action's
 * `request.formData()` throwing and the page answering 500. The Content-Type itself is checked
 * earlier by the HTTP server (server/security.ts `requireFormContentType`, 415).
 */
import { data, type MiddlewareFunction } from "react-router";

/** The message of the 400 answer. */
export const UNREADABLE_FORM = "The form could not be read. Please send it again from the page.";

/**
 * Parses a copy of a multipart body once; refuses the request (throws a 400 response) when it
 * cannot be parsed. URL-encoded bodies always parse and are not copied.
 */
export const refuseUnreadableForms: MiddlewareFunction<Response> = async ({ request }, next) => {
  const type = request.headers.get("content-type")?.toLowerCase() ?? "";
  if (request.method !== "GET" && request.method !== "HEAD" && type.startsWith("multipart/")) {
    try {
      await request.clone().formData();
    } catch {
      throw data(UNREADABLE_FORM, { status: 400, statusText: "Bad Request" });
    }
  }
  return next();
};
