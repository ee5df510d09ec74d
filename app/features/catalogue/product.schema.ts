/**
 * The admin's product form (docs/dashboard.md): one zod schema used by the create and edit
 * actions. It refuses everything the `products` check constraints would refuse (negative
 * price or stock, unknown kind or usage) with a message for the field, plus limits of its
 * own: price ₹1 to ₹1,00,000 with at most 2 decimals (read by `parseRupees`, so "1,200" is
 * ₹1,200), stock a whole number 0 to 10,000. The Hindi and Kannada name and description
 * are optional ('' shows the English on the Hindi or Kannada page), with the
 * English limits; so are a plant's sunlight, watering, height and features in Hindi and
 * Kannada (features entered like the English ones).
 * Messages are `dashboard.product.*` ids (ADR 0024), rendered by `fieldErrorTexts("en", issues)`
 * (`max` from a too-long issue; a custom issue carries its values in `params`).
 * Server only (ADR 0006); the browser gets the same limits as plain attributes.
 */
import { z } from "zod";
import { type FeedGroup, feedGroups, plantUsages, productKinds } from "~/db/schema/catalogue";
import { parseRupees } from "~/utils/typed-numbers";

/** Highest price of one product, paise (₹1,00,000). */
export const MAX_PRICE_PAISE = 10_000_000;
/** Lowest price of one product, paise (₹1): a product at ₹0 would be given away. */
export const MIN_PRICE_PAISE = 100;
/** Highest stock of one product, units. */
export const MAX_STOCK = 10_000;

/** Message id of a price that is not a rupee amount with at most 2 decimals. */
export const PRICE_FORMAT_MESSAGE = "dashboard.product.priceFormat";
/** Message id of a price outside ₹1 to ₹1,00,000. */
export const PRICE_RANGE_MESSAGE = "dashboard.product.priceRange";
/** Message id of a plant without indoor, outdoor or both. */
export const USAGE_MESSAGE = "dashboard.product.usageRequired";
/** A plant needs a feeding group (docs/shop.md "What to feed this plant"). */
export const FEED_GROUP_MESSAGE = "dashboard.product.feedGroupRequired";
/** Message id of a stock that is not a whole number from 0 to 10,000. */
export const STOCK_MESSAGE = "dashboard.product.stockInvalid";
/** Most features of one product, and most characters of one feature. */
const MAX_FEATURES = 10;
const MAX_FEATURE_LENGTH = 60;

/**
 * The GST rates a product may carry, in per cent as the form sends them (the slabs in force
 * since 22 Sep 2025, Notification 9/2025-Central Tax (Rate), with 0 for exempt goods such as
 * live plants; docs/tax.md). Stored in basis points.
 */
export const gstRateChoices = ["0", "0.25", "3", "5", "18", "40"] as const;

/** Form field names, in the order they appear on the page. */
export const productFields = [
  "slug",
  "name",
  "nameHi",
  "nameKn",
  "kind",
  "price",
  "stock",
  "active",
  "description",
  "descriptionHi",
  "descriptionKn",
  "size",
  "hsnCode",
  "gstRate",
  "usage",
  "sunlight",
  "sunlightHi",
  "sunlightKn",
  "watering",
  "wateringHi",
  "wateringKn",
  "plantHeight",
  "plantHeightHi",
  "plantHeightKn",
  "features",
  "featuresHi",
  "featuresKn",
  "feedGroup",
  "fitsGroups",
  "careUse",
  "careUseHi",
  "careUseKn",
  "careAmount",
  "careAmountHi",
  "careAmountKn",
  "careFrequency",
  "careFrequencyHi",
  "careFrequencyKn",
  "imagePath",
  "imageAlt",
] as const;
export type ProductField = (typeof productFields)[number];

export const productLimits = {
  slug: 80,
  name: 100,
  nameHi: 100,
  nameKn: 100,
  description: 2000,
  descriptionHi: 2000,
  descriptionKn: 2000,
  size: 40,
  sunlight: 200,
  sunlightHi: 200,
  sunlightKn: 200,
  watering: 200,
  wateringHi: 200,
  wateringKn: 200,
  plantHeight: 40,
  plantHeightHi: 40,
  plantHeightKn: 40,
  features: 500,
  featuresHi: 500,
  featuresKn: 500,
  careUse: 200,
  careUseHi: 200,
  careUseKn: 200,
  careAmount: 200,
  careAmountHi: 200,
  careAmountKn: 200,
  careFrequency: 200,
  careFrequencyHi: 200,
  careFrequencyKn: 200,
  imagePath: 200,
  imageAlt: 200,
} as const;

/** The text fields with a length limit: each has the id `dashboard.product.tooLong.<field>`. */
type LimitedField = Exclude<keyof typeof productLimits, "slug" | "imagePath">;

/** The id of "<field> can be at most {max} characters." */
function tooLong(field: LimitedField): string {
  return `dashboard.product.tooLong.${field}`;
}

/** Text, trimmed, at most `productLimits[field]` characters. */
function text(field: LimitedField) {
  return z.string().trim().max(productLimits[field], tooLong(field));
}

/** Required text: `emptyMessage` is the id of the message for nothing entered. */
function requiredText(field: LimitedField, emptyMessage: string) {
  return text(field).min(1, emptyMessage);
}

/** Empty text becomes null (an optional column). */
function optionalText(field: LimitedField) {
  return text(field).transform((value) => value || null);
}

/**
 * An optional translation: trimmed, in NFC (so searches match however it was typed), '' for
 * none (also when the field is missing).
 */
function translation(field: LimitedField) {
  return z
    .string()
    .optional()
    .transform((value = "") => value.normalize("NFC").trim())
    .pipe(z.string().max(productLimits[field], tooLong(field)));
}

/** Rupees as `parseRupees` reads them (money.ts), with this form's two messages. */
const price = z.string().transform((value, ctx) => {
  const paise = parseRupees(value, { minPaise: MIN_PRICE_PAISE, maxPaise: MAX_PRICE_PAISE });
  if (!paise.ok) {
    const message = paise.problem === "range" ? PRICE_RANGE_MESSAGE : PRICE_FORMAT_MESSAGE;
    ctx.addIssue({ code: "custom", message });
    return z.NEVER;
  }
  return paise.value;
});

const stock = z.string().transform((value, ctx) => {
  const trimmed = value.trim();
  const units = /^\d{1,5}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  if (!(units >= 0 && units <= MAX_STOCK)) {
    ctx.addIssue({ code: "custom", message: STOCK_MESSAGE });
    return z.NEVER;
  }
  return units;
});

/** The stock sheet of the catalogue page (ADR 0031): each product's stock, checked as above. */
export const stockSheetSchemas = { stock } as const;

/** A stock sheet cell's shown value as the page wrote it (units, digits); null for anything else. */
export function readShownStock(_field: "stock", text: string): number | null {
  return /^\d{1,5}$/.test(text) ? Number(text) : null;
}

/** A path under /images/ made of safe characters, ending in an image extension. */
const IMAGE_PATH =
  /^\/images\/(?:[a-z0-9][a-z0-9_-]*\/)*[a-z0-9][a-z0-9._-]*\.(?:svg|png|jpe?g|webp|avif)$/i;

const imagePath = z
  .string()
  .trim()
  .min(1, "dashboard.product.imagePathRequired")
  .max(productLimits.imagePath, "dashboard.product.imagePathTooLong")
  .refine((value) => IMAGE_PATH.test(value) && !value.includes(".."), {
    message: "dashboard.product.imagePathInvalid",
  });

/** Features typed one per line or separated by commas; empty entries dropped. */
function featureList(value: string, ctx: z.RefinementCtx): string[] {
  const list = value
    .split(/[\n,]/)
    .map((item) => item.trim())
    .filter(Boolean);
  if (list.length > MAX_FEATURES) {
    ctx.addIssue({
      code: "custom",
      message: "dashboard.product.tooManyFeatures",
      params: { max: MAX_FEATURES },
    });
    return z.NEVER;
  }
  if (list.some((item) => item.length > MAX_FEATURE_LENGTH)) {
    ctx.addIssue({
      code: "custom",
      message: "dashboard.product.featureTooLong",
      params: { max: MAX_FEATURE_LENGTH },
    });
    return z.NEVER;
  }
  return list;
}

const features = text("features").transform(featureList);

/** A plant's feeding group: one of `feedGroups`, or '' for none (null). */
const feedGroup = z
  .string()
  .optional()
  .transform((value = "") => value.trim())
  .refine((value) => value === "" || feedGroups.some((group) => group === value), {
    message: "dashboard.product.feedGroupInvalid",
  })
  .transform((value) => (feedGroups.find((group) => group === value) ?? null) as FeedGroup | null);

/**
 * The feeding groups a fertiliser fits, as the form's action joins its ticked boxes
 * ("foliage,edible"): each one of `feedGroups`, in their order, none twice.
 */
const fitsGroups = z
  .string()
  .optional()
  .transform((value = "", ctx): FeedGroup[] => {
    const ticked = value
      .split(",")
      .map((item) => item.trim())
      .filter(Boolean);
    if (ticked.some((item) => !feedGroups.some((group) => group === item))) {
      ctx.addIssue({ code: "custom", message: "dashboard.product.fitsGroupsInvalid" });
      return z.NEVER;
    }
    return feedGroups.filter((group) => ticked.includes(group));
  });

/** Translated features: like `features`, in NFC, [] (show the English) when empty or missing. */
function translatedFeatures(field: "featuresHi" | "featuresKn") {
  return translation(field).transform(featureList);
}

export const productSchema = z
  .object({
    name: requiredText("name", "dashboard.product.nameRequired"),
    nameHi: translation("nameHi"),
    nameKn: translation("nameKn"),
    kind: z.enum(productKinds, { error: "dashboard.product.kindInvalid" }),
    price,
    stock,
    /** A checkbox: present ("on") when ticked. */
    active: z.string().transform((value) => value === "on" || value === "true"),
    description: requiredText("description", "dashboard.product.descriptionRequired"),
    descriptionHi: translation("descriptionHi"),
    descriptionKn: translation("descriptionKn"),
    size: optionalText("size"),
    // docs/tax.md: the HSN code (4, 6 or 8 digits; '' until known) and the GST rate its bill uses.
    hsnCode: z
      .string()
      .trim()
      .regex(/^([0-9]{4}|[0-9]{6}|[0-9]{8})?$/, "dashboard.product.hsnInvalid"),
    gstRate: z
      .enum(gstRateChoices, { error: "dashboard.product.gstRateInvalid" })
      .transform((value) => Math.round(Number(value) * 100)),
    usage: z.string(),
    sunlight: optionalText("sunlight"),
    sunlightHi: translation("sunlightHi"),
    sunlightKn: translation("sunlightKn"),
    watering: optionalText("watering"),
    wateringHi: translation("wateringHi"),
    wateringKn: translation("wateringKn"),
    plantHeight: optionalText("plantHeight"),
    plantHeightHi: translation("plantHeightHi"),
    plantHeightKn: translation("plantHeightKn"),
    features,
    featuresHi: translatedFeatures("featuresHi"),
    featuresKn: translatedFeatures("featuresKn"),
    feedGroup,
    fitsGroups,
    careUse: translation("careUse"),
    careUseHi: translation("careUseHi"),
    careUseKn: translation("careUseKn"),
    careAmount: translation("careAmount"),
    careAmountHi: translation("careAmountHi"),
    careAmountKn: translation("careAmountKn"),
    careFrequency: translation("careFrequency"),
    careFrequencyHi: translation("careFrequencyHi"),
    careFrequencyKn: translation("careFrequencyKn"),
    imagePath,
    imageAlt: requiredText("imageAlt", "dashboard.product.imageAltRequired"),
  })
  .transform((input, ctx) => {
    if (input.kind === "fertiliser") {
      // Plant fields are null for fertilisers (schema comment on `products`).
      return {
        ...input,
        usage: null,
        sunlight: null,
        watering: null,
        plantHeight: null,
        features: [] as string[],
        sunlightHi: "",
        sunlightKn: "",
        wateringHi: "",
        wateringKn: "",
        plantHeightHi: "",
        plantHeightKn: "",
        featuresHi: [] as string[],
        featuresKn: [] as string[],
        feedGroup: null,
      };
    }
    const usage = plantUsages.find((value) => value === input.usage);
    if (!usage) {
      ctx.addIssue({
        code: "custom",
        path: ["usage"],
        message: USAGE_MESSAGE,
      });
    }
    if (!input.feedGroup) {
      ctx.addIssue({ code: "custom", path: ["feedGroup"], message: FEED_GROUP_MESSAGE });
    }
    if (!usage || !input.feedGroup) return z.NEVER;
    // Care guidance and fitting groups are a fertiliser's (schema comment on `products`).
    return {
      ...input,
      usage,
      size: null,
      fitsGroups: null,
      careUse: null,
      careUseHi: "",
      careUseKn: "",
      careAmount: null,
      careAmountHi: "",
      careAmountKn: "",
      careFrequency: null,
      careFrequencyHi: "",
      careFrequencyKn: "",
    };
  });

/**
 * The usage message's id when other fields failed too: zod runs the object-level check only on
 * an otherwise valid form, and every message should show at once.
 */
export function usageProblem(fields: { kind: string; usage: string }): string | null {
  const ok = fields.kind !== "plant" || plantUsages.some((value) => value === fields.usage);
  return ok ? null : USAGE_MESSAGE;
}

/** The feeding group's message id when other fields failed too (as `usageProblem`). */
export function feedGroupProblem(fields: { kind: string; feedGroup: string }): string | null {
  if (fields.kind !== "plant" || feedGroups.some((group) => group === fields.feedGroup.trim())) {
    return null;
  }
  return fields.feedGroup.trim() ? "dashboard.product.feedGroupInvalid" : FEED_GROUP_MESSAGE;
}

/** What the product form saves (money in paise, stock in units). */
export type ProductInput = z.output<typeof productSchema>;

/** Slug of a new product: lower-case words joined by hyphens, unique in the catalogue. */
export const slugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(productLimits.slug, "dashboard.product.slugTooLong")
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "dashboard.product.slugInvalid");

/** A slug made from a name: "Peace Lily (large)" → "peace-lily-large". */
export function slugFromName(name: string): string {
  return name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, productLimits.slug)
    .replace(/-+$/, "");
}
