/**
 * Search and filter of /plant, read from the URL (spec §4: the plant page keeps the filter
 * and the search text; here they live in the query string so they survive reloads and work
 * without JavaScript). Odd input never fails: it falls back to the defaults.
 */
export const plantFilters = ["all", "indoor", "outdoor"] as const;
export type PlantFilter = (typeof plantFilters)[number];

/** Longest search text kept; longer input is cut, not refused. */
export const MAX_SEARCH_LENGTH = 100;

export interface PlantQuery {
  q: string;
  filter: PlantFilter;
}

/** Parses `?q=…&filter=…`: q in NFC, trimmed, whitespace collapsed, cut to 100 chars; filter defaults to "all". */
export function parsePlantQuery(searchParams: URLSearchParams): PlantQuery {
  const rawFilter = searchParams.get("filter") ?? "all";
  const filter = (plantFilters as readonly string[]).includes(rawFilter)
    ? (rawFilter as PlantFilter)
    : "all";
  const q = (searchParams.get("q") ?? "")
    .normalize("NFC")
    .replace(/\p{Cc}/gu, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, MAX_SEARCH_LENGTH)
    .trim();
  return { q, filter };
}

/** The Devanagari nukta (U+093C), which Hindi typists often leave out: ख़ → ख. */
const NUKTA = /\u093c/g;

/**
 * `text` without the Devanagari nukta, after NFC (which splits क़ and its kin into letter +
 * nukta), so "अख़बार" and "अखबार" compare equal.
 */
export function withoutNukta(text: string): string {
  return text.normalize("NFC").replace(NUKTA, "");
}
