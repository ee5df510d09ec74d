/**
 * GET /metrics on the production build (docs/operations.md "Metrics"): 404 without
 * METRICS_TOKEN, 401 with a wrong token, 200 with the right one; requests are counted by their
 * route pattern, never by the tracking token in the URL; the scrape itself is not access-logged.
 * tests/integration/metrics.test.ts covers the readings in detail.
 */
import { expect, test } from "../support/browser/fixtures";
import { startServerProcess } from "../support/processes/server";

const TOKEN = "e2e-metrics-token-0123456789abcdef";

test("the shared server has no METRICS_TOKEN: /metrics answers 404", async ({ request }) => {
  const response = await request.get("/metrics", {
    headers: { Authorization: `Bearer ${TOKEN}` },
  });
  expect(response.status()).toBe(404);
  expect(response.headers()["cache-control"]).toBe("no-store");
});

test("with METRICS_TOKEN: 401 without it, 200 with it, routes by pattern", async ({ dataDir }) => {
  // Starting a second server takes longer than the default 30 s on a loaded machine.
  test.setTimeout(120_000);
  const database: Record<string, string> = process.env.E2E_DATABASE_URL
    ? {
        DATABASE_URL: process.env.E2E_DATABASE_URL,
        SESSION_SECRET: "e2e-secret-e2e-secret-e2e-secret-0123",
      }
    : {};
  const server = await startServerProcess(dataDir, {
    METRICS_TOKEN: TOKEN,
    MESSAGES_DISPATCHER: "off",
    ...database,
  });
  try {
    const wrong = await fetch(`${server.base}/metrics`, {
      headers: { Authorization: "Bearer not-the-metrics-token-at-all" },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get("www-authenticate")).toMatch(/^Bearer\b/);
    expect((await fetch(`${server.base}/metrics`)).status).toBe(401);

    const trackingToken = "Zq8mT3vK9pLx2Wn7";
    // Bodies are read in full: a request is counted when its response has ended.
    const order = await fetch(`${server.base}/orders/${trackingToken}`);
    await order.arrayBuffer();
    expect(order.status).toBe(404);
    const home = await (await fetch(`${server.base}/`)).text();
    const asset = /\/assets\/[^"]+\.js/.exec(home)?.[0];
    expect(asset).toBeTruthy();
    const script = await fetch(`${server.base}${asset}`);
    await script.arrayBuffer();
    expect(script.status).toBe(200);

    const response = await fetch(`${server.base}/metrics`, {
      headers: { Authorization: `Bearer ${TOKEN}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const text = await response.text();
    expect(text).toContain(
      'http_requests_total{method="GET",route="/orders/:token",status="404"} 1',
    );
    expect(text).toContain('http_requests_total{method="GET",route="/",status="200"} 1');
    expect(text).toContain('http_requests_total{method="GET",route="assets",status="200"} 1');
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/healthz",status="200"\} \d+/);
    expect(text).toContain('outbox_messages{status="pending"}');
    expect(text).toContain("nodejs_heap_size_used_bytes");
    expect(text).not.toContain(trackingToken);

    // The scheduler's first tick runs the five-minute payment-expiry window and records it. (On
    // PostgreSQL the shared e2e server, on the same database, may have claimed that window.)
    if (!process.env.E2E_DATABASE_URL) {
      await expect
        .poll(async () => {
          const again = await fetch(`${server.base}/metrics`, {
            headers: { Authorization: `Bearer ${TOKEN}` },
          });
          return again.text();
        })
        .toMatch(/scheduled_job_runs_total\{job="expire-payments",outcome="done"\} 1/);
    }

    // The access log has the pages but not the scrapes (like /healthz).
    expect(server.output()).toContain("/orders/");
    expect(server.output()).not.toContain('"url":"/metrics"');
  } finally {
    await server.stop();
  }
});
