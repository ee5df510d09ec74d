/**
 * The scrap rate list of spec §9, in paise per kilogram (₹1/kg = 100 paise/kg).
 * 5 categories, 29 materials; Rough paper and HPP/Water/Oil Cover are ₹0, Beer Bottles ₹0.5.
 */
export interface RateCategorySeed {
  slug: string;
  name: string;
  materials: { name: string; ratePaisePerKg: number }[];
}

export const rateList: RateCategorySeed[] = [
  {
    slug: "paper",
    name: "Paper",
    materials: [
      { name: "Newspaper and books", ratePaisePerKg: 1000 },
      { name: "Carton", ratePaisePerKg: 800 },
      { name: "White papers/Magazines/Copy", ratePaisePerKg: 700 },
      { name: "Tetrapack", ratePaisePerKg: 500 },
      { name: "Plain paper", ratePaisePerKg: 200 },
      { name: "Rough paper", ratePaisePerKg: 0 },
    ],
  },
  {
    slug: "plastic",
    name: "Plastic",
    materials: [
      { name: "Soft", ratePaisePerKg: 600 },
      { name: "Hard", ratePaisePerKg: 100 },
      { name: "Polythene", ratePaisePerKg: 800 },
      { name: "Mix Polythene", ratePaisePerKg: 500 },
      { name: "Plastic jar 15l", ratePaisePerKg: 1000 },
      { name: "Plastic jar 5l", ratePaisePerKg: 500 },
      { name: "HPP/Water/Oil Cover", ratePaisePerKg: 0 },
      { name: "Fiber", ratePaisePerKg: 450 },
    ],
  },
  {
    slug: "metal",
    name: "Metal",
    materials: [
      { name: "Iron", ratePaisePerKg: 2500 },
      { name: "Tin", ratePaisePerKg: 1200 },
      { name: "Aluminium", ratePaisePerKg: 7000 },
      { name: "Steel", ratePaisePerKg: 2200 },
      { name: "Brass", ratePaisePerKg: 25000 },
      { name: "Copper", ratePaisePerKg: 24000 },
      { name: "Oil Tin", ratePaisePerKg: 800 },
      { name: "Casin Aluminium", ratePaisePerKg: 3500 },
      { name: "Beverages can (Aluminium)", ratePaisePerKg: 8000 },
    ],
  },
  {
    slug: "e-waste",
    name: "E-waste",
    materials: [
      { name: "Fridge", ratePaisePerKg: 50000 },
      { name: "Mix E-waste", ratePaisePerKg: 900 },
    ],
  },
  {
    slug: "others",
    name: "Others",
    materials: [
      { name: "Beer Bottles", ratePaisePerKg: 50 },
      { name: "Mix waste", ratePaisePerKg: 300 },
      { name: "Battery", ratePaisePerKg: 7000 },
      { name: "Tyre", ratePaisePerKg: 300 },
    ],
  },
];
