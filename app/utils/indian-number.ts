/**
 * Integers in Indian digit grouping (1,23,45,678: the last three digits, then pairs), written
 * without `Intl`, for the amounts and weights every catalogue card and form shows.
 *
 * Why not `Intl.NumberFormat("en-IN")`: the first number formatter a browser page creates
 * loads ICU's number data on the main thread, 15-35 ms on this machine (4x that on a
 * Lighthouse phone), the largest single task of a catalogue page's hydration (docs/budgets.md:
 * TBT ≤ 100 ms; ADR 0021). The rule is fixed by the spec's prices (₹1,500) and en-IN's
 * grouping; money.test.ts and units.test.ts check this module against `Intl` for many values.
 * Browser-safe.
 */

/**
 * A non-negative safe integer in Indian grouping: 999 → "999", 1500 → "1,500",
 * 123456 → "1,23,456", 12345678 → "1,23,45,678".
 * @throws RangeError when `value` is not a non-negative safe integer.
 */
export function groupIndian(value: number): string {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`Not a non-negative integer: ${value}`);
  }
  const digits = String(value);
  if (digits.length <= 3) return digits;
  let head = digits.slice(0, -3);
  const groups = [digits.slice(-3)];
  while (head.length > 2) {
    groups.unshift(head.slice(-2));
    head = head.slice(0, -2);
  }
  groups.unshift(head);
  return groups.join(",");
}

/**
 * An amount counted in integer hundredths or thousandths (paise, grams) as a decimal with
 * Indian grouping: `formatScaled(123456789, 3)` → "1,23,456.789"; trailing zeros of the
 * fraction are dropped, and the point with them, unless `fixed` (then exactly `decimals`
 * digits). A negative amount starts with "-".
 * @throws RangeError when `units` is not a safe integer.
 */
export function formatScaled(
  units: number,
  decimals: 2 | 3,
  { fixed = false }: { fixed?: boolean } = {},
): string {
  if (!Number.isSafeInteger(units)) throw new RangeError(`Not an integer amount: ${units}`);
  const scale = decimals === 2 ? 100 : 1000;
  const magnitude = Math.abs(units);
  const whole = groupIndian(Math.trunc(magnitude / scale));
  let fraction = String(magnitude % scale).padStart(decimals, "0");
  if (!fixed) fraction = fraction.replace(/0+$/, "");
  return `${units < 0 ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`;
}
