/**
 * 'Join us' registrations for tests (docs/community.md "'Join us'"): a confirmed subscriber
 * written straight into the table, as every row from before double opt-in is (no confirmation
 * e-mail in the outbox), and the confirmation link a 'Join us' queued for an address.
 */
import { and, desc, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { registrations } from "~/db/schema/community";
import { messages } from "~/db/schema/messages";
import { unguessableToken } from "~/utils/codes.server";

/**
 * Inserts a confirmed, subscribed registration (confirmed at `at`, default now).
 * @returns its id and unsubscribe token.
 */
export async function insertSubscriber(
  db: Database,
  row: {
    name: string;
    email: string;
    phone?: string;
    language?: "en" | "hi" | "kn";
    unsubscribedAt?: Date | null;
    at?: Date;
  },
): Promise<{ id: number; unsubscribeToken: string }> {
  const at = row.at ?? new Date();
  const [inserted] = await db
    .insert(registrations)
    .values({
      name: row.name,
      email: row.email,
      phone: row.phone ?? "+919845012345",
      language: row.language ?? "en",
      unsubscribeToken: unguessableToken(),
      unsubscribedAt: row.unsubscribedAt ?? null,
      confirmedAt: at,
      createdAt: at,
      updatedAt: at,
    })
    .returning({ id: registrations.id, unsubscribeToken: registrations.unsubscribeToken });
  if (!inserted) throw new Error("insertSubscriber: nothing inserted");
  return inserted;
}

/** The confirmation e-mails queued for `email`, newest first (the outbox rows). */
export function confirmationMails(db: Database, email: string) {
  return db
    .select()
    .from(messages)
    .where(and(eq(messages.template, "newsletter_confirm"), eq(messages.recipient, email)))
    .orderBy(desc(messages.id));
}

/**
 * The link of the newest confirmation e-mail queued for `email`: its site-relative path
 * (`/subscribe/<token>`, `/hi/subscribe/<token>`) and token; undefined when there is none.
 */
export async function confirmationLink(
  db: Database,
  email: string,
): Promise<{ path: string; token: string } | undefined> {
  const [mail] = await confirmationMails(db, email);
  if (!mail) return undefined;
  const path = (mail.params as { confirmPath: string }).confirmPath;
  return { path, token: path.split("/").at(-1) ?? "" };
}
