/**
 * The message catalogues on the server (docs/languages.md; ADR 0020): one JSON catalogue per
 * language (`catalogues/en.json`, `hi.json`, `kn.json`), flat `{ id: ICU message }`, ids grouped by
 * namespace (`frame.…`, `plant.…`, `errors.…`: the text before the first dot). Compiled once at
 * start-up with Lingui's compiler; pages receive only the compiled messages of the namespaces they
 * use, in their loader data (no catalogue in the JavaScript bundle).
 *
 * Refusals and form messages carry a message id (ADR 0024; app/utils/refusal.ts) and are
 * rendered in the page's language with `refusalText` and `fieldErrorTexts`; no English text is
 * ever read back or matched.
 */

import { type I18n, setupI18n } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { pagePathOf } from "~/utils/data-request";
import { type FormIssue, issueRef, type MessageRef } from "~/utils/refusal";
import en from "./catalogues/en.json" with { type: "json" };
import hi from "./catalogues/hi.json" with { type: "json" };
import kn from "./catalogues/kn.json" with { type: "json" };
import { isLang, LANGUAGE_COOKIE, type Lang, langFromPath } from "./languages";

/** A catalogue as stored: id → ICU message. */
export type Catalogue = Record<string, string>;
/** Compiled messages as Lingui's runtime reads them (id → compiled form). */
export type CompiledMessages = Record<string, ReturnType<typeof compileMessage>>;

/**
 * Namespaces only the English catalogue holds: `dashboard` (the staff dashboard's refusals),
 * because the staff dashboard stays English (docs/languages.md).
 */
export const ENGLISH_ONLY_NAMESPACES: readonly string[] = ["dashboard"];

/** The catalogues as written, for the catalogue tests. */
export const catalogues: Record<Lang, Catalogue> = { en, hi, kn };

const compiled: Record<Lang, CompiledMessages> = {
  en: compileCatalogue(en),
  hi: compileCatalogue(hi),
  kn: compileCatalogue(kn),
};

function compileCatalogue(catalogue: Catalogue): CompiledMessages {
  return Object.fromEntries(
    Object.entries(catalogue).map(([id, text]) => [id, compileMessage(text)]),
  );
}

/** The namespace of a message id: `plant.search.label` → `plant`. */
export function namespaceOf(id: string): string {
  const dot = id.indexOf(".");
  return dot === -1 ? id : id.slice(0, dot);
}

const byScopes = new Map<string, CompiledMessages>();

/**
 * The compiled messages of `scopes` in `lang`, for a loader to return as `messages` (merged
 * by `LanguageProvider` from every matched route). A scope is a namespace (`"shop"`: every
 * `shop.*` id), a narrower dotted prefix (`"cart.add"`: `cart.add.*` only) or one id, so that a page
 * sends no words it never shows (they travel in its inline data, which counts towards the
 * 140 KB first-load budget). Cached per language and list.
 */
export function messagesFor(lang: Lang, scopes: readonly string[]): CompiledMessages {
  const key = `${lang}:${scopes.join(",")}`;
  let messages = byScopes.get(key);
  if (!messages) {
    messages = Object.fromEntries(
      Object.entries(compiled[lang]).filter(([id]) =>
        scopes.some((scope) => id === scope || id.startsWith(`${scope}.`)),
      ),
    );
    byScopes.set(key, messages);
  }
  return messages;
}

const translators: Partial<Record<Lang, I18n>> = {};

/** A Lingui instance holding every message of `lang` (shared, never re-activated). */
export function serverI18n(lang: Lang): I18n {
  let i18n = translators[lang];
  if (!i18n) {
    i18n = setupI18n({ locale: lang, messages: { [lang]: compiled[lang] } });
    translators[lang] = i18n;
  }
  return i18n;
}

/** `t(lang, id, values)`: one message as text, for server code (meta, redirects, e-mails). */
export function t(lang: Lang, id: string, values?: Record<string, unknown>): string {
  return serverI18n(lang)._(id, values);
}

/**
 * A refusal's or other server message's words in `lang` (ADR 0024): its id rendered through
 * the language's catalogue with its values. `ref` is a `Refusal` (app/utils/refusal.ts) or the
 * plain `{ id, values }` it travels as.
 */
export function refusalText(lang: Lang, ref: MessageRef): string {
  return t(lang, ref.id, ref.values);
}

/**
 * The first message per field of a zod error's issues, in `lang`, keyed by the top-level field
 * name (`form` for an issue about the whole form). Schemas write message ids as their messages
 * (`.max(80, "errors.form.nameTooLong")`; a custom issue adds its values as `params`); the values
 * are the issue's `params`, and `max` / `min` of a too-big / too-small issue (ADR 0024). A
 * message that is not a catalogue id (zod's own, for input no form of ours sends: a field
 * posted twice as an array, a missing field) reads "Check this field." (`errors.form.invalid`).
 */
export function fieldErrorTexts(lang: Lang, issues: readonly FormIssue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? "form");
    errors[key] ??= issueText(lang, issue);
  }
  return errors;
}

/** The message id of an issue whose message is not an id (zod's own, for input no form sends). */
const INVALID_FIELD = "errors.form.invalid";

function issueText(lang: Lang, issue: FormIssue): string {
  return refusalText(lang, issueRef(issue, INVALID_FIELD));
}

/**
 * The language of a request: its path's prefix (`/hi/…`), English otherwise. Client-side
 * navigations and form posts ask for `/hi.data` (React Router's single fetch, which hands
 * loaders and actions that URL): the `.data` suffix is not part of the page's path.
 */
export function langOf(request: Request): Lang {
  return langFromPath(pagePathOf(request));
}

/** The language remembered in the `lang` cookie, or null (absent or junk: ignored). */
export function rememberedLang(cookieHeader: string | null | undefined): Lang | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === LANGUAGE_COOKIE) {
      const value = rest.join("=").trim();
      return isLang(value) ? value : null;
    }
  }
  return null;
}
