/**
 * A request the database fails because it went away (a PostgreSQL restart, failover or
 * `pg_terminate_backend`: SQLSTATE 57P01; docs/operations.md "Faults and recovery") gets 503,
 * `Retry-After: 5` and one sentence in the page's language as plain text — not React Router's
 * error page, which after a failed action has no messages and showed their ids.
 *
 * The database fails the write as a restart does: a trigger raises SQLSTATE 57P01
 * (admin_shutdown), so the error travels through the real driver and Drizzle to the route and
 * on to app/entry.server.tsx. The same under a real restart: tests/e2e/postgres-restart.spec.ts.
 */
import type { EntryContext } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { handleDataRequest, default as handleRequest } from "~/entry.server";
import { failCartInserts, postAddToCart } from "../support/factories/failing-writes";
import { testDatabaseForFile } from "../support/processes/test-database";

const handle = testDatabaseForFile();

const ENGLISH =
  "We could not finish this just now because our database did not answer. Please try again in a moment, or call us on +91 98450 12345.";
const KANNADA =
  "ನಮ್ಮ ಡೇಟಾಬೇಸ್ ಉತ್ತರಿಸಲಿಲ್ಲ, ಹಾಗಾಗಿ ಇದನ್ನು ಈಗ ಪೂರ್ಣಗೊಳಿಸಲು ಆಗಲಿಲ್ಲ. ದಯವಿಟ್ಟು ಸ್ವಲ್ಪ ಸಮಯದ ನಂತರ ಮತ್ತೆ ಪ್ರಯತ್ನಿಸಿ, ಅಥವಾ +91 98450 12345 ಗೆ ಕರೆ ಮಾಡಿ.";

beforeAll(async () => {
  await failCartInserts(
    handle.db,
    "fail_as_on_a_restart",
    "admin_shutdown",
    "terminating connection due to administrator command",
  );
});

describe("a write while the database is away", () => {
  it("a document POST gets 503, Retry-After 5 and a sentence instead of an error page of ids", async () => {
    const { request, context, error } = await postAddToCart("/cart", "192.0.2.91");
    expect(error).toMatchObject({ cause: { code: "57P01" } });
    const response = await handleRequest(request, 500, new Headers(), {} as EntryContext, context);
    expect(response.status).toBe(503);
    expect(response.headers.get("Retry-After")).toBe("5");
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(await response.text()).toBe(ENGLISH);
  });

  it("a .data POST on a Kannada page gets the same answer in Kannada", async () => {
    const { request, context } = await postAddToCart("/kn/cart.data", "192.0.2.91");
    const routerAnswer = new Response("[]", { status: 500 });
    const response = handleDataRequest(routerAnswer, { request, context });
    expect(response.status).toBe(503);
    expect(response.headers.get("Retry-After")).toBe("5");
    expect(await response.text()).toBe(KANNADA);
  });
});
