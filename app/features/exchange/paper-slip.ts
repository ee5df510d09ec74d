/**
 * The length of a signed paper slip's description staff record when they confirm an
 * organisation's weigh sheet with it (docs/corporate.md "Weigh sheets of organisations"), in
 * characters. Browser-safe.
 */
export const PAPER_SLIP_LENGTH = { min: 3, max: 200 } as const;
