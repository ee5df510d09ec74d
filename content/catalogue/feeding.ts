import type { FeedGroup } from "../../app/db/schema/catalogue";

/**
 * What to feed which plant (docs/shop.md "What to feed this plant"): each seeded plant's feeding
 * group, and each seeded fertiliser's care guidance (what it is for, how much, how often; in
 * English, Hindi and Kannada) with the groups it fits. The seed writes them into products that
 * have none yet (app/db/seed.server.ts); staff edit them on the product's page afterwards.
 *
 * Doses follow the packs' own labels as the shop sells them: vermicompost at about a handful
 * (50–100 g) a 15 cm pot a month, neem-oil sprays at 5 ml a litre, in the evening.
 */
export const plantFeedGroups: Readonly<Record<string, FeedGroup>> = {
  "snake-plant": "foliage",
  "rubber-plant": "foliage",
  "zz-plant": "foliage",
  "spider-plant": "foliage",
  syngonium: "foliage",
  "heartleaf-philodendron": "foliage",
  "lucky-bamboo": "foliage",
  "boston-fern": "foliage",
  aglaonema: "foliage",
  "money-plant": "foliage",
  "areca-palm": "foliage",
  croton: "foliage",
  "inch-plant": "foliage",
  "song-of-india": "foliage",
  "peace-lily": "flowering",
  anthurium: "flowering",
  hibiscus: "flowering",
  mogra: "flowering",
  bougainvillea: "flowering",
  marigold: "flowering",
  "desi-rose": "flowering",
  periwinkle: "flowering",
  ixora: "flowering",
  portulaca: "flowering",
  "string-of-pearls": "succulent",
  adenium: "succulent",
  "aloe-vera": "succulent",
  "jade-plant": "succulent",
  echeveria: "succulent",
  haworthia: "succulent",
  "curry-leaf": "edible",
  lemongrass: "edible",
  tulsi: "edible",
  mint: "edible",
  ajwain: "edible",
};

/** One text of care guidance in the three languages. */
interface CareText {
  en: string;
  hi: string;
  kn: string;
}

/** A fertiliser's care guidance and the feeding groups it fits. */
export interface SupplyCare {
  fits: readonly FeedGroup[];
  use: CareText;
  amount: CareText;
  frequency: CareText;
}

const ALL_GROUPS: readonly FeedGroup[] = ["foliage", "flowering", "succulent", "edible"];

const vermicompostPot: SupplyCare = {
  fits: ALL_GROUPS,
  use: {
    en: "Slow, gentle food for the soil of any plant: stronger roots and steady growth.",
    hi: "किसी भी पौधे की मिट्टी के लिए धीमा, हल्का पोषण: मज़बूत जड़ें और लगातार बढ़त।",
    kn: "ಯಾವುದೇ ಗಿಡದ ಮಣ್ಣಿಗೆ ನಿಧಾನ, ಸೌಮ್ಯ ಪೋಷಣೆ: ಗಟ್ಟಿಯಾದ ಬೇರುಗಳು ಮತ್ತು ಸ್ಥಿರ ಬೆಳವಣಿಗೆ.",
  },
  amount: {
    en: "A handful (50–100\u00a0g) for a 15\u00a0cm pot, mixed into the topsoil; half that for cacti and succulents.",
    hi: "15\u00a0सेमी गमले में एक मुट्ठी (50–100\u00a0ग्राम), ऊपर की मिट्टी में मिलाकर; कैक्टस और रसीले पौधों को इसका आधा।",
    kn: "15\u00a0ಸೆಂ.ಮೀ. ಕುಂಡಕ್ಕೆ ಒಂದು ಹಿಡಿ (50–100\u00a0ಗ್ರಾಂ), ಮೇಲ್ಮಣ್ಣಿನಲ್ಲಿ ಬೆರೆಸಿ; ಕಳ್ಳಿ ಮತ್ತು ರಸಭರಿತ ಗಿಡಗಳಿಗೆ ಅದರ ಅರ್ಧ.",
  },
  frequency: {
    en: "Once a month; every two months for cacti and succulents.",
    hi: "महीने में एक बार; कैक्टस और रसीले पौधों को हर दो महीने में।",
    kn: "ತಿಂಗಳಿಗೊಮ್ಮೆ; ಕಳ್ಳಿ ಮತ್ತು ರಸಭರಿತ ಗಿಡಗಳಿಗೆ ಎರಡು ತಿಂಗಳಿಗೊಮ್ಮೆ.",
  },
};

const pottingMix: SupplyCare = {
  fits: ALL_GROUPS,
  use: {
    en: "A ready potting mix for new plants and for repotting.",
    hi: "नए पौधे लगाने और गमला बदलने के लिए तैयार मिश्रण।",
    kn: "ಹೊಸ ಗಿಡ ನೆಡಲು ಮತ್ತು ಕುಂಡ ಬದಲಿಸಲು ಸಿದ್ಧ ಮಿಶ್ರಣ.",
  },
  amount: {
    en: "Fill the pot with it, or mix one part with two parts of garden soil.",
    hi: "गमले को इससे भरें, या एक भाग को दो भाग बगीचे की मिट्टी में मिलाएँ।",
    kn: "ಕುಂಡವನ್ನು ಇದರಿಂದ ತುಂಬಿಸಿ, ಅಥವಾ ಒಂದು ಭಾಗವನ್ನು ಎರಡು ಭಾಗ ತೋಟದ ಮಣ್ಣಿನೊಂದಿಗೆ ಬೆರೆಸಿ.",
  },
  frequency: {
    en: "When potting, and when repotting once a year.",
    hi: "पौधा लगाते समय, और साल में एक बार गमला बदलते समय।",
    kn: "ಗಿಡ ನೆಡುವಾಗ, ಮತ್ತು ವರ್ಷಕ್ಕೊಮ್ಮೆ ಕುಂಡ ಬದಲಿಸುವಾಗ.",
  },
};

/** Care guidance of the seeded fertilisers, by slug. */
export const supplyCare: Readonly<Record<string, SupplyCare>> = {
  "vermicompost-1kg": vermicompostPot,
  "vermicompost-5kg": vermicompostPot,
  "vermicompost-40kg": {
    fits: ALL_GROUPS,
    use: {
      en: "Enriches garden beds, lawns and large planters before planting.",
      hi: "पौधे लगाने से पहले क्यारियों, लॉन और बड़े गमलों की मिट्टी को उपजाऊ बनाता है।",
      kn: "ನೆಡುವ ಮೊದಲು ಮಡಿಗಳು, ಹುಲ್ಲುಹಾಸು ಮತ್ತು ದೊಡ್ಡ ಕುಂಡಗಳ ಮಣ್ಣನ್ನು ಫಲವತ್ತಾಗಿಸುತ್ತದೆ.",
    },
    amount: {
      en: "1–2\u00a0kg a square metre dug into the bed; then 250\u00a0g around each plant.",
      hi: "क्यारी में प्रति वर्ग मीटर 1–2\u00a0किलो मिलाएँ; फिर हर पौधे के चारों ओर 250\u00a0ग्राम।",
      kn: "ಮಡಿಯಲ್ಲಿ ಪ್ರತಿ ಚದರ ಮೀಟರ್‌ಗೆ 1–2\u00a0ಕೆ.ಜಿ. ಬೆರೆಸಿ; ನಂತರ ಪ್ರತಿ ಗಿಡದ ಸುತ್ತ 250\u00a0ಗ್ರಾಂ.",
    },
    frequency: {
      en: "Before each planting season, then every two months.",
      hi: "हर रोपाई के मौसम से पहले, फिर हर दो महीने में।",
      kn: "ಪ್ರತಿ ನಾಟಿ ಋತುವಿನ ಮೊದಲು, ನಂತರ ಎರಡು ತಿಂಗಳಿಗೊಮ್ಮೆ.",
    },
  },
  "vermicompost-mixture-1kg": pottingMix,
  "vermicompost-mixture-5kg": pottingMix,
  "dec-neemo-500ml": {
    fits: ["foliage", "flowering", "edible"],
    use: {
      en: "Keeps aphids, mealybugs and whiteflies away from leaves and buds.",
      hi: "पत्तियों और कलियों से माहू, मिलीबग और सफ़ेद मक्खी को दूर रखता है।",
      kn: "ಎಲೆ ಮತ್ತು ಮೊಗ್ಗುಗಳಿಂದ ಹೇನು, ಹಿಟ್ಟುತಿಗಣೆ ಮತ್ತು ಬಿಳಿನೊಣಗಳನ್ನು ದೂರವಿಡುತ್ತದೆ.",
    },
    amount: {
      en: "5\u00a0ml in 1\u00a0litre of water; spray both sides of the leaves, in the evening.",
      hi: "1\u00a0लीटर पानी में 5\u00a0मिली; शाम को पत्तियों के दोनों ओर छिड़कें।",
      kn: "1\u00a0ಲೀಟರ್ ನೀರಿಗೆ 5\u00a0ಮಿ.ಲೀ.; ಸಂಜೆ ಎಲೆಗಳ ಎರಡೂ ಬದಿಗೆ ಸಿಂಪಡಿಸಿ.",
    },
    frequency: {
      en: "Every 7–10 days while pests are seen; once a month to prevent them.",
      hi: "कीट दिखने तक हर 7–10 दिन में; बचाव के लिए महीने में एक बार।",
      kn: "ಕೀಟಗಳು ಕಾಣುವವರೆಗೆ 7–10 ದಿನಗಳಿಗೊಮ್ಮೆ; ತಡೆಗಟ್ಟಲು ತಿಂಗಳಿಗೊಮ್ಮೆ.",
    },
  },
  "dec-mori-500ml": {
    fits: ["foliage", "flowering", "edible"],
    use: {
      en: "A liquid tonic for stronger roots and greener leaves.",
      hi: "मज़बूत जड़ों और हरी पत्तियों के लिए तरल टॉनिक।",
      kn: "ಗಟ್ಟಿ ಬೇರು ಮತ್ತು ಹಸಿರು ಎಲೆಗಳಿಗೆ ದ್ರವ ಟಾನಿಕ್.",
    },
    amount: {
      en: "10\u00a0ml in 1\u00a0litre of water, poured at the roots.",
      hi: "1\u00a0लीटर पानी में 10\u00a0मिली, जड़ों में डालें।",
      kn: "1\u00a0ಲೀಟರ್ ನೀರಿಗೆ 10\u00a0ಮಿ.ಲೀ., ಬೇರುಗಳಿಗೆ ಹಾಕಿ.",
    },
    frequency: {
      en: "Every two weeks.",
      hi: "हर दो हफ़्ते में।",
      kn: "ಎರಡು ವಾರಗಳಿಗೊಮ್ಮೆ.",
    },
  },
  "agni-shield-250ml": {
    fits: ["flowering", "edible"],
    use: {
      en: "Repels chewing and sucking insects from leafy vegetables and flowering plants.",
      hi: "पत्तेदार सब्ज़ियों और फूल वाले पौधों से पत्ते खाने और रस चूसने वाले कीड़ों को भगाता है।",
      kn: "ಸೊಪ್ಪು ತರಕಾರಿ ಮತ್ತು ಹೂಬಿಡುವ ಗಿಡಗಳಿಂದ ಎಲೆ ತಿನ್ನುವ ಮತ್ತು ರಸ ಹೀರುವ ಕೀಟಗಳನ್ನು ಓಡಿಸುತ್ತದೆ.",
    },
    amount: {
      en: "5\u00a0ml in 1\u00a0litre of water, sprayed on the leaves.",
      hi: "1\u00a0लीटर पानी में 5\u00a0मिली, पत्तियों पर छिड़कें।",
      kn: "1\u00a0ಲೀಟರ್ ನೀರಿಗೆ 5\u00a0ಮಿ.ಲೀ., ಎಲೆಗಳ ಮೇಲೆ ಸಿಂಪಡಿಸಿ.",
    },
    frequency: {
      en: "Once a week while pests are seen, and again after rain.",
      hi: "कीट दिखने तक हफ़्ते में एक बार, और बारिश के बाद फिर से।",
      kn: "ಕೀಟಗಳು ಕಾಣುವವರೆಗೆ ವಾರಕ್ಕೊಮ್ಮೆ, ಮತ್ತು ಮಳೆಯ ನಂತರ ಮತ್ತೆ.",
    },
  },
};
