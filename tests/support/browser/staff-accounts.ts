/** The two staff accounts the browser tests' server is started with (see web-server.mjs). */
export const E2E_STAFF_PASSWORD = "e2e quiet passphrase 2026";
export const E2E_ADMIN = { email: "admin@e2e.test", name: "Asha Admin" };
export const E2E_STAFF = { email: "staff@e2e.test", name: "Ravi Staff" };
