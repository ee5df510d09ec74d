/**
 * `npm run staff:create -- --email E --name N [--role admin|staff|collector]` (docs/contracts.md "Staff").
 * Reads the password from stdin when stdin is not a terminal, prompts (twice, not echoed)
 * otherwise. Exit 0 created; non-zero with a one-line reason on stderr.
 */
import { createInterface } from "node:readline/promises";
import { Writable } from "node:stream";
import { parseArgs } from "node:util";
import { z } from "zod";
import { staffRoles } from "~/db/schema/staff";
import { StaffAccountError } from "~/features/staff/auth.server";
import { createAuditedStaffAccount } from "~/features/staff/staff-admin.server";
import { fieldErrorTexts, refusalText } from "~/i18n/i18n.server";
import { emailAddress, requiredText } from "~/utils/form-schemas";
import { openCliDatabase } from "./cli-database";

function fail(reason: string): never {
  process.stderr.write(`${reason}\n`);
  process.exit(1);
}

let values: { email?: string; name?: string; role?: string };
try {
  ({ values } = parseArgs({
    options: {
      email: { type: "string" },
      name: { type: "string" },
      role: { type: "string", default: "staff" },
    },
    strict: true,
  }));
} catch (error) {
  fail(
    `${(error as Error).message}. Usage: npm run staff:create -- --email E --name N [--role admin|staff|collector]`,
  );
}

const argsSchema = z.object({
  email: emailAddress(320),
  name: requiredText("name", 100),
  role: z.enum(staffRoles, { error: "--role must be admin, staff or collector" }),
});
const parsed = argsSchema.safeParse({
  email: values.email ?? "",
  name: values.name ?? "",
  role: values.role,
});
if (!parsed.success) {
  const [field, text] = Object.entries(fieldErrorTexts("en", parsed.error.issues))[0] ?? [];
  fail(`--${field ?? "arguments"}: ${text ?? "invalid"}`);
}

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks)
      .toString("utf8")
      .replace(/\r?\n$/, "");
  }
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, callback) {
      if (!muted) process.stdout.write(chunk);
      callback();
    },
  });
  const rl = createInterface({ input: process.stdin, output, terminal: true });
  const ask = async (question: string) => {
    process.stdout.write(question);
    muted = true;
    const answer = await rl.question("");
    muted = false;
    process.stdout.write("\n");
    return answer;
  };
  try {
    const first = await ask("Password: ");
    const second = await ask("Repeat password: ");
    if (first !== second) fail("The two passwords differ; nothing was created.");
    return first;
  } finally {
    rl.close();
  }
}

// The database first: when the running server holds it, say so before asking for a password.
const handle = await openCliDatabase(
  "Stop the server first (the embedded database allows one process), or, while no staff account exists, open the one-time setup link the server printed at start.",
);
const password = await readPassword();
let exitCode = 0;
try {
  const user = await createAuditedStaffAccount(
    handle.db,
    "system",
    { ...parsed.data, password },
    "staff:create",
  );
  process.stdout.write(`Created ${user.role} account for ${user.email}.\n`);
} catch (error) {
  if (error instanceof StaffAccountError) {
    process.stderr.write(`${refusalText("en", error)}\n`);
    exitCode = 1;
  } else {
    throw error;
  }
} finally {
  await handle.close();
}
process.exit(exitCode);
