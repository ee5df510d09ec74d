/**
 * The plant search of /plant (docs/shop.md "Search", ADR 0028): one SQL statement that ranks
 * the active plants for what a visitor typed, tolerant of misspellings through PostgreSQL's
 * `pg_trgm` (created by migration 0002; PGlite loads it in db/client.server.ts).
 *
 * What is searched, per plant (the "document"): its name in English, Hindi and Kannada on every
 * page; its English description, features, sunlight and watering; and on /hi/plant or /kn/plant
 * the same texts in that language. The Devanagari nukta is ignored on both sides (ख़ = ख).
 *
 * Tiers, best first (results are ordered by tier, then by closeness, then catalogue order):
 * 0. a name is the query ("tulsi" is "Tulsi (Holy Basil)": the part before the bracket counts);
 * 1. a name starts with the query, or a word of a name does ("basil");
 * 2. the document contains the query as typed ("air purifying", "low light");
 * 3. every word of the query starts a word of the document, in any order ("light low"); a Hindi
 *    or Kannada word without its last vowel sign (wordStem: "पौधे" finds "पौधा");
 * 4. the words are close to words of the document: each starts a word, or is close by trigram
 *    `word_similarity` to a word of the names (≥ 0.4, words of 4+ letters: "tulasi" → Tulsi,
 *    "snak" → Snake Plant) or of the names and features (≥ 0.5, words of 5+ letters: "pet frendly",
 *    "air purifier"); all words of a one- or two-word query, all but one of a longer one
 *    ("हवा साफ़ करने वाले" → "हवा साफ़ करने वाला पौधा"). Such near matches are left out
 *    when some plant matched in tiers 0–2, unless they are close (STRONG_SIMILARITY): "basil"
 *    finds Tulsi (Holy Basil), not the plants "Good for hanging baskets".
 *
 * The filter (Indoor / Outdoor) is applied after matching: matches outside it are returned as
 * `elsewhere` so the page can say "1 plant matches among all plants" instead of a bare zero.
 * When nothing matches at all, the up to 3 plants whose names are nearest are `suggestions`.
 * At most MAX_SEARCH_ROWS rows come back; the plants table is small (~100 rows), so a
 * sequential scan is cheaper than any index (see the ADR).
 */
import { type SQL, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { localisedColumn, localisedList } from "~/db/localised-column.server";
import { type PlantUsage, products } from "~/db/schema/catalogue";
import type { Lang } from "~/i18n/languages";
import { containsPattern } from "~/utils/sql-like";
import type { CatalogueItem } from "./catalogue-item";
import { type PlantQuery, withoutNukta } from "./plant-query";

/** A name to offer when nothing matched: the plant's name in the page's language. */
export interface PlantSuggestion {
  slug: string;
  name: string;
}

/** What a search of /plant found. Arrays are in rank order. */
export interface PlantSearchResult {
  /** Matching plants inside the filter. */
  plants: CatalogueItem[];
  /** How many plants match the query but are outside the filter (0 with filter "all"). */
  elsewhere: number;
  /** Nearest names when no plant matches at all, in any filter (else []); at most 3. */
  suggestions: PlantSuggestion[];
}

/** Upper bound of the rows one search returns (matches in and outside the filter). */
export const MAX_SEARCH_ROWS = 200;

/** Words of a query used for the any-order and misspelling tiers; later words are ignored. */
export const MAX_SEARCH_WORDS = 8;

/**
 * `word_similarity` a query word of 4+ letters needs to some word of the document (tier 4):
 * "frendly" → "friendly" 0.55, "purifier" → "purifying" 0.56, "वाले" → "वाला" 0.6; but also
 * "basil" → "baskets" 0.5, which is why such a match shows only when nothing matched better
 * (STRONG_SIMILARITY).
 */
export const WORD_SIMILARITY_THRESHOLD = 0.5;

/**
 * A tier-4 plant shows beside plants of tiers 0–2 only when each word is this close (≥ 0.6);
 * otherwise only when no plant has the query as a name, a name's word start or a phrase.
 */
export const STRONG_SIMILARITY = 0.6;

/** The same, to a word of the plant's names, which are short: "tulasi" → "Tulsi" 0.44. */
export const NAME_SIMILARITY_THRESHOLD = 0.4;

/**
 * Least `word_similarity` of the query, or of one of its words, to a plant's names for that name
 * to be suggested ("golden cactus" → Money Plant (Golden Pothos)).
 */
export const SUGGESTION_THRESHOLD = 0.45;

/** Suggestions shown at most. */
export const MAX_SUGGESTIONS = 3;

/** क़ ख़ ग़ ज़ ड़ ढ़ फ़ य़ (U+0958–U+095F) → their letters, and the nukta sign dropped. */
const NUKTA_FROM = "\u0958\u0959\u095a\u095b\u095c\u095d\u095e\u095f\u093c";
const NUKTA_TO = "\u0915\u0916\u0917\u091c\u0921\u0922\u092b\u092f";

/** Punctuation that separates words inside names and documents (tier 1 and short words). */
const SEPARATORS = "()[]/,;:.|-";
const SEPARATOR_SPACES = " ".repeat(SEPARATORS.length);

const usagesFor: Record<"indoor" | "outdoor", PlantUsage[]> = {
  indoor: ["indoor", "both"],
  outdoor: ["outdoor", "both"],
};

/**
 * The words of `q` for tiers 3 and 4: without the nukta, split at spaces, punctuation and
 * symbols (emoji), at most MAX_SEARCH_WORDS. An emoji-only query has none.
 */
export function searchWords(q: string): string[] {
  return withoutNukta(q)
    .split(/[\s\p{P}\p{S}]+/u)
    .filter((word) => word.length > 0)
    .slice(0, MAX_SEARCH_WORDS);
}

/**
 * A Hindi or Kannada word without its last vowel sign, so that it matches the other forms of
 * the word as a word start: वाले → वाल (वाला, वालों), पौधे → पौध (पौधा), ಬೆಳಕು → ಬೆಳಕ
 * (ಬೆಳಕಿನಲ್ಲೂ). A word of fewer than 3 characters, or in another script, is kept as it is.
 */
export function wordStem(word: string): string {
  const stemmed = word.replace(/(?:[\u093e-\u094c\u0cbe-\u0ccc][\u0901\u0902]?)$/u, "");
  return [...stemmed].length >= 2 && stemmed !== word && [...word].length >= 3 ? stemmed : word;
}

/** `text` with the nukta dropped, in SQL. */
function bare(text: SQL): SQL {
  return sql`translate(${text}, ${NUKTA_FROM}, ${NUKTA_TO})`;
}

/** The searched texts of a plant in `lang` (see the module comment), one string. */
function documentOf(lang: Lang): SQL {
  const parts: SQL[] = [
    sql`${products.name}`,
    sql`${products.nameHi}`,
    sql`${products.nameKn}`,
    sql`array_to_string(${products.features}, ' | ')`,
    sql`${products.description}`,
    sql`coalesce(${products.sunlight}, '')`,
    sql`coalesce(${products.watering}, '')`,
  ];
  if (lang === "hi") {
    parts.push(
      sql`array_to_string(${products.featuresHi}, ' | ')`,
      sql`${products.descriptionHi}`,
      sql`${products.sunlightHi}`,
      sql`${products.wateringHi}`,
    );
  } else if (lang === "kn") {
    parts.push(
      sql`array_to_string(${products.featuresKn}, ' | ')`,
      sql`${products.descriptionKn}`,
      sql`${products.sunlightKn}`,
      sql`${products.wateringKn}`,
    );
  }
  return bare(sql`concat_ws(' | ', ${sql.join(parts, sql`, `)})`);
}

/**
 * The short texts of a plant that misspellings are measured against (tier 4): its names and
 * features in English and `lang`. Descriptions are left out: trigramming them for every word of
 * every search made a query several times slower and found nothing the features did not.
 */
function termsOf(lang: Lang): SQL {
  const parts: SQL[] = [
    sql`${products.name}`,
    sql`${products.nameHi}`,
    sql`${products.nameKn}`,
    sql`array_to_string(${products.features}, ' | ')`,
  ];
  if (lang === "hi") parts.push(sql`array_to_string(${products.featuresHi}, ' | ')`);
  else if (lang === "kn") parts.push(sql`array_to_string(${products.featuresKn}, ' | ')`);
  return bare(sql`concat_ws(' | ', ${sql.join(parts, sql`, `)})`);
}

/** `% text%`: LIKE pattern of a word starting with `text` in a text led by a space. */
function wordStartPattern(text: string): string {
  return `% ${containsPattern(text).slice(1)}`;
}

/** Lower-cased name before " (…)": "tulsi" of "Tulsi (Holy Basil)". */
const firstPart = (name: SQL) => sql`lower(split_part(${bare(name)}, ' (', 1))`;

/**
 * The columns of the search's `base` rows: the plant as the page shows it in `lang`, whether it
 * is in the filter, and the texts the conditions of `matchConditions` read (names, doc, terms).
 */
function baseColumns(lang: Lang, inFilter: SQL, empty: boolean): SQL {
  return sql`
        ${products.id} as id,
        ${products.slug} as slug,
        ${localisedColumn(lang, products.name, { hi: products.nameHi, kn: products.nameKn })} as name,
        ${localisedColumn(lang, products.description, {
          hi: products.descriptionHi,
          kn: products.descriptionKn,
        })} as description,
        ${products.size} as size,
        ${products.pricePaise} as price_paise,
        ${products.stock} > 0 as in_stock,
        ${products.imagePath} as image_path,
        ${lang === "en" ? sql`${products.imageAlt}` : sql`''`} as image_alt,
        ${localisedColumn(lang, products.sunlight, { hi: products.sunlightHi, kn: products.sunlightKn })} as sunlight,
        ${localisedColumn(lang, products.watering, { hi: products.wateringHi, kn: products.wateringKn })} as watering,
        ${localisedList(lang, products.features, { hi: products.featuresHi, kn: products.featuresKn })} as features,
        ${products.usage} as usage,
        ${localisedColumn(lang, products.plantHeight, {
          hi: products.plantHeightHi,
          kn: products.plantHeightKn,
        })} as plant_height,
        ${products.sortOrder} as sort_order,
        ${inFilter} as in_filter,
        ${firstPart(sql`${products.name}`)} as first_name,
        ${firstPart(sql`${products.nameHi}`)} as first_name_hi,
        ${firstPart(sql`${products.nameKn}`)} as first_name_kn,
        lower(${bare(sql`${products.name}`)}) as names_en,
        ${bare(sql`concat_ws(' | ', ${products.name}, ${products.nameHi}, ${products.nameKn})`)} as names,
        ${empty ? sql`''` : documentOf(lang)} as doc,
        ${empty ? sql`''` : termsOf(lang)} as terms`;
}

/**
 * The SQL conditions and scores of the tiers (see the module comment) for the search text `q`
 * (without nukta) and its `words`, on the columns of the `spaced` rows.
 */
function matchConditions(q: string, words: string[]) {
  const typed = sql`${q}::text`;

  // Conditions on the columns of `base` (below): doc, spaced_doc, names, spaced_names.
  const exactName = sql`lower(${typed}) in (first_name, first_name_hi, first_name_kn, lower(names_en))`;
  const namePrefix = sql`spaced_names ilike ${wordStartPattern(q)}`;
  const contains = sql`doc ilike ${containsPattern(q)}`;
  const everyWord = allOf(
    words.map((word) => sql`spaced_doc ilike ${wordStartPattern(wordStem(word))}`),
  );
  // Tier 4: a word counts when it starts a word of the document, or (4+ letters) is close to a
  // word of the names, or (5+ letters) close to a word of the names and features.
  const wordMatches = words.map(
    (word) =>
      sql`(case when spaced_doc ilike ${wordStartPattern(wordStem(word))}${
        [...word].length >= 4
          ? sql` or word_similarity(${word}::text, names) >= ${NAME_SIMILARITY_THRESHOLD}`
          : sql``
      }${
        [...word].length >= 5
          ? sql` or word_similarity(${word}::text, terms) >= ${WORD_SIMILARITY_THRESHOLD}`
          : sql``
      } then 1 else 0 end)`,
  );
  const mostWordsClose =
    words.length > 0
      ? sql`(${sql.join(wordMatches, sql` + `)}) >= ${wordsNeeded(words.length)}`
      : sql`false`;
  const closeness =
    words.length > 0
      ? sql`(${sql.join(
          words.map((word) => sql`word_similarity(${word}::text, terms)`),
          sql` + `,
        )}) / ${words.length}`
      : sql`0::real`;
  // Suggestions: the names nearest to the query or to any one of its words.
  const nameCloseness = sql`greatest(${sql.join(
    [typed, ...words.map((word) => sql`${word}::text`)].map(
      (text) => sql`word_similarity(${text}, names)`,
    ),
    sql`, `,
  )})`;
  return { exactName, namePrefix, contains, everyWord, mostWordsClose, closeness, nameCloseness };
}

/**
 * Searches the active plants (see the module comment) in one statement.
 * `query.q` is the parsed search text (plant-query.ts: NFC, trimmed, ≤ 100 characters); an
 * empty one lists the plants of the filter in catalogue order. Never throws on any text: it is
 * sent as bound parameters and `%`, `_` and `\` are taken literally.
 * @returns plants in the filter, the count of matches outside it and, when nothing matches
 *   anywhere, up to 3 nearest names; names and texts in `lang` (English where not translated).
 */
export async function searchPlants(
  db: Database,
  query: PlantQuery,
  lang: Lang,
): Promise<PlantSearchResult> {
  const q = withoutNukta(query.q);
  const typed = sql`${q}::text`;
  const words = searchWords(query.q);
  const inFilter =
    query.filter === "all"
      ? sql`true`
      : sql`${products.usage} in (${sql.join(
          usagesFor[query.filter].map((usage) => sql`${usage}`),
          sql`, `,
        )})`;
  const { exactName, namePrefix, contains, everyWord, mostWordsClose, closeness, nameCloseness } =
    matchConditions(q, words);
  const empty = q === "";

  // `materialized`: each plant's texts are joined and translated once, not at every reference
  // (PostgreSQL would otherwise inline the CTE into each condition).
  const statement = sql`
    with base as materialized (
      select ${baseColumns(lang, inFilter, empty)}
      from ${products}
      where ${products.kind} = 'plant' and ${products.active}
    ),
    spaced as materialized (
      select base.*,
        ' ' || translate(names, ${SEPARATORS}, ${SEPARATOR_SPACES}) as spaced_names,
        ' ' || translate(doc, ${SEPARATORS}, ${SEPARATOR_SPACES}) as spaced_doc
      from base
    ),
    scored as (
      select spaced.*,
        ${
          empty
            ? sql`0`
            : sql`case
          when ${exactName} then 0
          when ${namePrefix} then 1
          when ${contains} then 2
          when ${everyWord} then 3
          when ${mostWordsClose} then 4
        end`
        } as tier
      from spaced
    ),
    ranked as (
      select scored.*,
        case when tier = 4 then ${closeness} else 1 end as closeness,
        bool_or(tier is not null) over () as any_match,
        coalesce(bool_or(tier <= 2) over (), false) as phrase_match
      from scored
    ),
    suggested as (
      select ranked.*,
        case when any_match then 0 else ${nameCloseness} end as name_closeness
      from ranked
    ),
    numbered as (
      select suggested.*,
        row_number() over (order by name_closeness desc, sort_order, id) as near_rank
      from suggested
    )
    select id, slug, name, description, size, price_paise, in_stock, image_path, image_alt,
      sunlight, watering, features, usage, plant_height, in_filter, tier
    from numbered
    where (
        (tier <= 3 or (tier = 4 and (not phrase_match or closeness >= ${STRONG_SIMILARITY})))
        and (in_filter or ${typed} <> '')
      )
      or (not any_match and near_rank <= ${MAX_SUGGESTIONS}
        and name_closeness >= ${SUGGESTION_THRESHOLD})
    order by tier nulls last, closeness desc, near_rank, sort_order, id
    limit ${MAX_SEARCH_ROWS}`;

  const rows = ((await db.execute(statement)) as unknown as { rows: SearchRow[] }).rows;
  const result: PlantSearchResult = { plants: [], elsewhere: 0, suggestions: [] };
  for (const row of rows) {
    if (row.tier === null) result.suggestions.push({ slug: row.slug, name: row.name });
    else if (row.in_filter) result.plants.push(toPlant(row));
    else result.elsewhere += 1;
  }
  return result;
}

/**
 * Words of a query of `count` words that must match for tier 4: all of one or two, all but one
 * of three or more ("हवा साफ़ करने वाले" finds "हवा साफ़ करने वाला पौधा").
 */
export function wordsNeeded(count: number): number {
  return count <= 2 ? count : count - 1;
}

/** `a and b and …`, or false for no conditions (an emoji-only query has no words). */
function allOf(conditions: SQL[]): SQL {
  return conditions.length > 0 ? sql`(${sql.join(conditions, sql` and `)})` : sql`false`;
}

interface SearchRow {
  id: number;
  slug: string;
  name: string;
  description: string;
  size: string | null;
  price_paise: number;
  in_stock: boolean;
  image_path: string;
  image_alt: string;
  sunlight: string | null;
  watering: string | null;
  features: string[];
  usage: PlantUsage | null;
  plant_height: string | null;
  in_filter: boolean;
  tier: number | null;
}

function toPlant(row: SearchRow): CatalogueItem {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    ...(row.size ? { size: row.size } : {}),
    pricePaise: row.price_paise,
    imagePath: row.image_path,
    ...(row.image_alt ? { imageAlt: row.image_alt } : {}),
    sunlight: row.sunlight,
    watering: row.watering,
    features: row.features,
    usage: row.usage,
    plantHeight: row.plant_height,
    inStock: row.in_stock,
  };
}
