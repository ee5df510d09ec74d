/**
 * Shapes of the catalogue seed data (spec §3 Plant, Fertiliser; §9 prices).
 * Money is integer paise (₹1 = 100 paise). Images live at
 * `/images/products/<slug>.svg`, drawn by `scripts/generate-product-art.ts`.
 */

/** Where a plant grows well: spec §3 `usage` (indoor, outdoor, or both). */
export type PlantUsage = "indoor" | "outdoor" | "both";

/** Which family of drawing the art generator uses for a product. */
export type ArtShape =
  | "upright" // sword-like upright leaves (snake plant, lemongrass)
  | "broadleaf" // large round/oval leaves (rubber plant, peace lily)
  | "trailing" // vine spilling over the pot (money plant, string of pearls)
  | "rosette" // succulent rosette (aloe, echeveria)
  | "shrub" // bushy shrub, optionally flowering (hibiscus, jasmine)
  | "palm" // fronds (areca palm)
  | "herb" // small-leaved herb (tulsi, mint)
  | "bag" // fertiliser sack
  | "bottle"; // liquid fertiliser bottle

export interface ProductArt {
  shape: ArtShape;
  /** Main leaf (or bag/bottle body) colour, CSS hex like "#2f7d32". */
  leaf: string;
  /** Optional flower or label colour, CSS hex. */
  accent?: string;
}

export interface PlantSeed {
  /** URL-safe unique id, kebab-case, e.g. "money-plant". */
  slug: string;
  name: string;
  /** Price in paise; 5000 to 31000 (₹50 to ₹310, spec §9). */
  pricePaise: number;
  /** One or two honest sentences a nursery would say. */
  description: string;
  /** e.g. "Bright indirect light". */
  sunlight: string;
  /** e.g. "Once a week; let the topsoil dry". */
  watering: string;
  /** Two to four short features, e.g. ["Air purifying", "Low maintenance"]. */
  features: string[];
  usage: PlantUsage;
  /** Optional height of the plant as sold, e.g. "30–40 cm". */
  plantHeight?: string;
  /** Units in stock at seed time. */
  stock: number;
  art: ProductArt;
}

export interface FertiliserSeed {
  slug: string;
  name: string;
  /** Pack size exactly as in spec §9, e.g. "1kg", "500ml". */
  size: string;
  pricePaise: number;
  description: string;
  stock: number;
  art: ProductArt;
  /** HSN code for bills (docs/tax.md), e.g. "3101" organic manure, "3808" a pest spray. */
  hsnCode: string;
  /** GST in basis points for this pack as sold (pre-packaged and labelled): 500 = 5 %. */
  gstRateBp: number;
}
