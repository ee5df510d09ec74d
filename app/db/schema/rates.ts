/**
 * Scrap rate list (spec §9): categories and materials with a rate in paise per kilogram.
 * Beer Bottles at ₹0.5/kg is 50 paise/kg. A retired material keeps its row (active = false)
 * so old pickups still point at it.
 */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
} from "drizzle-orm/pg-core";

export const scrapCategories = pgTable("scrap_categories", {
  id: serial("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  /** Hindi and Kannada names (docs/languages.md); '' shows the English one. */
  nameHi: text("name_hi").notNull().default(""),
  nameKn: text("name_kn").notNull().default(""),
  sortOrder: integer("sort_order").notNull().default(0),
});

export const scrapMaterials = pgTable(
  "scrap_materials",
  {
    id: serial("id").primaryKey(),
    categoryId: integer("category_id")
      .notNull()
      .references(() => scrapCategories.id),
    name: text("name").notNull(),
    /** Hindi and Kannada names (docs/languages.md); '' shows the English one. */
    nameHi: text("name_hi").notNull().default(""),
    nameKn: text("name_kn").notNull().default(""),
    ratePaisePerKg: integer("rate_paise_per_kg").notNull(),
    active: boolean("active").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique("scrap_materials_category_name_unique").on(t.categoryId, t.name),
    check("scrap_materials_rate_nonnegative", sql`${t.ratePaisePerKg} >= 0`),
    index("scrap_materials_category_idx").on(t.categoryId, t.active, t.sortOrder),
  ],
);

export type ScrapCategory = typeof scrapCategories.$inferSelect;
export type ScrapMaterial = typeof scrapMaterials.$inferSelect;
