/**
 * GET /healthz: 200 {"status":"ok"} when the database answers, 503 otherwise (docs/contracts.md).
 */
import { getDatabaseHandle } from "~/db/db.server";

export async function loader() {
  const headers = { "Cache-Control": "no-store" };
  try {
    const handle = await getDatabaseHandle();
    await handle.ping();
    return Response.json({ status: "ok", database: handle.driver }, { headers });
  } catch {
    return Response.json({ status: "unavailable" }, { status: 503, headers });
  }
}
