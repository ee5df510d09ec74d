/**
 * Money display (DESIGN §2 "Money"): amounts are integer paise; shown in en-IN rupees.
 * Whole rupees print without decimals (₹80, ₹1,500); fractions with two (₹0.50, ₹4.50).
 */
const whole = new Intl.NumberFormat("en-IN", {
  style: "currency",
  currency: "INR",
  maximumFractionDigits: 0,
});
const fractional = new Intl.NumberFormat("en-IN", {
  style: "currency",
  currency: "INR",
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/**
 * Formats integer paise as rupees, e.g. 150000 → "₹1,500", 50 → "₹0.50".
 * @throws RangeError when `paise` is not a safe integer.
 */
export function formatPaise(paise: number): string {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`Not an amount in paise: ${paise}`);
  return paise % 100 === 0 ? whole.format(paise / 100) : fractional.format(paise / 100);
}
