/**
 * The message catalogues on the server (docs/languages.md; ADR 0020): one JSON catalogue per
 * language (`catalogues/en.json`, `hi.json`, `kn.json`), flat `{ id: ICU message }`, ids grouped by
 * namespace (`frame.…`, `plant.…`, `errors.…`: the text before the first dot). Compiled once at
 * start-up with Lingui's compiler; pages receive only the compiled messages of the namespaces they
 * use, in their loader data (no catalogue in the JavaScript bundle).
 *
 * Refusals carry a message id (ADR 0024; app/utils/refusal.ts) and are rendered with
 * `refusalText`. Texts the server still produces in English (zod form errors, the refusals not
 * yet moved to ids) are translated on their way out by `localiseText`: the `errors` namespace
 * holds them as English templates, matched exactly (placeholders `{name}` match any text and are
 * carried over). It goes once every producer refuses with ids.
 */

import { type I18n, setupI18n } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { data } from "react-router";
import { pagePathOf } from "~/utils/data-request";
import type { MessageRef } from "~/utils/refusal";
import en from "./catalogues/en.json";
import hi from "./catalogues/hi.json";
import kn from "./catalogues/kn.json";
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

/** A zod issue as `fieldErrorTexts` reads it (zod 4's `$ZodIssue`, narrowed). */
export interface FormIssue {
  path: readonly PropertyKey[];
  message: string;
  maximum?: unknown;
  minimum?: unknown;
  params?: Record<string, unknown>;
}

/**
 * The first message per field of a zod error's issues, in `lang`, keyed by the top-level field
 * name (`form` for an issue about the whole form). Schemas write message ids as their messages
 * (`.max(80, "errors.form.nameTooLong")`; a custom issue adds its values as `params`); the values
 * are the issue's `params`, and `max` / `min` of a too-big / too-small issue (ADR 0024).
 */
export function fieldErrorTexts(lang: Lang, issues: readonly FormIssue[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? "form");
    errors[key] ??= issueText(lang, issue);
  }
  return errors;
}

function issueText(lang: Lang, issue: FormIssue): string {
  if (!(issue.message in en)) return issue.message;
  const values: Record<string, unknown> = { ...issue.params };
  if (issue.maximum !== undefined) values.max ??= issue.maximum;
  if (issue.minimum !== undefined) values.min ??= issue.minimum;
  return t(lang, issue.message, values);
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

interface TextMatcher {
  id: string;
  pattern: RegExp;
  names: string[];
}

let matchers: TextMatcher[] | null = null;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function buildMatchers(): TextMatcher[] {
  return (
    Object.entries(en)
      .filter(([id]) => namespaceOf(id) === "errors")
      .map(([id, template]) => {
        const names: string[] = [];
        const source = template
          .split(/(\{[a-zA-Z0-9_]+\})/)
          .map((part) => {
            const placeholder = /^\{([a-zA-Z0-9_]+)\}$/.exec(part);
            if (!placeholder) return escapeRegExp(part.replace(/''/g, "'"));
            names.push(placeholder[1] ?? "");
            return "(.+?)";
          })
          .join("");
        return { id, pattern: new RegExp(`^${source}$`, "s"), names };
      })
      // Exact texts before templates, longer templates before shorter ones.
      .sort(
        (a, b) =>
          a.names.length - b.names.length || b.pattern.source.length - a.pattern.source.length,
      )
  );
}

/**
 * An English text the server produced (a form error, a refusal) in `lang`: the `errors`
 * template it matches, with its placeholders' values carried over; the English text when no
 * template matches (a new message not yet translated still reaches the visitor).
 */
export function localiseText(lang: Lang, english: string): string {
  if (lang === "en") return english;
  matchers ??= buildMatchers();
  for (const matcher of matchers) {
    const match = matcher.pattern.exec(english);
    if (!match) continue;
    const values = Object.fromEntries(matcher.names.map((name, index) => [name, match[index + 1]]));
    return t(lang, matcher.id, values);
  }
  return english;
}

/** Keys of action data whose string values are messages for the visitor. */
const MESSAGE_KEYS = new Set(["errors", "itemErrors", "formError", "error", "message", "notice"]);

function localiseMessages(lang: Lang, value: unknown): unknown {
  if (typeof value === "string") return localiseText(lang, value);
  if (Array.isArray(value)) return value.map((item) => localiseMessages(lang, item));
  if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, localiseMessages(lang, item)]),
    );
  }
  return value;
}

/**
 * Action data with its messages (values under `errors`, `itemErrors`, `formError`, `error`,
 * `message`, `notice`, at any depth) in `lang`; entered values and everything else untouched. Accepts
 * plain objects and `data()` results; Responses (redirects) pass through.
 */
export function localiseActionData<T>(lang: Lang, result: T): T {
  if (lang === "en" || result === null || typeof result !== "object") return result;
  if (result instanceof Response) return result;
  if (Array.isArray(result)) return result.map((item) => localiseActionData(lang, item)) as T;
  const record = result as Record<string, unknown>;
  if (record.type === "DataWithResponseInit" && "data" in record) {
    const init = (record.init as ResponseInit | null) ?? undefined;
    return data(localiseActionData(lang, record.data), init) as T;
  }
  // Only plain objects are walked; Dates, Maps and the like pass through as they are.
  if (Object.getPrototypeOf(record) !== Object.prototype) return result;
  return Object.fromEntries(
    Object.entries(record).map(([key, value]) => [
      key,
      MESSAGE_KEYS.has(key) ? localiseMessages(lang, value) : localiseActionData(lang, value),
    ]),
  ) as T;
}
