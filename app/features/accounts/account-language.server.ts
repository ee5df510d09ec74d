/**
 * The language of the messages sent to a phone (docs/accounts.md "My account"): English, Hindi
 * or Kannada, chosen by the signed-in customer and kept by phone (E.164 `+91XXXXXXXXXX`) in
 * `customer_preferences`. A new pickup or order made with that phone stores it as its
 * `language` (the routes pass it to the booking and the order), so its messages and their links
 * are in it (docs/messages.md); without a choice the page's language is used, as before.
 */
import { eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { customerPreferences } from "~/db/schema/customer-profile";
import type { Lang } from "~/i18n/languages";

/** The language chosen for `phone`'s messages, or null when its customer has not chosen one. */
export async function preferredLanguage(db: Database, phone: string): Promise<Lang | null> {
  const [row] = await db
    .select({ language: customerPreferences.language })
    .from(customerPreferences)
    .where(eq(customerPreferences.phone, phone));
  return row?.language ?? null;
}

/** Keeps `language` as the language of `phone`'s messages (one row per phone, replaced). */
export async function setPreferredLanguage(
  db: Database,
  phone: string,
  language: Lang,
  now: Date,
): Promise<void> {
  await db
    .insert(customerPreferences)
    .values({ phone, language, updatedAt: now })
    .onConflictDoUpdate({
      target: customerPreferences.phone,
      set: { language: sql`excluded.language`, updatedAt: now },
    });
}

/**
 * The language to store on a new pickup or order made with `phone` (an E.164 number, or null
 * when the form's number did not parse) on a page in `pageLang`: the phone's chosen language,
 * else the page's.
 */
export async function messageLanguageFor(
  db: Database,
  phone: string | null,
  pageLang: Lang,
): Promise<Lang> {
  if (!phone) return pageLang;
  return (await preferredLanguage(db, phone)) ?? pageLang;
}
