/**
 * GSTIN checks (docs/tax.md "GSTIN"): the shop's own in its settings and a business buyer's at
 * checkout. A GSTIN is 15 characters: the 2-digit GST state code, the holder's 10-character PAN,
 * an entity number (1–9, then A–Z), the letter Z, and a check character computed from the first
 * 14 (`gstinCheckCharacter`). Browser-safe; no network: whether the GSTIN is registered and
 * active is the GST portal's to say, not ours.
 */
import type { IndianState } from "./indian-states";

/**
 * The GST state codes in use, with the state or union territory each stands for (the GST
 * portal's list; Andhra Pradesh is 37 since GST began, 28 being its code before 2014; Dadra and
 * Nagar Haveli and Daman and Diu is 26 since their merger in 2020). 97 and 99 are the portal's
 * "Other Territory" and "Centre Jurisdiction", which have no delivery state.
 */
export const gstStateCodes: Readonly<Record<string, IndianState | null>> = {
  "01": "Jammu and Kashmir",
  "02": "Himachal Pradesh",
  "03": "Punjab",
  "04": "Chandigarh",
  "05": "Uttarakhand",
  "06": "Haryana",
  "07": "Delhi",
  "08": "Rajasthan",
  "09": "Uttar Pradesh",
  "10": "Bihar",
  "11": "Sikkim",
  "12": "Arunachal Pradesh",
  "13": "Nagaland",
  "14": "Manipur",
  "15": "Mizoram",
  "16": "Tripura",
  "17": "Meghalaya",
  "18": "Assam",
  "19": "West Bengal",
  "20": "Jharkhand",
  "21": "Odisha",
  "22": "Chhattisgarh",
  "23": "Madhya Pradesh",
  "24": "Gujarat",
  "26": "Dadra and Nagar Haveli and Daman and Diu",
  "27": "Maharashtra",
  "29": "Karnataka",
  "30": "Goa",
  "31": "Lakshadweep",
  "32": "Kerala",
  "33": "Tamil Nadu",
  "34": "Puducherry",
  "35": "Andaman and Nicobar Islands",
  "36": "Telangana",
  "37": "Andhra Pradesh",
  "38": "Ladakh",
  "97": null,
  "99": null,
};

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const FORMAT = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/**
 * The 15th character of a GSTIN from its first 14: each character's value (0–9, A=10 … Z=35)
 * times 1 or 2 alternately from the left, each product's quotient and remainder by 36 added up,
 * and (36 − sum mod 36) mod 36 written back as a character (the Luhn mod 36 scheme the GST
 * network uses).
 * @throws RangeError when `first14` is not 14 characters of 0–9 and A–Z.
 */
export function gstinCheckCharacter(first14: string): string {
  if (!/^[0-9A-Z]{14}$/.test(first14)) {
    throw new RangeError(`expected 14 characters 0-9/A-Z, got "${first14}"`);
  }
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = ALPHABET.indexOf(first14.charAt(i)) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return ALPHABET.charAt((36 - (sum % 36)) % 36);
}

/** Why a typed GSTIN is refused: its form, its check character, or an unknown state code. */
export type GstinProblem = "format" | "checksum" | "stateCode";

export type GstinCheck =
  | { ok: true; gstin: string; stateCode: string; state: IndianState | null; pan: string }
  | { ok: false; problem: GstinProblem };

/**
 * Checks a GSTIN as typed: spaces and hyphens dropped, letters upper-cased; then its form, its
 * state code (one of `gstStateCodes`) and its check character, in that order.
 */
export function checkGstin(typed: string): GstinCheck {
  const gstin = typed.replace(/[\s-]/g, "").toUpperCase();
  if (!FORMAT.test(gstin)) return { ok: false, problem: "format" };
  const stateCode = gstin.slice(0, 2);
  if (!(stateCode in gstStateCodes)) return { ok: false, problem: "stateCode" };
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin.charAt(14)) {
    return { ok: false, problem: "checksum" };
  }
  return {
    ok: true,
    gstin,
    stateCode,
    state: gstStateCodes[stateCode] ?? null,
    pan: gstin.slice(2, 12),
  };
}
