/**
 * The SESSION_SECRET of the e2e web server on PostgreSQL (playwright.config.ts). A spec that
 * signs a customer in with the test factory (tests/support/factories/customers.ts) sets it in
 * its own process first, so the cookie it makes is one the server accepts.
 */
export const E2E_SESSION_SECRET = "e2e-secret-e2e-secret-e2e-secret-0123";
