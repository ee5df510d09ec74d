/**
 * How long after delivery a customer may report a damaged plant (docs/claims.md): until the end
 * of the `days`-th calendar day after the day of delivery, in Asia/Kolkata ("within 7 days of
 * delivery": delivered on the 3rd, a claim is taken until the 10th, 23:59). Browser-safe.
 */
import { addDays, kolkataInstant, todayInKolkata } from "~/utils/dates";

/** The default window in days (CLAIM_DAYS overrides it). */
export const DEFAULT_CLAIM_DAYS = 7;

/** The instant the window of an order delivered at `deliveredAt` closes (exclusive). */
export function claimWindowEnd(deliveredAt: Date, days: number): Date {
  if (!Number.isInteger(days) || days < 0) throw new RangeError(`days must be ≥ 0, got ${days}`);
  return kolkataInstant(addDays(todayInKolkata(deliveredAt), days + 1), "00:00");
}
