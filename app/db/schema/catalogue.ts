/**
 * Catalogue tables: plants and fertilisers sold through the cart (spec §3 Plant, Fertiliser).
 * Money is integer paise. Stock is a unit count that never goes negative.
 */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { bytea } from "./bytea";

export const productKinds = ["plant", "fertiliser"] as const;
export type ProductKind = (typeof productKinds)[number];

export const plantUsages = ["indoor", "outdoor", "both"] as const;
export type PlantUsage = (typeof plantUsages)[number];

/**
 * How a plant is fed (docs/shop.md "What to feed this plant"): leafy foliage plants, flowering
 * plants, cacti and succulents, herbs and edible plants. A plant has one; a supply lists the
 * groups it fits.
 */
export const feedGroups = ["foliage", "flowering", "succulent", "edible"] as const;
export type FeedGroup = (typeof feedGroups)[number];

export const products = pgTable(
  "products",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    kind: text("kind", { enum: productKinds }).notNull(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    /** Hindi and Kannada name and description (docs/languages.md); '' shows the English one. */
    nameHi: text("name_hi").notNull().default(""),
    nameKn: text("name_kn").notNull().default(""),
    descriptionHi: text("description_hi").notNull().default(""),
    descriptionKn: text("description_kn").notNull().default(""),
    /** Fertiliser pack size as written in spec §9 ("1kg", "500ml"); null for plants. */
    size: text("size"),
    pricePaise: integer("price_paise").notNull(),
    stock: integer("stock").notNull().default(0),
    active: boolean("active").notNull().default(true),
    imagePath: text("image_path").notNull(),
    imageAlt: text("image_alt").notNull(),
    /** Plant fields; null for fertilisers. */
    sunlight: text("sunlight"),
    watering: text("watering"),
    features: text("features").array().notNull().default(sql`'{}'::text[]`),
    usage: text("usage", { enum: plantUsages }),
    plantHeight: text("plant_height"),
    /**
     * Hindi and Kannada care details (docs/languages.md); '' (or an empty list) shows the English
     * one. Not null, unlike the English ones: a fertiliser simply keeps them empty.
     */
    sunlightHi: text("sunlight_hi").notNull().default(""),
    sunlightKn: text("sunlight_kn").notNull().default(""),
    wateringHi: text("watering_hi").notNull().default(""),
    wateringKn: text("watering_kn").notNull().default(""),
    plantHeightHi: text("plant_height_hi").notNull().default(""),
    plantHeightKn: text("plant_height_kn").notNull().default(""),
    featuresHi: text("features_hi").array().notNull().default(sql`'{}'::text[]`),
    featuresKn: text("features_kn").array().notNull().default(sql`'{}'::text[]`),
    sortOrder: integer("sort_order").notNull().default(0),
    /**
     * GST (docs/tax.md "What we sell and its rate"): the HSN code printed on bills (4, 6 or 8
     * digits; '' until staff set one) and the rate in basis points (0 nil, 500 = 5 %).
     */
    hsnCode: text("hsn_code").notNull().default(""),
    gstRateBp: integer("gst_rate_bp").notNull().default(0),
    /**
     * docs/shop.md "What to feed this plant": a plant's feeding group (null for fertilisers, and
     * for a plant saved before groups existed until the seed fills it) and the groups a
     * fertiliser fits (null: never set, so the seed may fill it; an empty list: fits none).
     */
    feedGroup: text("feed_group", { enum: feedGroups }),
    fitsGroups: text("fits_groups").array(),
    /**
     * A fertiliser's care guidance: what it is for, how much, how often. The English ones are
     * null until first set (by the seed or the form; '' is "none"), null for plants; the Hindi
     * and Kannada ones '' show the English.
     */
    careUse: text("care_use"),
    careAmount: text("care_amount"),
    careFrequency: text("care_frequency"),
    careUseHi: text("care_use_hi").notNull().default(""),
    careUseKn: text("care_use_kn").notNull().default(""),
    careAmountHi: text("care_amount_hi").notNull().default(""),
    careAmountKn: text("care_amount_kn").notNull().default(""),
    careFrequencyHi: text("care_frequency_hi").notNull().default(""),
    careFrequencyKn: text("care_frequency_kn").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("products_price_nonnegative", sql`${t.pricePaise} >= 0`),
    check("products_stock_nonnegative", sql`${t.stock} >= 0`),
    check("products_kind_valid", sql`${t.kind} in ('plant', 'fertiliser')`),
    check(
      "products_usage_valid",
      sql`${t.usage} is null or ${t.usage} in ('indoor', 'outdoor', 'both')`,
    ),
    check("products_hsn_code_format", sql`${t.hsnCode} ~ '^([0-9]{4}|[0-9]{6}|[0-9]{8})?$'`),
    check("products_gst_rate_range", sql`${t.gstRateBp} between 0 and 4000`),
    check(
      "products_feed_group_valid",
      sql`${t.feedGroup} is null or ${t.feedGroup} in ('foliage', 'flowering', 'succulent', 'edible')`,
    ),
    check(
      "products_fits_groups_valid",
      sql`${t.fitsGroups} is null or ${t.fitsGroups} <@ array['foliage', 'flowering', 'succulent', 'edible']::text[]`,
    ),
    index("products_kind_active_sort_idx").on(t.kind, t.active, t.sortOrder),
  ],
);

export type Product = typeof products.$inferSelect;

/**
 * Photos of a product uploaded by staff (docs/uploads.md "Product photos"): the catalogue shows
 * the first by `position` in a `<picture>`, with the drawn art (`image_path`) as the fallback
 * when there is none. Width and height are the stored photo's, for the page's layout.
 */
export const productPhotos = pgTable(
  "product_photos",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** Order on the product's page; 0 first. */
    position: integer("position").notNull().default(0),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("product_photos_size_positive", sql`${t.width} > 0 and ${t.height} > 0`),
    index("product_photos_product_idx").on(t.productId, t.position),
  ],
);

/** The files of a product photo: AVIF, WebP and JPEG at up to three widths, no metadata. */
export const productPhotoFiles = pgTable(
  "product_photo_files",
  {
    photoId: integer("photo_id")
      .notNull()
      .references(() => productPhotos.id, { onDelete: "cascade" }),
    format: text("format", { enum: ["avif", "webp", "jpeg"] }).notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    data: bytea("data").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.photoId, t.format, t.width] }),
    check("product_photo_files_format_valid", sql`${t.format} in ('avif', 'webp', 'jpeg')`),
  ],
);
