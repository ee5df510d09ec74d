/**
 * Per-language names and descriptions stored in the database (docs/languages.md "What else is per
 * language"): a text has its English column and a Hindi and a Kannada one (`name_hi`, `name_kn`,
 * …), where '' means "not translated yet: show the English".
 */
import { type AnyColumn, type SQL, sql } from "drizzle-orm";
import type { Lang } from "~/i18n/languages";

/**
 * A select expression for the text in `lang`: the translated column unless it is '', else the
 * English column (English reads the English column as it is).
 */
export function localisedColumn(
  lang: Lang,
  english: AnyColumn,
  translated: Record<"hi" | "kn", AnyColumn>,
): SQL<string> {
  if (lang === "en") return sql<string>`${english}`;
  return sql<string>`coalesce(nullif(${translated[lang]}, ''), ${english})`;
}

/**
 * A select expression for a list (text[]) in `lang`: the translated list unless it is empty,
 * else the English list (English reads the English column as it is).
 */
export function localisedList(
  lang: Lang,
  english: AnyColumn,
  translated: Record<"hi" | "kn", AnyColumn>,
): SQL<string[]> {
  if (lang === "en") return sql<string[]>`${english}`;
  return sql<
    string[]
  >`(case when cardinality(${translated[lang]}) > 0 then ${translated[lang]} else ${english} end)`;
}
