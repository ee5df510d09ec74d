/**
 * Limits of the packing slips (docs/dashboard.md "Packing slips", ADR 0035) without server
 * code, for the orders list's form and the slip pages' loader.
 */

/** The most slips one request prints: one page of the orders list (50 rows). */
export const MAX_PACKING_SLIPS = 50;
