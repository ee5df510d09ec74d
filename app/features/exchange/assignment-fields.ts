/**
 * Limits of the assignment forms (docs/exchange.md "Collectors and the route sheet"), shared by
 * the pickups list page and the server. Browser-safe.
 */

/** The most pickups one bulk assignment may name. */
export const MAX_ASSIGN_PICKUPS = 200;
