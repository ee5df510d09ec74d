/**
 * Site configuration in one typed module (docs/product.md: the operator's name is configuration,
 * default brand 'Scrap & Sprout', pickup call-to-action 'Sell Scrap?').
 * Phone numbers are E.164 for links and spaced for display.
 */
import { BRAND_NAME } from "~/utils/brand";

export interface SocialLink {
  /** Accessible name of the link, e.g. "Chat with us on WhatsApp". */
  label: string;
  network: "whatsapp" | "facebook" | "instagram";
  href: string;
}

export interface SiteConfig {
  brandName: string;
  /** Nav label for /orderpage (spec §2 '{product}?'). */
  pickupCta: string;
  tagline: string;
  phoneDisplay: string;
  phoneE164: string;
  supportEmail: string;
  social: SocialLink[];
  serviceCities: string[];
  /** Minimum scrap for a free pickup, kg (spec §9). */
  minimumPickupKg: number;
}

export const siteConfig: SiteConfig = {
  // Set in app/utils/brand.ts (the staff password rules read it there too).
  brandName: BRAND_NAME,
  pickupCta: "Sell Scrap?",
  tagline: "Turn your scrap into plants, coupons or money.",
  phoneDisplay: "+91 98450 12345",
  phoneE164: "+919845012345",
  supportEmail: "support@scrapandsprout.in",
  social: [
    {
      label: "Chat with us on WhatsApp",
      network: "whatsapp",
      href: "https://wa.me/919845012345",
    },
    {
      label: "Scrap & Sprout on Facebook",
      network: "facebook",
      href: "https://www.facebook.com/scrapandsprout",
    },
    {
      label: "Scrap & Sprout on Instagram",
      network: "instagram",
      href: "https://www.instagram.com/scrapandsprout",
    },
  ],
  serviceCities: ["Bengaluru", "Mysuru", "Hyderabad", "Chennai", "Pune"],
  minimumPickupKg: 15,
};
