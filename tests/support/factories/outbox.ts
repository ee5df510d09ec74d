/**
 * Outbox rows and a dispatcher wired to the fake WhatsApp API, for the dispatcher tests
 * (docs/messages.md "The dispatcher"). The WhatsApp renderer puts the row's id first among the
 * body parameters, so the fake can count deliveries per message.
 */
import { asc, inArray } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { type Message, messages } from "~/db/schema/messages";
import type { Channel } from "~/features/messages/channel";
import { createDispatcher, type DispatcherOptions } from "~/features/messages/dispatcher.server";
import { createEmailChannel } from "~/features/messages/email-channel";
import { renderForChannel } from "~/features/messages/templates";
import { createWhatsAppChannel } from "~/features/messages/whatsapp-channel";
import type { FakeWhatsApp } from "../fakes/whatsapp";

let batch = 0;

/**
 * Inserts `count` pending WhatsApp rows (template order_placed, due `sendAfter`, default the
 * database's now(); not after `expiresAt`, default no limit).
 * @returns their ids in insertion order.
 */
export async function insertWhatsAppMessages(
  db: Database,
  count: number,
  sendAfter?: Date,
  expiresAt?: Date,
): Promise<number[]> {
  batch++;
  const ids: number[] = [];
  for (let start = 0; start < count; start += 500) {
    const rows = Array.from({ length: Math.min(500, count - start) }, (_, i) => ({
      channel: "whatsapp" as const,
      template: "order_placed",
      recipient: `+9198450${String((start + i) % 100_000).padStart(5, "0")}`,
      params: { reference: `SS-${batch}-${start + i}` },
      dedupeKey: `test:${batch}:${start + i}:${Math.random()}`,
      ...(sendAfter ? { sendAfter } : {}),
      ...(expiresAt ? { expiresAt } : {}),
    }));
    const added = await db.insert(messages).values(rows).returning({ id: messages.id });
    ids.push(...added.map((row) => row.id));
  }
  return ids;
}

/** The rows with these ids, in id order. */
export async function messageRows(db: Database, ids: number[]): Promise<Message[]> {
  return db.select().from(messages).where(inArray(messages.id, ids)).orderBy(asc(messages.id));
}

export const unusedEmail: Channel<"email"> = {
  name: "email",
  skipReason: () => "e-mail is not used in this test",
  send: () => Promise.reject(new Error("e-mail is not used in this test")),
};

/** A dispatcher sending WhatsApp through the real channel to `fake`. */
export function fakeWhatsAppDispatcher(
  db: Database,
  fake: FakeWhatsApp | null,
  options: Partial<DispatcherOptions> = {},
) {
  return createDispatcher({
    db,
    channels: {
      email: unusedEmail,
      whatsapp: createWhatsAppChannel(
        fake ? { token: fake.token, phoneNumberId: fake.phoneNumberId, apiBase: fake.base } : null,
      ),
    },
    render: {
      email: () => {
        throw new Error("e-mail is not used in this test");
      },
      whatsapp: (row) => ({
        templateName: row.template,
        languageCode: row.language,
        bodyParameters: [String(row.id), String((row.params as { reference?: string }).reference)],
      }),
    },
    logger: { info: () => {}, warn: () => {} },
    clock: "database",
    ...options,
  });
}

/** Polls `check` every 20 ms until it returns true (≤ `timeoutMs`). */
export async function waitFor(
  check: () => boolean | Promise<boolean>,
  timeoutMs = 30_000,
  what = "condition",
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Runs a dispatcher with the real e-mail channel (to the SMTP test server at `smtpUrl`) and the
 * real WhatsApp channel (to the fake API), rendering with `site`, `runs` times; then stops it
 * and closes the mail transport. For the delivery tests (docs/messages.md).
 */
export async function dispatchThroughRealChannels(input: {
  db: Database;
  smtpUrl: string;
  whatsapp: FakeWhatsApp;
  site: Parameters<typeof renderForChannel>[2];
  /** The dispatcher's clock: the test's, so what is due does not depend on today's date. */
  clock: () => Date;
  runs?: number;
}): Promise<void> {
  const email = createEmailChannel({
    smtpUrl: input.smtpUrl,
    mailFrom: "Scrap & Sprout <shop@shop.example>",
    replyTo: input.site.supportEmail,
  });
  const dispatcher = createDispatcher({
    db: input.db,
    channels: {
      email,
      whatsapp: createWhatsAppChannel({
        token: input.whatsapp.token,
        phoneNumberId: input.whatsapp.phoneNumberId,
        apiBase: input.whatsapp.base,
      }),
    },
    render: {
      email: (row) => renderForChannel("email", row, input.site),
      whatsapp: (row) => renderForChannel("whatsapp", row, input.site),
    },
    logger: { info: () => {}, warn: () => {} },
    clock: input.clock,
  });
  try {
    for (let run = 0; run < (input.runs ?? 1); run += 1) await dispatcher.runOnce();
  } finally {
    await dispatcher.stop();
    await email.close?.();
  }
}
