/**
 * A bill's total in words, as Indian bills print it (docs/tax.md; the amount in words is the
 * trade's habit and many CAs ask for it, rule 46 does not): "One Lakh Twenty Five Thousand Fifty
 * Rupees And Fifty Paise Only". Indian grouping (thousand, lakh, crore) by the `to-words` library
 * (locale en-IN); bills are in English.
 */
import { ToWords } from "to-words";

const words = new ToWords({ localeCode: "en-IN", converterOptions: { currency: true } });

/**
 * `paise` (an integer ≥ 0) in words with rupees and paise.
 * @throws RangeError for a value that is not whole paise ≥ 0.
 */
export function amountInWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) {
    throw new RangeError(`paise must be a whole number ≥ 0, got ${paise}`);
  }
  // Rupees and paise as a decimal with exactly two places: the library reads its digits.
  return words.convert(
    Number(`${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, "0")}`),
  );
}
