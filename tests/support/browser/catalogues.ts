/**
 * The message catalogues as browser tests read them: the Hindi and Kannada texts by id, and the
 * English ones (the ids every catalogue holds; app/i18n/catalogues/*.json).
 */
import en from "../../../app/i18n/catalogues/en.json" with { type: "json" };
import hi from "../../../app/i18n/catalogues/hi.json" with { type: "json" };
import kn from "../../../app/i18n/catalogues/kn.json" with { type: "json" };

/** The languages other than English. */
export type OtherLang = "hi" | "kn";

/** Hindi and Kannada messages by id. */
export const catalogues: Record<OtherLang, Record<string, string>> = { hi, kn };

/** English messages by id. */
export const english = en as Record<string, string>;

/** The message `id` in `lang`, as written in its catalogue. @throws when it has none. */
export function messageOf(lang: OtherLang, id: string): string {
  const message = catalogues[lang][id];
  if (message === undefined) throw new Error(`no ${lang} message ${id}`);
  return message;
}
