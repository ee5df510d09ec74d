/**
 * A cheap arbitrary for over-long form fields: a random string of 1–64 characters repeated to a
 * random length in [minLength, maxLength] (characters, UTF-16 units). Same purpose as
 * `fc.string({ minLength, maxLength })` at those lengths — a field far over its limit — at a
 * fraction of the cost: fast-check builds such a string character by character (about 80 ms for
 * 100,000 characters), which made the fuzz suites spend most of their time generating input.
 */
import fc from "fast-check";

export function longString(minLength: number, maxLength: number): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.string({ minLength: 1, maxLength: 64 }),
      fc.integer({ min: minLength, max: maxLength }),
    )
    .map(([unit, length]) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length));
}
