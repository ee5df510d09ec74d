/**
 * The soak's SMTP server (bench/soak-outbox.ts) in a worker thread: its own event loop, so the
 * SMTP answers the soak server waits for are not queued behind the load generator's work in
 * the bench's main thread (a real relay is another machine). Posts `{ port }` once listening,
 * then every 250 ms `{ delivered, toShop }`; on "close" closes the server and posts the final
 * counts with `closed: true`. The test server keeps every message it accepted; this worker
 * counts them and empties its list, so tens of thousands of messages do not pile up.
 */
import { parentPort, workerData } from "node:worker_threads";
import { startSmtpTestServer } from "../tests/support/fakes/smtp-server.ts";

const port = parentPort;
if (!port) throw new Error("bench/soak-smtp-worker.ts runs as a worker thread");
const shop = String((workerData as { shopAddress: string }).shopAddress).toLowerCase();
const smtp = await startSmtpTestServer();
let toShop = 0;

/** Counts and forgets the messages received since the last call. */
function counts(closed = false) {
  for (const message of smtp.received) {
    if (message.envelopeTo.some((to) => to.toLowerCase() === shop)) toShop += 1;
  }
  smtp.received.length = 0;
  // No refusals are configured, so every attempt the server saw was accepted.
  return { delivered: smtp.attempts(), toShop, closed };
}

const timer = setInterval(() => port.postMessage(counts()), 250);
port.on("message", async (message) => {
  if (message !== "close") return;
  clearInterval(timer);
  await smtp.close();
  port.postMessage(counts(true));
  port.close();
});
port.postMessage({ port: smtp.port });
