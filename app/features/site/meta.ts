/**
 * Page title and description for route `meta` exports (every page sets both).
 */
import { siteConfig } from "./site-config";

/** `[{title}, {name: "description"}]` with the brand appended to the title. */
export function pageMeta(title: string, description: string) {
  return [
    { title: `${title} | ${siteConfig.brandName}` },
    { name: "description", content: description },
  ];
}
