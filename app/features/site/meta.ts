/**
 * Page title and description for route `meta` exports (every page sets both).
 */
import { type MessageValues, metaTranslator } from "~/i18n/i18n-react";
import { siteConfig } from "./site-config";

/** A page title with the brand appended: "Checkout | Scrap & Sprout". */
export function brandedTitle(title: string): string {
  return `${title} | ${siteConfig.brandName}`;
}

/** `[{title}, {name: "description"}]` with the brand appended to the title. */
export function pageMeta(title: string, description: string) {
  return [{ title: brandedTitle(title) }, { name: "description", content: description }];
}

/**
 * `pageMeta` from message ids, in the page's language: `titleId` and
 * `descriptionId` are looked up in the messages the matched loaders returned.
 */
export function localisedPageMeta(
  args: Parameters<typeof metaTranslator>[0],
  titleId: string,
  descriptionId: string,
  values?: MessageValues,
) {
  const t = metaTranslator(args);
  return pageMeta(t(titleId, values), t(descriptionId, values));
}
