/**
 * Several servers on one PostgreSQL (docs/operations.md): two production servers
 * (`node server.js`) on one fresh database, started together, with one SESSION_SECRET. The
 * setup link is printed by one of them and works once, on either; failed logins are counted
 * across both (the wait after an account's fifth failure holds on either server); a staff edit on one shows on the other within 1 s. The measured figures are
 * printed for the CI log.
 *
 * PostgreSQL only: with E2E_DATABASE_URL it creates its own database on that server (dropped
 * at the end), so it never touches the database the other specs share.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { ACCOUNT_THROTTLE } from "~/features/staff/login-throttle.server";
import { formatPaise } from "~/utils/money";
import { dropScratchDatabase } from "../support/processes/scratch-database";
import { type ServerProcess, startServerProcess } from "../support/processes/server";

const adminUrl = process.env.E2E_DATABASE_URL;
test.skip(!adminUrl, "PostgreSQL only: set E2E_DATABASE_URL (the spec creates its own database)");
test.describe.configure({ mode: "serial", timeout: 120_000 });

const SESSION_SECRET = "two-servers-secret-two-servers-secret-0123";
const PASSWORD = "green leaves under the monsoon";
const NO_ACCOUNT = "No staff account exists yet";
const LINK = /(\/dashboard\/setup\?token=[\w-]+)/;

let databaseName = "";
let databaseUrl = "";
const dataDirs: string[] = [];
let servers: ServerProcess[] = [];
let adminCookie = "";

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

function startServer(): Promise<ServerProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "two-servers-"));
  dataDirs.push(dataDir);
  return startServerProcess(dataDir, {
    DATABASE_URL: databaseUrl,
    SESSION_SECRET,
    NODE_ENV: "production",
    TRUST_PROXY: "loopback",
    LOG_LEVEL: "warn",
  });
}

function form(fields: Record<string, string>): URLSearchParams {
  return new URLSearchParams(fields);
}

test.beforeAll(async () => {
  databaseName = `two_servers_${crypto.randomBytes(6).toString("hex")}`;
  await withClient(adminUrl as string, (client) => client.query(`create database ${databaseName}`));
  const url = new URL(adminUrl as string);
  url.pathname = `/${databaseName}`;
  databaseUrl = url.toString();
  // Started together: both migrate (under the migrations lock) and race for the setup link.
  servers = await Promise.all([startServer(), startServer()]);
});

test.afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  if (databaseName) {
    await dropScratchDatabase(adminUrl as string, databaseName);
  }
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

test("one server prints the setup link; it works once, on the other server", async () => {
  for (const server of servers) {
    await expect.poll(() => server.output(), { timeout: 10_000 }).toContain(NO_ACCOUNT);
  }
  const printers = servers.filter((server) => LINK.test(server.output()));
  expect(printers, "exactly one server prints a link").toHaveLength(1);
  const printer = printers[0] as ServerProcess;
  const other = servers.find((server) => server !== printer) as ServerProcess;
  expect(other.output()).toContain("Another app server printed the setup link");
  const setupPath = LINK.exec(printer.output())?.[1] as string;
  const token = new URL(setupPath, printer.base).searchParams.get("token") as string;
  console.log(
    `setup link printed by server ${servers.indexOf(printer) + 1}, used on server ${servers.indexOf(other) + 1}`,
  );

  // The link works on the server that did not print it; a refusal echoes no secret.
  expect((await fetch(`${other.base}${setupPath}`)).status).toBe(200);
  // A refused password: the action data (the `.data` answer) echoes neither it nor the token.
  const weak = await fetch(`${other.base}/dashboard/setup.data?token=${token}`, {
    method: "POST",
    body: form({ token, name: "Meera Admin", email: "meera@example.com", password: "qwertyuiop" }),
  });
  expect(weak.status).toBe(400);
  const weakData = await weak.text();
  expect(weakData).toContain("one of the most common ones");
  expect(weakData).toContain("meera@example.com");
  expect(weakData).not.toContain("qwertyuiop");
  expect(weakData).not.toContain(token);

  const created = await fetch(`${other.base}${setupPath}`, {
    method: "POST",
    redirect: "manual",
    body: form({ token, name: "Meera Admin", email: "meera@example.com", password: PASSWORD }),
  });
  expect(created.status).toBe(302);
  expect(created.headers.get("Location")).toBe("/dashboard");
  adminCookie = created.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
  expect(adminCookie).toMatch(/staff_session=/);

  // Used once: dead on both servers.
  for (const server of [printer, other]) {
    expect((await fetch(`${server.base}${setupPath}`)).status).toBe(404);
    const again = await fetch(`${server.base}${setupPath}`, {
      method: "POST",
      redirect: "manual",
      body: form({ token, name: "Evil", email: "evil@example.com", password: PASSWORD }),
    });
    expect(again.status).toBe(404);
  }
  // The session made on one server is good on the other (sessions live in the database).
  const dashboard = await fetch(`${printer.base}/dashboard`, {
    headers: { Cookie: adminCookie },
    redirect: "manual",
  });
  expect(dashboard.status).toBe(200);
});

/** Failed logins, round robin over `targets`, until one is refused with 429: the attempt count. */
async function failedLoginsUntilRefused(
  targets: ServerProcess[],
  email: string,
  address: string,
): Promise<number> {
  for (let attempt = 1; attempt <= 4 * ACCOUNT_THROTTLE.freeFailures; attempt++) {
    const server = targets[attempt % targets.length] as ServerProcess;
    const response = await fetch(`${server.base}/dashboard/login`, {
      method: "POST",
      headers: { "X-Forwarded-For": address },
      body: form({ email, password: "not the password" }),
    });
    if (response.status === 429) return attempt;
    expect(response.status).toBe(401);
  }
  throw new Error("never refused");
}

test("failed logins on both servers together make the account wait", async () => {
  const alone = await failedLoginsUntilRefused(
    servers.slice(0, 1),
    "nobody.one@example.com",
    "203.0.113.10",
  );
  const together = await failedLoginsUntilRefused(
    servers,
    "nobody.two@example.com",
    "203.0.113.11",
  );
  const free = ACCOUNT_THROTTLE.freeFailures;
  console.log(
    `login refused at attempt ${together} alternating between two servers (${alone} on one server; ${free} failures free, then a wait of 1 s)`,
  );
  // Refused right after the free failures (one more if a hash outlasted the first 1 s wait); a
  // server counting alone would check at least 2 × free attempts before refusing any.
  expect(alone).toBeGreaterThan(free);
  expect(alone).toBeLessThanOrEqual(free + 2);
  expect(together).toBeGreaterThan(free);
  expect(together).toBeLessThanOrEqual(free + 2);
});

test("a rate changed on one server shows on the other's stored rate list within 1 s", async () => {
  expect(adminCookie, "the setup test signed the admin in").not.toBe("");
  const [editor, reader] = servers as [ServerProcess, ServerProcess];
  const material = await withClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ id: number; rate: number }>(
      "select id, rate_paise_per_kg as rate from scrap_materials where active order by id limit 1",
    );
    return rows[0];
  });
  expect(material).toBeTruthy();
  const { id, rate } = material as { id: number; rate: number };
  const newRate = "987.65";
  const shown = formatPaise(98_765);
  expect(await (await fetch(`${reader.base}/ratelist`)).text()).not.toContain(shown);
  // The reader now serves /ratelist from its page store (server/page-cache.ts): the same tag.
  const stored = (await fetch(`${reader.base}/ratelist`)).headers.get("etag");
  expect(stored).toBeTruthy();
  expect((await fetch(`${reader.base}/ratelist`)).headers.get("etag")).toBe(stored);

  const saved = await fetch(`${editor.base}/dashboard/rates`, {
    method: "POST",
    redirect: "manual",
    headers: { Cookie: adminCookie, Origin: editor.base },
    body: form({
      intent: "save-rates",
      [`rate-${id}`]: newRate,
      [`was-rate-${id}`]: String(rate),
    }),
  });
  expect(saved.status).toBe(302);
  const savedAt = performance.now();
  let visibleAfterMs = Number.POSITIVE_INFINITY;
  await expect
    .poll(
      async () => {
        const page = await (await fetch(`${reader.base}/ratelist`)).text();
        if (page.includes(shown)) visibleAfterMs = performance.now() - savedAt;
        return page.includes(shown);
      },
      { timeout: 1_000, intervals: [10] },
    )
    .toBe(true);
  console.log(
    `rate saved on server 1 was on server 2's rate list ${visibleAfterMs.toFixed(0)} ms later`,
  );
  expect(visibleAfterMs).toBeLessThan(1_000);
});

/** The 'Pickups completed' figure of a server's home page ('Our impact', cached 5 minutes). */
async function pickupsCompletedOn(server: ServerProcess): Promise<string> {
  const page = await (await fetch(`${server.base}/`)).text();
  return /<dt>Pickups completed<\/dt><dd>([^<]*)<\/dd>/.exec(page)?.[1] ?? "missing";
}

test("a change committed with a cache notification drops the other server's 'Our impact' cache", async () => {
  const reader = servers[1] as ServerProcess;
  expect(await pickupsCompletedOn(reader)).toBe("0"); // now cached for 5 minutes
  // What a writer on any server does (confirming a weigh sheet): change and notify in one
  // transaction; the notification leaves PostgreSQL on commit.
  const committedAt = await withClient(databaseUrl, async (client) => {
    await client.query("begin");
    await client.query(
      `insert into pickups (reference, tracking_token, name, email, phone, address_line1,
         address_line2, city, pin_code, pickup_date, slot_start, reward_preference, status,
         collected_at)
       values ('TWO-1', $1, 'Asha', 'asha@example.com', '9876543210', '1 Main Road', '',
         'Pune', '411001', current_date, '09:00', 'plants', 'collected', now())`,
      [crypto.randomBytes(16).toString("hex")],
    );
    await client.query("select pg_notify('cache_invalidate', 'impact')");
    await client.query("commit");
    return performance.now();
  });
  let visibleAfterMs = Number.POSITIVE_INFINITY;
  await expect
    .poll(
      async () => {
        const figure = await pickupsCompletedOn(reader);
        if (figure === "1") visibleAfterMs = performance.now() - committedAt;
        return figure;
      },
      { timeout: 1_000, intervals: [10] },
    )
    .toBe("1");
  console.log(
    `'Our impact' on server 2 showed the committed change ${visibleAfterMs.toFixed(0)} ms later (cache dropped by NOTIFY)`,
  );
  expect(visibleAfterMs).toBeLessThan(1_000);
});
