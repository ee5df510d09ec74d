/**
 * Quick load test of /plant (and /ratelist) on the production build with the embedded
 * database: 50 connections for 10 s each, loopback only. Prints requests/s and latency
 * percentiles; never fails a build. Options: DURATION (s), CONNECTIONS, BENCH_DATABASE_URL.
 */
import autocannon from "autocannon";
import { startServer } from "./start-server.mjs";

const duration = Number(process.env.DURATION ?? 10);
const connections = Number(process.env.CONNECTIONS ?? 50);
const server = await startServer(
  process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {},
);
try {
  for (const path of ["/plant", "/plant?q=plant&filter=indoor", "/ratelist"]) {
    await autocannon({ url: server.base + path, connections, duration: 3 }); // warm-up (JIT, WASM)
    const result = await autocannon({ url: server.base + path, connections, duration });
    console.log(
      `${path}: ${result.requests.average.toFixed(0)} req/s, latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms, ${result.non2xx} non-2xx, ${result.errors} errors (${connections} connections, ${duration} s)`,
    );
  }
} finally {
  await server.stop();
}
