/**
 * The 28 states and 8 union territories of India, for the checkout's State field
 * (docs/shop.md). Names as the Government of India writes them.
 */
export const indianStates = [
  "Andhra Pradesh",
  "Arunachal Pradesh",
  "Assam",
  "Bihar",
  "Chhattisgarh",
  "Goa",
  "Gujarat",
  "Haryana",
  "Himachal Pradesh",
  "Jharkhand",
  "Karnataka",
  "Kerala",
  "Madhya Pradesh",
  "Maharashtra",
  "Manipur",
  "Meghalaya",
  "Mizoram",
  "Nagaland",
  "Odisha",
  "Punjab",
  "Rajasthan",
  "Sikkim",
  "Tamil Nadu",
  "Telangana",
  "Tripura",
  "Uttar Pradesh",
  "Uttarakhand",
  "West Bengal",
  "Andaman and Nicobar Islands",
  "Chandigarh",
  "Dadra and Nagar Haveli and Daman and Diu",
  "Delhi",
  "Jammu and Kashmir",
  "Ladakh",
  "Lakshadweep",
  "Puducherry",
] as const;

export type IndianState = (typeof indianStates)[number];

/**
 * The message id of a state's name (docs/languages.md "What else is per language"): the
 * catalogues hold every state under `state.<slug>`, the slug being the English name in lower
 * case with dashes ("Tamil Nadu" → `state.tamil-nadu`). Orders store the English name; pages
 * show `t(stateMessageId(name))`, and a name not in the list (none is accepted) shows as stored.
 */
export function stateMessageId(name: string): string {
  return `state.${name
    .toLowerCase()
    .replace(/[^a-z]+/g, "-")
    .replace(/^-|-$/g, "")}`;
}
