import type { FertiliserSeed } from "./types";

/**
 * The 8 fertilisers of spec §9: names, pack sizes and prices exactly as specified. GST as
 * docs/tax.md reads the rates in force from 22 September 2025, for packs that are pre-packaged
 * and labelled (loose organic manure would be nil): organic manure 3101 and neem-based
 * bio-pesticide 3808 at 5 %; the chilli-garlic repellent is not a listed bio-pesticide.
 */
export const fertilisers: FertiliserSeed[] = [
  {
    slug: "vermicompost-1kg",
    name: "Vermicompost",
    size: "1kg",
    pricePaise: 8000,
    description:
      "Earthworm-digested organic manure for pots and kitchen gardens. Mix a handful into the topsoil every month.",
    stock: 60,
    art: { shape: "bag", leaf: "#6d4c2f", accent: "#9ccc65" },
    hsnCode: "3101",
    gstRateBp: 500,
  },
  {
    slug: "vermicompost-5kg",
    name: "Vermicompost",
    size: "5kg",
    pricePaise: 25000,
    description:
      "The same earthworm compost in a larger pack for terrace gardens and repotting several plants.",
    stock: 40,
    art: { shape: "bag", leaf: "#5d4037", accent: "#9ccc65" },
    hsnCode: "3101",
    gstRateBp: 500,
  },
  {
    slug: "vermicompost-40kg",
    name: "Vermicompost",
    size: "40kg",
    pricePaise: 150000,
    description:
      "A bulk sack for lawns, farms and housing-society gardens. Enough to enrich a large bed before planting.",
    stock: 10,
    art: { shape: "bag", leaf: "#4e342e", accent: "#9ccc65" },
    hsnCode: "3101",
    gstRateBp: 500,
  },
  {
    slug: "vermicompost-mixture-1kg",
    name: "Vermicompost Mixture",
    size: "1kg",
    pricePaise: 15000,
    description:
      "Vermicompost blended with cocopeat and neem cake: a ready potting mix for new plants.",
    stock: 50,
    art: { shape: "bag", leaf: "#795548", accent: "#ffb74d" },
    hsnCode: "3101",
    gstRateBp: 500,
  },
  {
    slug: "vermicompost-mixture-5kg",
    name: "Vermicompost Mixture",
    size: "5kg",
    pricePaise: 45000,
    description:
      "The ready potting mix in a larger pack, for filling several pots or a raised bed.",
    stock: 30,
    art: { shape: "bag", leaf: "#6d4c41", accent: "#ffb74d" },
    hsnCode: "3101",
    gstRateBp: 500,
  },
  {
    slug: "dec-neemo-500ml",
    name: "Dec-Neemo",
    size: "500ml",
    pricePaise: 15000,
    description:
      "A neem-oil based spray that keeps aphids, mealybugs and whiteflies away. Dilute before use.",
    stock: 45,
    art: { shape: "bottle", leaf: "#558b2f", accent: "#f1f8e9" },
    // neem-based: one of the twelve bio-pesticides at 5 %
    hsnCode: "3808",
    gstRateBp: 500,
  },
  {
    slug: "dec-mori-500ml",
    name: "Dec-Mori",
    size: "500ml",
    pricePaise: 17000,
    description:
      "A liquid plant tonic for stronger roots and greener leaves. Dilute and water in every two weeks.",
    stock: 45,
    art: { shape: "bottle", leaf: "#00796b", accent: "#e0f2f1" },
    // an organic liquid tonic: organic fertiliser, pre-packaged and labelled
    hsnCode: "3101",
    gstRateBp: 500,
  },
  {
    slug: "agni-shield-250ml",
    name: "Agni Shield",
    size: "250ml",
    pricePaise: 25000,
    description:
      "An organic pest repellent made from chilli, garlic and ginger extracts, for leafy vegetables and flowering plants.",
    stock: 35,
    art: { shape: "bottle", leaf: "#c62828", accent: "#ffebee" },
    // chilli, garlic and ginger: not one of the twelve listed bio-pesticides, so 3808 at 18 % until the CA says otherwise
    hsnCode: "3808",
    gstRateBp: 1800,
  },
];
