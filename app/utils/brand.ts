/**
 * The shop's brand name, default 'Scrap & Sprout' (docs/product.md: the operator's name is
 * configuration). Set here once: `siteConfig.brandName` (app/features/site/site-config.ts) shows it
 * on the site, and the staff password rules refuse passwords containing it (docs/operations.md
 * "Security"), which a feature outside `site` could not read from siteConfig.
 */
export const BRAND_NAME = "Scrap & Sprout";
