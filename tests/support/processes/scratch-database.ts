/**
 * Scratch databases on a PostgreSQL server for tests and benchmarks (docs/development.md): made
 * by the integration tests, the browser tests that start their own servers, and `bench/`.
 * Shared by Vitest and Playwright, so it imports neither.
 */
import crypto from "node:crypto";
import pg from "pg";

/**
 * A new, empty database `<prefix>_<12 hex digits>` on the PostgreSQL server at `adminUrl` (its
 * user needs CREATEDB): its connection URL, and `drop()`, to call once every pool on it is
 * closed. Used by the integration tests and `npm run bench:dashboard`.
 */
export async function createScratchDatabase(
  adminUrl: string,
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${crypto.randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => dropScratchDatabase(adminUrl, name) };
}

/**
 * Drops database `name` on the server at `adminUrl` (its owner's URL) once its pools are closed;
 * a no-op when it does not exist. Throws the server's error when it is still in use after 10 s.
 */
export async function dropScratchDatabase(adminUrl: string, name: string): Promise<void> {
  const cleanup = new pg.Client({ connectionString: adminUrl });
  await cleanup.connect();
  try {
    await dropWhenFree(cleanup, name);
  } finally {
    await cleanup.end();
  }
}

async function dropWhenFree(cleanup: pg.Client, name: string): Promise<void> {
  // pool.end() resolves before every backend has gone, and an autovacuum worker may still be
  // in the database. A forced drop by a non-superuser fails on the autovacuum worker ("must be
  // a member of the role whose process is being terminated", PostgreSQL's TerminateOtherDBBackends),
  // so: a plain drop, which stops autovacuum itself, retried (≤ 10 s) while our own closing
  // connections go ("database is being accessed by other users" is SQLSTATE 55006); after 2 s
  // our own role's connections left in it are terminated (allowed for one's own role).
  for (let attempt = 1; ; attempt++) {
    try {
      await cleanup.query(`drop database if exists ${name}`);
      break;
    } catch (error) {
      if ((error as { code?: string }).code !== "55006" || attempt === 100) throw error;
      if (attempt >= 20) {
        await cleanup.query(
          `select pg_terminate_backend(pid) from pg_stat_activity
           where datname = $1 and usename = current_user and pid <> pg_backend_pid()`,
          [name],
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
