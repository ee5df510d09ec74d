// Playwright's web server: creates the two staff accounts of the browser tests with the real
// `staff:create` CLI (before the server takes DATA_DIR), then runs `server.js`. An account that
// already exists (a reused PostgreSQL database) is fine.
import { spawnSync } from "node:child_process";

const password = "e2e quiet passphrase 2026"; // = E2E_STAFF_PASSWORD in staff-accounts.ts
const accounts = [
  ["admin@e2e.test", "Asha Admin", "admin"],
  ["staff@e2e.test", "Ravi Staff", "staff"],
];
for (const [email, name, role] of accounts) {
  const result = spawnSync(
    "npx",
    ["tsx", "scripts/staff-create.ts", "--email", email, "--name", name, "--role", role],
    { input: `${password}\n`, encoding: "utf8" },
  );
  if (result.status !== 0 && !result.stderr.includes("exists")) {
    process.stderr.write(result.stderr);
    process.exit(1);
  }
}

// --- Online payment: the fake Razorpay API that RAZORPAY_API_BASE points at, with
// the keys playwright.config.ts gave the server (tests/support/browser/razorpay-keys.ts). ---
if (process.env.E2E_RAZORPAY_PORT) {
  const { startFakeRazorpay } = await import("../fakes/razorpay.ts");
  await startFakeRazorpay({
    keyId: process.env.RAZORPAY_KEY_ID ?? "",
    keySecret: process.env.RAZORPAY_KEY_SECRET ?? "",
    port: Number(process.env.E2E_RAZORPAY_PORT),
  });
}
// --- end of online payment block ---

// --- E-mail: the SMTP server SMTP_URL points at, and the mailbox the specs read
// (tests/support/browser/mailbox.ts). ---
if (process.env.E2E_SMTP_PORT) {
  const { startE2EMailbox } = await import("./mailbox.ts");
  await startE2EMailbox(Number(process.env.E2E_SMTP_PORT), Number(process.env.E2E_MAILBOX_PORT));
}
// --- end of e-mail block ---

// --- WhatsApp: the fake Cloud API WHATSAPP_API_BASE points at, and the inbox the specs read
// (tests/support/browser/whatsapp-inbox.ts). ---
if (process.env.E2E_WHATSAPP_PORT) {
  const { startE2EWhatsApp } = await import("./whatsapp-inbox.ts");
  await startE2EWhatsApp(
    Number(process.env.E2E_WHATSAPP_PORT),
    Number(process.env.E2E_WHATSAPP_INBOX_PORT),
  );
}
// --- end of WhatsApp block ---

await import("../../../server.js");
