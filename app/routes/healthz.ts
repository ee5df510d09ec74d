/**
 * GET /healthz (docs/contracts.md): 200 {"status":"ok"} when the database answers and can write
 * and DATA_DIR has room; otherwise 503 {"status":"unavailable","reason":"<one line>"}
 * (app/db/health.server.ts says what is checked). It is public, so it does not name the database
 * driver (which the start-up log line does).
 */
import { getDatabaseHandle } from "~/db/db.server";
import { healthProblem } from "~/db/health.server";
import { env } from "~/utils/env.server";

export async function loader() {
  const headers = { "Cache-Control": "no-store" };
  let reason: string | null;
  try {
    const handle = await getDatabaseHandle();
    const config = env();
    reason = await healthProblem(handle, {
      dataDir: config.dataDir,
      minFreeBytes: config.operations.healthMinFreeBytes,
    });
  } catch {
    reason = "the database is not open";
  }
  if (reason) return Response.json({ status: "unavailable", reason }, { status: 503, headers });
  return Response.json({ status: "ok" }, { headers });
}
