/**
 * The admin's product form (docs/dashboard.md): one zod schema used by the create and edit
 * actions. It refuses everything the `products` check constraints would refuse (negative
 * price or stock, unknown kind or usage) with a message for the field, plus limits of its
 * own: price ₹1 to ₹1,00,000 with at most 2 decimals (read by `parseRupees`, so "1,200" is
 * ₹1,200), stock a whole number 0 to 10,000. The Hindi and Kannada name and description
 * are optional ('' shows the English on the Hindi or Kannada page), with the
 * English limits; so are a plant's sunlight, watering, height and features in Hindi and
 * Kannada (features entered like the English ones).
 * Server only (ADR 0006); the browser gets the same limits as plain attributes.
 */
import { z } from "zod";
import { plantUsages, productKinds } from "~/db/schema/catalogue";
import { parseRupees } from "~/utils/money";

/** Highest price of one product, paise (₹1,00,000). */
export const MAX_PRICE_PAISE = 10_000_000;
/** Lowest price of one product, paise (₹1): a product at ₹0 would be given away. */
export const MIN_PRICE_PAISE = 100;
/** Highest stock of one product, units. */
export const MAX_STOCK = 10_000;

export const PRICE_FORMAT_MESSAGE = "Enter a price like 249 or 249.50.";
export const PRICE_RANGE_MESSAGE = "Enter a price from ₹1 to ₹1,00,000.";
export const USAGE_MESSAGE = "Choose indoor, outdoor or both for a plant.";
export const STOCK_MESSAGE = "Enter the stock as a whole number from 0 to 10,000.";

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
  imagePath: 200,
  imageAlt: 200,
} as const;

function text(label: string, max: number) {
  return z.string().trim().max(max, `${label} can be at most ${max} characters.`);
}

function requiredText(label: string, max: number, emptyMessage: string) {
  return text(label, max).min(1, emptyMessage);
}

/** Empty text becomes null (an optional column). */
function optionalText(label: string, max: number) {
  return text(label, max).transform((value) => value || null);
}

/**
 * An optional translation: trimmed, in NFC (so searches match however it was typed), '' for
 * none (also when the field is missing).
 */
function translation(label: string, max: number) {
  return z
    .string()
    .optional()
    .transform((value = "") => value.normalize("NFC").trim())
    .pipe(z.string().max(max, `${label} can be at most ${max} characters.`));
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

/** A path under /images/ made of safe characters, ending in an image extension. */
const IMAGE_PATH =
  /^\/images\/(?:[a-z0-9][a-z0-9_-]*\/)*[a-z0-9][a-z0-9._-]*\.(?:svg|png|jpe?g|webp|avif)$/i;

const imagePath = z
  .string()
  .trim()
  .min(1, "Choose an illustration or enter an image path under /images/.")
  .max(productLimits.imagePath, "This image path is too long.")
  .refine((value) => IMAGE_PATH.test(value) && !value.includes(".."), {
    message: "Enter an image path under /images/, like /images/products/tulsi.svg.",
  });

/** Features typed one per line or separated by commas; empty entries dropped. */
function featureList(value: string, ctx: z.RefinementCtx): string[] {
  const list = value
    .split(/[\n,]/)
    .map((item) => item.trim())
    .filter(Boolean);
  if (list.length > 10) {
    ctx.addIssue({ code: "custom", message: "List at most 10 features." });
    return z.NEVER;
  }
  if (list.some((item) => item.length > 60)) {
    ctx.addIssue({ code: "custom", message: "Keep each feature under 60 characters." });
    return z.NEVER;
  }
  return list;
}

const features = text("Features", productLimits.features).transform(featureList);

/** Translated features: like `features`, in NFC, [] (show the English) when empty or missing. */
function translatedFeatures(label: string, max: number) {
  return translation(label, max).transform(featureList);
}

export const productSchema = z
  .object({
    name: requiredText("The name", productLimits.name, "Enter the product's name."),
    nameHi: translation("The Hindi name", productLimits.nameHi),
    nameKn: translation("The Kannada name", productLimits.nameKn),
    kind: z.enum(productKinds, { error: "Choose plant or fertiliser." }),
    price,
    stock,
    /** A checkbox: present ("on") when ticked. */
    active: z.string().transform((value) => value === "on" || value === "true"),
    description: requiredText(
      "The description",
      productLimits.description,
      "Enter a short description.",
    ),
    descriptionHi: translation("The Hindi description", productLimits.descriptionHi),
    descriptionKn: translation("The Kannada description", productLimits.descriptionKn),
    size: optionalText("The pack size", productLimits.size),
    usage: z.string(),
    sunlight: optionalText("Sunlight", productLimits.sunlight),
    sunlightHi: translation("Sunlight (Hindi)", productLimits.sunlightHi),
    sunlightKn: translation("Sunlight (Kannada)", productLimits.sunlightKn),
    watering: optionalText("Watering", productLimits.watering),
    wateringHi: translation("Watering (Hindi)", productLimits.wateringHi),
    wateringKn: translation("Watering (Kannada)", productLimits.wateringKn),
    plantHeight: optionalText("Plant height", productLimits.plantHeight),
    plantHeightHi: translation("Height (Hindi)", productLimits.plantHeightHi),
    plantHeightKn: translation("Height (Kannada)", productLimits.plantHeightKn),
    features,
    featuresHi: translatedFeatures("Features (Hindi)", productLimits.featuresHi),
    featuresKn: translatedFeatures("Features (Kannada)", productLimits.featuresKn),
    imagePath,
    imageAlt: requiredText(
      "The image description",
      productLimits.imageAlt,
      "Describe the image for people who cannot see it.",
    ),
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
      };
    }
    const usage = plantUsages.find((value) => value === input.usage);
    if (!usage) {
      ctx.addIssue({
        code: "custom",
        path: ["usage"],
        message: USAGE_MESSAGE,
      });
      return z.NEVER;
    }
    return { ...input, usage, size: null };
  });

/**
 * The usage message when other fields failed too: zod runs the object-level check only on an
 * otherwise valid form, and every message should show at once.
 */
export function usageProblem(fields: { kind: string; usage: string }): string | null {
  const ok = fields.kind !== "plant" || plantUsages.some((value) => value === fields.usage);
  return ok ? null : USAGE_MESSAGE;
}

/** What the product form saves (money in paise, stock in units). */
export type ProductInput = z.output<typeof productSchema>;

/** Slug of a new product: lower-case words joined by hyphens, unique in the catalogue. */
export const slugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(productLimits.slug, `The web address name can be at most ${productLimits.slug} characters.`)
  .regex(
    /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
    "Use lower-case letters, digits and hyphens, like money-plant.",
  );

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
