/**
 * A write that fails because the disk is full, with the low-disk guard off (HEALTH_MIN_FREE_MB=0;
 * docs/operations.md "A full disk"), gets the guard's answer rather than an error page: 503,
 * `Retry-After: 60` and one sentence in the page's language, for document and `.data` requests.
 *
 * The database fails the write the way a full disk does: a trigger raises SQLSTATE 53100
 * (disk_full) with PGlite's words, so the error travels through the real driver and Drizzle to
 * the route and on to app/entry.server.tsx. The same on a real full disk:
 * tests/e2e/faults.spec.ts.
 */
import { type EntryContext, RouterContextProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { handleDataRequest, handleError, default as handleRequest } from "~/entry.server";
import { failCartInserts, postAddToCart } from "../support/factories/failing-writes";
import { testDatabaseForFile } from "../support/processes/test-database";

const handle = testDatabaseForFile();

const ENGLISH =
  "We cannot save anything just now because our server is out of disk space. Nothing was changed. Please try again in a few minutes, or call us on +91 98450 12345.";
const HINDI =
  "हमारे सर्वर की डिस्क भर गई है, इसलिए अभी हम कुछ भी सहेज नहीं पा रहे हैं। कुछ भी बदला नहीं गया है। कृपया कुछ मिनट बाद फिर कोशिश करें, या हमें +91 98450 12345 पर फ़ोन करें।";

beforeAll(async () => {
  // Every new cart needs a row in `carts`: on a full disk PGlite cannot extend the table's file.
  await failCartInserts(
    handle.db,
    "fail_as_on_a_full_disk",
    "disk_full",
    'could not extend file "base/5/16594": No space left on device',
  );
});

describe("a write on a full disk", () => {
  it("a document POST gets 503, Retry-After and the guard's sentence instead of an error page", async () => {
    const { request, context, error } = await postAddToCart("/cart", "192.0.2.90");
    expect(error).toMatchObject({ cause: { code: "53100" } });
    const response = await handleRequest(request, 500, new Headers(), {} as EntryContext, context);
    expect(response.status).toBe(503);
    expect(response.headers.get("Retry-After")).toBe("60");
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(await response.text()).toBe(ENGLISH);
  });

  it("a .data POST on a Hindi page gets the same answer in Hindi", async () => {
    const { request, context } = await postAddToCart("/hi/cart.data", "192.0.2.90");
    const routerAnswer = new Response("[]", {
      status: 500,
      headers: { "Content-Type": "text/x-script", "X-Remix-Response": "yes" },
    });
    const response = handleDataRequest(routerAnswer, { request, context });
    expect(response.status).toBe(503);
    expect(response.headers.get("Retry-After")).toBe("60");
    // Not React Router's encoding: its client makes this a 503 error response with the text.
    expect(response.headers.get("X-Remix-Response")).toBeNull();
    expect(await response.text()).toBe(HINDI);
  });

  it("other failures keep their answer", async () => {
    const context = new RouterContextProvider();
    const request = new Request("http://localhost/cart.data", { method: "POST" });
    handleError(new Error("a bug"), { request, params: {}, context });
    const routerAnswer = new Response("[]", { status: 500 });
    expect(handleDataRequest(routerAnswer, { request, context })).toBe(routerAnswer);
  });
});
