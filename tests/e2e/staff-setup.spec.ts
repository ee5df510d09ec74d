/**
 * The first admin on a fresh embedded database: the server prints a one-time setup link, the
 * link creates an admin in the browser and dies; the CLI refuses while the server holds
 * DATA_DIR and says what to do; login and logout work with JavaScript off too.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { type ServerProcess, startServerProcess } from "../support/processes/server";

test.skip(Boolean(process.env.E2E_DATABASE_URL), "embedded database only");
test.describe.configure({ mode: "serial" });

const run = promisify(execFile);
let server: ServerProcess;
let dataDir: string;

test.beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "staff-setup-"));
  server = await startServerProcess(dataDir, { TRUST_PROXY: "loopback" });
});
test.afterAll(async () => {
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test("the setup link creates the first admin once; the CLI says the server holds the database", async ({
  page,
}) => {
  await expect.poll(() => server.output()).toContain("No staff account exists yet");
  const link = /(http:\/\/\S+\/dashboard\/setup\?token=[\w-]+)/.exec(server.output())?.[1];
  expect(link).toBeTruthy();
  const setupPath = new URL(link as string);

  // The CLI cannot open the embedded database while the server runs, and says so.
  const pending = run(
    "npx",
    ["tsx", "scripts/staff-create.ts", "--email", "x@example.com", "--name", "X"],
    {
      env: { ...process.env, DATA_DIR: dataDir },
    },
  );
  pending.child.stdin?.end("some long passphrase\n");
  const cli = await pending.then(
    () => ({ code: 0, stderr: "" }),
    (error: { code: number; stderr: string }) => error,
  );
  expect(cli.code).not.toBe(0);
  expect(cli.stderr).toContain("in use by another server process");
  expect(cli.stderr).toContain("setup link");

  // Anonymous visitors are sent to the login page, which points at the setup link.
  await page.goto(`${server.base}/dashboard/orders`);
  await expect(page).toHaveURL(/\/dashboard\/login\?redirectTo=%2Fdashboard%2Forders/);
  await expect(page.getByText("No staff account exists yet")).toBeVisible();

  await page.goto(`${server.base}${setupPath.pathname}${setupPath.search}`);
  await page.getByLabel("Name").fill("Meera Admin");
  await page.getByLabel("Email").fill("meera@example.com");
  await page.getByLabel("Password").fill("password");
  await page.getByRole("button", { name: "Create admin and log in" }).click();
  await expect(page.getByText("This password is one of the most common ones")).toBeVisible();
  await page.getByLabel("Password").fill("green plants grow on tin");
  await page.getByRole("button", { name: "Create admin and log in" }).click();
  await expect(page).toHaveURL(`${server.base}/dashboard`);
  await expect(page.getByText("Meera Admin (admin)")).toBeVisible();

  // The link is dead now.
  const again = await fetch(link as string);
  expect(again.status).toBe(404);

  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/dashboard\/login$/);
  await page.goto(`${server.base}/dashboard`);
  await expect(page).toHaveURL(/\/dashboard\/login/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("login refuses a wrong password with a message, then logs in and returns to the page asked for", async ({
    page,
  }) => {
    await page.goto(`${server.base}/dashboard/audit`);
    await page.getByLabel("Email").fill("meera@example.com");
    await page.getByLabel("Password").fill("not the password");
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page.getByRole("alert")).toHaveText("Email or password is incorrect.");
    await expect(page.getByLabel("Email")).toHaveValue("meera@example.com");
    await page.getByLabel("Password").fill("green plants grow on tin");
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL(`${server.base}/dashboard/audit`);
    const cookies = await page.context().cookies();
    const session = cookies.find((cookie) => cookie.name === "staff_session");
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe("Lax");
  });
});

test("dashboard actions without a session answer 401 and change nothing", async () => {
  const response = await fetch(`${server.base}/dashboard/staff`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.base },
    body: "intent=create&name=Evil&email=evil%40example.com&role=admin&password=abcdefgh12345",
  });
  expect(response.status).toBe(401);
});

test("in production over HTTPS (behind a TLS proxy) the session cookie is __Host- and Secure", async () => {
  const response = await fetch(`${server.base}/dashboard/login`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      "X-Forwarded-Proto": "https",
    },
    body: "email=meera%40example.com&password=green+plants+grow+on+tin",
  });
  expect(response.status).toBe(302);
  const cookie = response.headers.getSetCookie().find((c) => c.includes("staff_session"));
  expect(cookie).toMatch(/^__Host-staff_session=/);
  expect(cookie).toMatch(/; Secure/i);
  expect(cookie).toMatch(/; Path=\//i);
  expect(cookie).not.toMatch(/Domain=/i);
  expect(response.headers.get("Strict-Transport-Security")).toBeTruthy();
});
